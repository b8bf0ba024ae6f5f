import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document } from 'yaml';

/** A YAML mistake where the writer can find it: the line, the column and the line's text. */
export class YamlSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly reason: string,
    readonly lineText: string,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
  }

  /** The problem in words, ending on the quoted line (never on a colon). */
  describe(what: string): string {
    const quoted = this.lineText.trim().slice(0, 120);
    return (
      `${what} is not valid YAML at column ${this.column} (${this.reason})` +
      (quoted ? `; the line reads ${JSON.stringify(quoted)}` : '')
    );
  }
}

/** Parsed YAML that still knows where each field was written. */
export interface YamlSource {
  data: unknown;
  /** The 1-based line of a field (its key when `key`, else its value), or undefined. */
  lineOf(path: readonly (string | number)[], part?: 'key' | 'value'): number | undefined;
}

/** `yaml`'s message without its own "at line …, column …:" tail and code excerpt. */
function reasonOf(message: string): string {
  const first = message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return first.charAt(0).toLowerCase() + first.slice(1);
}

/** The text of a line, or the nearest written line above it when it is blank. */
function lineTextAt(text: string, line: number): { line: number; text: string } {
  const lines = text.split('\n');
  for (let n = Math.min(line, lines.length); n >= 1; n--) {
    const candidate = lines[n - 1]!.replace(/\r$/, '');
    if (candidate.trim() !== '') return { line: n, text: candidate };
  }
  return { line, text: '' };
}

/**
 * Parses YAML as `yaml`'s `parse` does (an empty document is undefined), keeping the positions.
 * Throws YamlSyntaxError for the first error.
 */
export function parseYamlSource(text: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0] ?? { line: 1, col: 1 };
    const quoted = lineTextAt(text, at.line);
    throw new YamlSyntaxError(
      at.line,
      quoted.line === at.line ? at.col : 1,
      reasonOf(error.message),
      quoted.text,
    );
  }
  return {
    data: doc.toJS({ maxAliasCount: 100 }) as unknown,
    lineOf: (path, part = 'value') => lineOf(doc, lineCounter, path, part),
  };
}

function lineOf(
  doc: Document,
  lineCounter: LineCounter,
  path: readonly (string | number)[],
  part: 'key' | 'value',
): number | undefined {
  const startLine = (offset: number | undefined) =>
    offset === undefined ? undefined : lineCounter.linePos(offset).line;
  if (part === 'key' && path.length > 0) {
    const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
    if (isMap(parent)) {
      const name = String(path.at(-1));
      const pair = parent.items.find(
        (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === name,
      );
      if (pair && isScalar(pair.key)) return startLine(pair.key.range?.[0]);
    }
  }
  const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return startLine(range?.[0]);
}
