/**
 * How deep a post may nest. Marked and the sanitizer recurse once per level: thousands of levels
 * overflow the stack (5,000 `>` did). Real writing stays within a handful of levels; these leave
 * room for generated or quoted text.
 */
export const NESTING_LIMITS = { blockquotes: 100, lists: 100, emphasis: 100, html: 100 };

type Limited = keyof typeof NESTING_LIMITS;

const WHAT: Record<Limited, string> = {
  blockquotes: 'blockquotes',
  lists: 'lists',
  emphasis: 'emphasis markers (*, _ or ~)',
  html: 'HTML elements',
};

/** The readable problem for a depth over its limit. */
export function nestingProblem(kind: Limited, depth: number): string {
  return `${WHAT[kind]} nested ${depth} deep; at most ${NESTING_LIMITS[kind]} are allowed`;
}

/**
 * A body that Marked must not be given (or whose HTML the sanitizer must not be given), with a
 * piece of the text near the place, so that the caller can name the line.
 */
export class MarkdownLimitError extends Error {
  constructor(
    readonly problem: string,
    readonly near: string,
    readonly offset = 0,
  ) {
    super(problem);
  }
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * The deepest blockquote and list nesting of a post's Markdown, each over its limit as a problem
 * naming the line (`firstLine` is the body's first line in the file). One linear pass over the
 * line starts, before Marked, whose block lexer recurses once per level. Items are followed by
 * their indentation rather than parsed, so this may count a little more than Marked, not less.
 */
export function containerNestingProblems(markdown: string, firstLine = 1): string[] {
  const deepest = { blockquotes: { depth: 0, line: 0 }, lists: { depth: 0, line: 0 } };
  /** Columns at which the content of each open list item starts, innermost last. */
  const items: number[] = [];
  let previousBlank = true;
  let line = firstLine;
  let nextLf = -1;
  let nextCr = -1;
  for (let start = 0; start <= markdown.length; line++) {
    // Marked reads \r\n, \r and \n alike as the end of a line.
    if (nextLf < start) nextLf = markdown.indexOf('\n', start) >>> 0;
    if (nextCr < start) nextCr = markdown.indexOf('\r', start) >>> 0;
    const end = Math.min(nextLf, nextCr, markdown.length);

    // The line's container markers: `>` and list items, any number of them.
    let i = start;
    let column = 0;
    let quotes = 0;
    let listed = false;
    for (;;) {
      for (; i < end; i++) {
        const c = markdown.charCodeAt(i);
        if (c === SPACE) column += 1;
        else if (c === TAB) column += 4 - (column % 4);
        else break;
      }
      if (i >= end) break;
      const c = markdown.charCodeAt(i);
      if (c === 62 /* > */) {
        quotes += 1;
        i += 1;
        column += 1;
        continue;
      }
      let j = i;
      if (c === 45 /* - */ || c === 43 /* + */ || c === 42 /* * */) j = i + 1;
      else if (isDigit(c)) {
        while (j < end && j - i < 9 && isDigit(markdown.charCodeAt(j))) j++;
        const after = markdown.charCodeAt(j);
        j = j < end && (after === 46 /* . */ || after === 41) /* ) */ ? j + 1 : i;
      }
      const next = markdown.charCodeAt(j);
      if (j === i || (j < end && next !== SPACE && next !== TAB)) break;
      // An item at this column ends every open item whose content starts to its right.
      while (items.length && items.at(-1)! > column) items.pop();
      items.push(column + (j - i) + 1);
      column += j - i;
      i = j;
      listed = true;
    }
    const blank = i >= end;
    // A line after a blank one, indented less than an item's content, is outside that item.
    // (Right after text it may be a lazy continuation, which stays inside.)
    if (!blank && !listed && previousBlank)
      while (items.length && items.at(-1)! > column) items.pop();
    if (quotes > deepest.blockquotes.depth) deepest.blockquotes = { depth: quotes, line };
    if (items.length > deepest.lists.depth) deepest.lists = { depth: items.length, line };
    previousBlank = blank;
    // \r\n is one line end.
    start = end + (markdown.charCodeAt(end) === CR && markdown.charCodeAt(end + 1) === LF ? 2 : 1);
  }
  const problems: string[] = [];
  for (const kind of ['blockquotes', 'lists'] as const) {
    const { depth, line: at } = deepest[kind];
    if (depth > NESTING_LIMITS[kind]) problems.push(`line ${at}: ${nestingProblem(kind, depth)}`);
  }
  return problems;
}
