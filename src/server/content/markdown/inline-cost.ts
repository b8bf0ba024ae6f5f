import { codeSpans, Delimiters } from './inline-delimiters.js';

const SPACE = 32;
const LF = 10;

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Whitespace as Marked's expressions read it (`\s`). */
const isWhitespace = (c: number) =>
  c === SPACE || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));
/** Punctuation as Marked's GFM emphasis rules read it: `~` is not, it is strikethrough's. */
const isPunctuation = (c: number) =>
  (c >= 33 && c <= 47) ||
  (c >= 58 && c <= 64) ||
  (c >= 91 && c <= 96) ||
  (c >= 123 && c <= 125) ||
  (c > 127 && /[\p{P}\p{S}]/u.test(String.fromCharCode(c)));

const SPECIAL = /[\\`*_~!]/g;

/** Characters Marked's text rule reads as an e-mail address may be starting (GFM autolinks). */
const isAddressCharacter = (c: number) =>
  (c >= 97 && c <= 122) ||
  (c >= 65 && c <= 90) ||
  isDigit(c) ||
  (c >= 35 && c <= 39) || // # $ % & '
  c === 33 || // !
  c === 42 || // *
  c === 43 || // +
  c === 45 || // -
  c === 46 || // .
  c === 47 || // /
  c === 61 || // =
  c === 63 || // ?
  (c >= 94 && c <= 96) || // ^ _ `
  (c >= 123 && c <= 126); // { | } ~

/**
 * The time Marked would take on one inline text. Marked looks for each emphasis opener's closer
 * with a regular expression over the rest of the text, so openers that never close cost time in
 * the square of their number (48 KB of `*_a`: 20 s); and at each `_`, `*`, `!`, `~` or backtick
 * its text rule looks ahead through the rest of the word for an `@` (an e-mail address), so a
 * long word of them costs in the square of its length (80 KB of `_a`: 21 s).
 */
export interface InlineCost {
  /** How deep emphasis pairs nest, in delimiter characters. */
  depth: number;
  /** Characters read by emphasis searches. */
  emphasisWork: number;
  /** Characters read by looking ahead through words, and the longest word that did. */
  wordWork: number;
  longestWord: number;
}

/**
 * Where the last run of `char` starts that does not follow whitespace: as far as Marked searches
 * for a closer. Read on the raw text (code spans, links and escapes too), so never nearer.
 */
function lastCloserOf(text: string, char: string): number {
  let end = text.lastIndexOf(char);
  while (end > 0) {
    let start = end;
    while (start > 0 && text[start - 1] === char) start--;
    if (start === 0) return -1;
    if (!isWhitespace(text.charCodeAt(start - 1))) return start;
    end = text.lastIndexOf(char, start - 1);
  }
  return -1;
}

const CAN_OPEN = 1;
const CAN_CLOSE = 2;

/**
 * Whether the delimiter run text[k, run) of `c` can open emphasis, close it, or both (CAN_OPEN,
 * CAN_CLOSE): flanking, as CommonMark defines it; the text's ends count as whitespace. A bit
 * mask, so that the pass allocates nothing per run.
 */
function flanking(text: string, k: number, run: number, c: number): number {
  const before = k > 0 ? text.charCodeAt(k - 1) : LF;
  const after = run < text.length ? text.charCodeAt(run) : LF;
  const left =
    !isWhitespace(after) &&
    (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before));
  const right =
    !isWhitespace(before) &&
    (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after));
  const canOpen = c === 95 ? left && (!right || isPunctuation(before)) : left;
  const canClose = c === 95 ? right && (!left || isPunctuation(after)) : right;
  return (canOpen ? CAN_OPEN : 0) | (canClose ? CAN_CLOSE : 0);
}

/** The text's cost: its words', and the deepest nesting and the work of matching its emphasis. */
function costWithEmphasis(
  text: string,
  delimiters: Partial<Record<42 | 95 | 126, Delimiters>>,
  wordWork: number,
  longestWord: number,
): InlineCost {
  let depth = 0;
  let emphasisWork = 0;
  for (const c of [42, 95, 126] as const) {
    const runs = delimiters[c];
    if (!runs) continue;
    depth = Math.max(depth, runs.deepest);
    emphasisWork += runs.finish(() => lastCloserOf(text, String.fromCharCode(c)));
  }
  return { depth, emphasisWork, wordWork, longestWord };
}

const NO_COST: InlineCost = { depth: 0, emphasisWork: 0, wordWork: 0, longestWord: 0 };

/**
 * The cost of one inline text (a paragraph, heading or table cell as Marked's block lexer hands
 * it on). One linear pass; code spans are skipped, as Marked skips them.
 */
export function inlineCost(text: string): InlineCost {
  // Most texts hold none of these: one native search for each is faster than the expression.
  if (!text.includes('*') && !text.includes('_') && !text.includes('~')) {
    if (!text.includes('`') && !text.includes('!')) return NO_COST;
  }
  // Made when first needed: most texts hold no delimiter at all.
  const delimiters: Partial<Record<42 | 95 | 126, Delimiters>> = {};
  let spans: Map<number, number> | undefined;
  let wordWork = 0;
  let longestWord = 0;
  // The word around the last stop of the text rule, and the stops in it.
  let wordStart = 0;
  let wordEnd = 0;
  let stops = 0;
  const wordDone = () => {
    // A short word costs little however many stops it has: only long ones add up.
    if (stops < 2 || wordEnd - wordStart < 64) return;
    wordWork += stops * (wordEnd - wordStart);
    longestWord = Math.max(longestWord, wordEnd - wordStart);
  };
  for (let k = 0; k < text.length;) {
    // Most of a text is words: the expression skips to the next character that matters.
    SPECIAL.lastIndex = k;
    const found = SPECIAL.exec(text);
    if (!found) break;
    k = found.index;
    const c = text.charCodeAt(k) as 33 | 42 | 92 | 95 | 96 | 126;
    if (c !== 92 /* \ */) {
      // Words do not overlap, so each character is read at most twice in finding them.
      if (k >= wordEnd) {
        wordDone();
        for (wordStart = k; wordStart > 0; wordStart--)
          if (!isAddressCharacter(text.charCodeAt(wordStart - 1))) break;
        for (wordEnd = k + 1; wordEnd < text.length; wordEnd++)
          if (!isAddressCharacter(text.charCodeAt(wordEnd))) break;
        stops = 0;
      }
      stops += 1;
    }
    if (c === 33 /* ! */) {
      k += 1;
      continue;
    }
    if (c === 92 /* \ */) {
      k += 2; // an escaped character is text
      continue;
    }
    if (c === 96 /* ` */) {
      spans ??= codeSpans(text);
      k = spans.get(k) ?? k + 1;
      continue;
    }
    let run = k + 1;
    while (run < text.length && text.charCodeAt(run) === c) run++;
    const can = flanking(text, k, run, c);
    let count = run - k;
    const runs = (delimiters[c] ??= new Delimiters());
    if (can & CAN_CLOSE) count = runs.close(count, k);
    if (can & CAN_OPEN) runs.opens(count, k);
    k = run;
  }
  wordDone();
  return costWithEmphasis(text, delimiters, wordWork, longestWord);
}

/**
 * The work (InlineCost) a post's body may cost Marked: a few passes over its text, plus a
 * constant for short posts. Real posts use a fraction of it (1,347 Markdown files of
 * node_modules, 23 MB, all within it); past it, Marked would take seconds.
 */
export const inlineWorkAllowed = (bodyLength: number) => 4 * bodyLength + 1_000_000;

/** Why a body over its allowed work is refused: what costs most in it. */
export function inlineWorkProblem(cost: InlineCost): string {
  return cost.emphasisWork >= cost.wordWork
    ? 'emphasis markers (*, _ or ~) that never close would take too long to render; ' +
        'escape the ones that are not emphasis (\\*, \\_, \\~)'
    : `a word of ${cost.longestWord} characters holding _, *, !, ~ or \` would take too long ` +
        'to render; break it with spaces or put it in a code span (`…`)';
}
