import { EXCERPT_WORDS } from './excerpt-marks.js';
import { stemPrefix, type Instance } from './fts5-instances.js';
import type { Matched } from './fts5-matched.js';
import { porterStem } from './porter-stem.js';

/**
 * The instances of a text whose words are all ASCII, found without splitting the whole text:
 * the lower-cased text is searched for the start of each phrase's first stem, the words there
 * stemmed, and only the tokens within REACH of an instance are split. The regions are laid
 * out with GAP stand-in tokens between them, so every passage snippet() scores or shows has
 * the same tokens and instances as in the whole text: two instances in different regions are
 * more than a passage apart either way, and the text's start or end is there when near.
 */

const REACH = EXCERPT_WORDS + 2;
const GAP = EXCERPT_WORDS + 2;

const NON_ASCII = /[^\0-\x7f]/gu;
/** A letter, digit, private-use character or accent: a part of a word to FTS5. */
const WORD_CHAR = /[\p{L}\p{N}\p{Co}\p{M}]/u;

/** Whether a word of `text` holds a character past ASCII (its punctuation may). */
function hasWideWord(text: string): boolean {
  // As many UTF-8 bytes as characters: all ASCII (counted natively, far faster than a search).
  if (Buffer.byteLength(text) === text.length) return false;
  NON_ASCII.lastIndex = 0;
  for (let m = NON_ASCII.exec(text); m; m = NON_ASCII.exec(text))
    if (WORD_CHAR.test(m[0])) return true;
  return false;
}

const isWord = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
};
const wordEnd = (text: string, i: number) => {
  while (i < text.length && isWord(text, i)) i++;
  return i;
};

/** A phrase found at text offsets from..to. */
interface Hit {
  phrase: number;
  from: number;
  to: number;
  size: number;
}

/** The end of the phrase whose first word starts at `from`, or -1 when the words differ. */
function phraseEnd(lower: string, from: number, stems: string[]): number {
  let at = from;
  let end = -1;
  for (const stem of stems) {
    while (at < lower.length && !isWord(lower, at)) at++;
    end = wordEnd(lower, at);
    if (end === at || porterStem(lower.slice(at, end)) !== stem) return -1;
    at = end;
  }
  return end;
}

/** Every instance of the phrases, ordered by offset and then by phrase. */
function hits(lower: string, phrases: string[][]): Hit[] {
  const found: Hit[] = [];
  phrases.forEach((stems, phrase) => {
    if (stems.length === 0) return;
    const prefix = stemPrefix(stems[0]!);
    for (let from = lower.indexOf(prefix); from >= 0; from = lower.indexOf(prefix, from + 1)) {
      if (from > 0 && isWord(lower, from - 1)) continue;
      const to = phraseEnd(lower, from, stems);
      if (to >= 0) found.push({ phrase, from, to, size: stems.length });
    }
  });
  return found.sort((a, b) => a.from - b.from || a.phrase - b.phrase);
}

/** The start of the REACH-th token before `from`, or 0 when no token lies before that. */
function reachBack(lower: string, from: number): number {
  let i = from;
  for (let n = 0; n < REACH && i > 0; n++) {
    while (i > 0 && !isWord(lower, i - 1)) i--;
    while (i > 0 && isWord(lower, i - 1)) i--;
  }
  let j = i;
  while (j > 0 && !isWord(lower, j - 1)) j--;
  return j === 0 ? 0 : i;
}

/** The end of the REACH-th token after `to`, or the text's end when no token lies past that. */
function reachForward(lower: string, to: number): number {
  let i = to;
  for (let n = 0; n < REACH && i < lower.length; n++) {
    while (i < lower.length && !isWord(lower, i)) i++;
    i = wordEnd(lower, i);
  }
  let j = i;
  while (j < lower.length && !isWord(lower, j)) j++;
  return j === lower.length ? lower.length : i;
}

/** The regions around the hits, merged where they touch: [from, to) offsets. */
function regions(lower: string, found: Hit[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const hit of found) {
    const from = reachBack(lower, hit.from);
    const to = reachForward(lower, hit.to);
    const last = spans[spans.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else spans.push([from, to]);
  }
  return spans;
}

/**
 * Token offsets of the regions, GAP stand-ins (start -1) before, between and after them where
 * the text has more tokens; and the position of each real token by its start, for lookups.
 */
function layOut(lower: string, spans: [number, number][]) {
  const starts: number[] = [];
  const ends: number[] = [];
  const realStarts: number[] = [];
  const realPositions: number[] = [];
  const gap = (at: number) => {
    for (let k = 0; k < GAP; k++) {
      starts.push(-1);
      ends.push(at);
    }
  };
  spans.forEach(([from, to], index) => {
    if (from > 0 || index > 0) gap(from);
    for (let i = from; i < to;) {
      while (i < to && !isWord(lower, i)) i++;
      if (i >= to) break;
      realStarts.push(i);
      realPositions.push(starts.length);
      starts.push(i);
      i = wordEnd(lower, i);
      ends.push(i);
    }
  });
  const end = spans[spans.length - 1]![1];
  if (end < lower.length) gap(end);
  const tokens = {
    count: starts.length,
    start: Int32Array.from(starts),
    end: Int32Array.from(ends),
  };
  /** The position of the token starting at `offset`, or -1 outside the regions. */
  const positionOf = (offset: number) => {
    let lo = 0;
    let hi = realStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (realStarts[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return realStarts[lo] === offset ? realPositions[lo]! : -1;
  };
  return { tokens, positionOf };
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The offset of the last sentence start at or before `offset`, as snippet() finds them: the
 * text's first token, and a token after "." or ":" and white space.
 */
function sentenceStart(lower: string, offset: number): number {
  for (let at = offset; at > 1; at--) {
    if (!isWord(lower, at) || !isSpace(lower.charCodeAt(at - 1))) continue;
    let space = at - 1;
    while (space > 0 && isSpace(lower.charCodeAt(space - 1))) space--;
    const before = space > 0 ? lower.charCodeAt(space - 1) : 0;
    if (before === 46 || before === 58) return at;
    at = space;
  }
  let first = 0;
  while (first < lower.length && !isWord(lower, first)) first++;
  return first;
}

/**
 * The text's instances found around the candidates; null when there are none, undefined when
 * the text holds a word past ASCII (its folding needs the whole split).
 */
export function matchAround(text: string, phrases: string[][]): Matched | null | undefined {
  if (hasWideWord(text)) return undefined;
  const lower = text.toLowerCase();
  const found = hits(lower, phrases);
  if (found.length === 0) return null;
  const { tokens, positionOf } = layOut(lower, regions(lower, found));
  const instances: Instance[] = found.map(({ phrase, from, size }) => ({
    phrase,
    at: positionOf(from),
    size,
  }));
  const sentenceBefore = (at: number) => positionOf(sentenceStart(lower, tokens.start[at]!));
  return { text, tokens, instances, sentenceBefore };
}
