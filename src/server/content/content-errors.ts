/** A content file that cannot be imported, with every problem found in it. */
export class ContentFileError extends Error {
  /**
   * `lines[i]` is the line of `problems[i]` when it is known: such a problem reads
   * `file:line: problem`, as compilers write it, one per line.
   */
  constructor(
    readonly file: string,
    readonly problems: string[],
    readonly lines: (number | undefined)[] = [],
  ) {
    super(
      lines.some((line) => line !== undefined)
        ? problems
            .map((problem, i) => `${file}${lines[i] ? `:${lines[i]}` : ''}: ${problem}`)
            .join('\n  ')
        : `${file}: ${problems.join('; ')}`,
    );
  }

  /**
   * A symbolic link in the content folder. An import reads only what is inside the folder: a
   * link may point anywhere (a key, a private note) and the import would publish it.
   */
  static symbolicLink(file: string, what: 'file' | 'folder' = 'file'): ContentFileError {
    return new ContentFileError(file, [
      `is a symbolic link; copy the ${what} into the content folder instead`,
    ]);
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
