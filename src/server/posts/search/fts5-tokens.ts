/**
 * The words of a text as FTS5's `unicode61 remove_diacritics 2` tokenizer splits them
 * (sqlite3.c, `fts5UnicodeTokenize`): runs of letters, numbers and private-use characters, a
 * combining accent inside a run kept with it. Positions are UTF-16 offsets into the text, where
 * FTS5's are UTF-8 bytes; the n-th token is the same.
 */

/** The tokens of a text: the n-th runs from start[n] to end[n]. */
export interface Tokens {
  count: number;
  start: Int32Array;
  end: Int32Array;
}

const TOKEN_CHAR = /[\p{L}\p{N}\p{Co}]/u;

/** U+0300–U+0331 that unicode61 folds away inside a token (sqlite3Fts5UnicodeIsdiacritic). */
function isDiacritic(code: number): boolean {
  if (code < 768 || code > 817) return false;
  return code < 800
    ? ((0x08029fdf >>> (code - 768)) & 1) === 1
    : ((0x000361f8 >>> (code - 800)) & 1) === 1;
}

/** ASCII letters and digits, the token characters of ASCII. */
const ASCII_TOKEN = new Uint8Array(128).map((_, code) =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) ? 1 : 0,
);

/** Past ASCII: the width in UTF-16 units of the token character at `i`, or 0 for a separator. */
function wideTokenChar(text: string, i: number, inToken: boolean): number {
  const code = text.codePointAt(i)!;
  const width = code > 0xffff ? 2 : 1;
  if (TOKEN_CHAR.test(String.fromCodePoint(code))) return width;
  return inToken && isDiacritic(code) ? width : 0;
}

/** The end of the token that begins at `i`. */
function tokenEnd(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      if (ASCII_TOKEN[code] === 0) break;
      i++;
    } else {
      const width = wideTokenChar(text, i, true);
      if (width === 0) break;
      i += width;
    }
  }
  return i;
}

/** Splits `text` into tokens. */
export function tokenize(text: string): Tokens {
  const limit = (text.length >> 1) + 1;
  const start = new Int32Array(limit);
  const end = new Int32Array(limit);
  let count = 0;
  const n = text.length;
  for (let i = 0; i < n;) {
    const code = text.charCodeAt(i);
    const width = code < 128 ? ASCII_TOKEN[code]! : wideTokenChar(text, i, false);
    if (width === 0) {
      i += code >= 0xd800 && code < 0xdc00 ? 2 : 1;
      continue;
    }
    start[count] = i;
    i = tokenEnd(text, i + width);
    end[count++] = i;
  }
  return { count, start, end };
}

/**
 * A token as unicode61 folds it: lower case, letter by letter (no final sigma), and a Latin
 * letter without its accents (FTS5's table of diacritics stops at U+1EFF; Greek keeps its tonos).
 */
export function foldToken(token: string): string {
  if (Buffer.byteLength(token) === token.length) return token.toLowerCase();
  let folded = '';
  for (const char of token) {
    const lower = char.toLowerCase();
    const code = lower.codePointAt(0)!;
    if (code >= 0x300 && code <= 0x36f) continue;
    const base = code >= 0xc0 && code <= 0x1eff ? lower.normalize('NFD')[0]! : lower;
    folded += base.charCodeAt(0) < 128 ? base : lower;
  }
  return folded;
}

/** Whether the token at `i` begins a sentence as snippet() reads it: after "." or ":" and space. */
export function startsSentence(text: string, tokens: Tokens, i: number): boolean {
  if (i === 0) return true;
  let at = tokens.start[i]! - 1;
  while (at >= 0 && ' \t\n\r'.includes(text[at]!)) at--;
  return at !== tokens.start[i]! - 1 && at >= 0 && (text[at] === '.' || text[at] === ':');
}
