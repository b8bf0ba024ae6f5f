/**
 * A post file cut at its front matter's fences: a first line `---` (optionally `---yaml` or
 * `---yml`), the YAML, then a line `---`. Only the first line may open it and only a line of
 * `---` alone (trailing blanks allowed) closes it, so `---` further down, a Markdown rule in
 * the body, stays in the body.
 */
export type FrontMatterSplit =
  | {
      kind: 'split';
      /** The YAML, from the opening line's line break: its line N is the file's line N. */
      yaml: string;
      /** Everything after the closing line. */
      body: string;
    }
  /** The first line is not a fence. */
  | { kind: 'none' }
  /** The opening fence names a language other than YAML (`---js`, `---toml`). */
  | { kind: 'not-yaml'; language: string }
  /** No line closes the front matter. */
  | { kind: 'unclosed' };

const OPENING = /^---([^\r\n]*)(?:\r?\n|$)/;
const CLOSING = /^---[ \t]*\r?$/m;
const YAML_NAMES = new Set(['', 'yaml', 'yml']);

/** Splits `text` (a leading BOM ignored, LF or CRLF line ends) into its front matter and body. */
export function splitFrontMatter(text: string): FrontMatterSplit {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const opening = OPENING.exec(source);
  // `----` and longer are a Markdown rule or a table, not a fence.
  if (!opening || opening[1]!.startsWith('-')) return { kind: 'none' };
  const language = opening[1]!.trim();
  if (!YAML_NAMES.has(language.toLowerCase())) return { kind: 'not-yaml', language };
  const yamlStart = 3 + opening[1]!.length;
  const afterOpening = opening[0].length;
  // An opening line that ends the file has nothing after it to close it.
  if (afterOpening === source.length) return { kind: 'unclosed' };
  const rest = source.slice(afterOpening);
  const closing = CLOSING.exec(rest);
  if (!closing) return { kind: 'unclosed' };
  const closingStart = afterOpening + closing.index;
  let bodyStart = closingStart + closing[0].length;
  if (source[bodyStart] === '\n') bodyStart += 1;
  return {
    kind: 'split',
    yaml: source.slice(yamlStart, closingStart),
    body: source.slice(bodyStart),
  };
}
