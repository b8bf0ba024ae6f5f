import { foldToken, tokenize, type Tokens } from './fts5-tokens.js';
import { porterStem } from './porter-stem.js';

/** Where a phrase of the query matched: its index, its first token and its length in tokens. */
export interface Instance {
  phrase: number;
  at: number;
  size: number;
}

/** The stems of each phrase of a query, as FTS5 reads the query's quoted terms. */
export function queryPhrases(terms: string[][]): string[][] {
  return terms.map((words) => {
    const text = words.join(' ');
    const tokens = tokenize(text);
    return Array.from({ length: tokens.count }, (_, i) =>
      porterStem(foldToken(text.slice(tokens.start[i], tokens.end[i]))),
    );
  });
}

/**
 * The characters a token's folded form begins with when its stem is `stem`: all but the stem's
 * last (a Porter step rewrites at most the last character it keeps, as in happy → happi).
 * Checked against FTS5 over a vocabulary in porter-stem.test.ts.
 */
export const stemPrefix = (stem: string) => (stem.length > 1 ? stem.slice(0, -1) : stem);

/** Whether the token from `start` to `end` may stem to a stem beginning with `prefix`. */
function mayMatch(text: string, start: number, end: number, prefix: string): boolean {
  for (let k = 0; k < prefix.length; k++) {
    if (start + k >= end) return false;
    let code = text.charCodeAt(start + k);
    if (code >= 128) return true; // past ASCII the folding decides: stem and compare
    if (code >= 65 && code <= 90) code += 32;
    if (code !== prefix.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Every instance of every phrase in `text`, ordered by token and then by phrase, as FTS5's
 * xInst lists them. Only tokens that begin like a phrase's first stem are stemmed.
 */
export function findInstances(text: string, tokens: Tokens, phrases: string[][]): Instance[] {
  const stems: (string | undefined)[] = [];
  const stemAt = (i: number) =>
    (stems[i] ??= porterStem(foldToken(text.slice(tokens.start[i], tokens.end[i]))));
  const prefixes = phrases.map((stems) => (stems.length ? stemPrefix(stems[0]!) : ''));
  // A word's first letter decides for most tokens, without a call.
  const firsts = prefixes.map((prefix) => (prefix ? prefix.charCodeAt(0) : -1));
  const found: Instance[] = [];
  for (let i = 0; i < tokens.count; i++) {
    let code = text.charCodeAt(tokens.start[i]!);
    if (code >= 65 && code <= 90) code += 32;
    for (let p = 0; p < phrases.length; p++) {
      if (firsts[p]! < 0 || (code !== firsts[p] && code < 128)) continue;
      if (!mayMatch(text, tokens.start[i]!, tokens.end[i]!, prefixes[p]!)) continue;
      const phrase = phrases[p]!;
      if (i + phrase.length > tokens.count) continue;
      if (phrase.every((stem, k) => stemAt(i + k) === stem))
        found.push({ phrase: p, at: i, size: phrase.length });
    }
  }
  return found;
}
