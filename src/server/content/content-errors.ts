/** A content file that cannot be imported, with every problem found in it. */
export class ContentFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
  }
}

/** Every bad file of an import, each with its problems; nothing was written. */
export class ImportError extends Error {
  constructor(readonly failures: ContentFileError[]) {
    super(
      `Import refused, nothing was written: ${failures.length} file(s) with problems\n` +
        failures.map((f) => `  ${f.message}`).join('\n'),
    );
  }
}
