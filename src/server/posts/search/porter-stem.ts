/**
 * The stemmer of FTS5's `porter` tokenizer (sqlite3.c, `fts5PorterCb`), rule for rule, so that
 * words found here are the words the index matched. It works on the bytes of the token's UTF-8
 * as FTS5 does; a token shorter than 3 or longer than 64 bytes is left as it is.
 */

const isVowel = (c: string | undefined, yIsVowel: boolean) =>
  c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || (yIsVowel && c === 'y');

/** The end of the first vowels-then-consonants run of s[from, end), or 0 (fts5PorterGobbleVC). */
function gobbleVC(s: string, from: number, end: number, prevConsonant: boolean): number {
  let consonant = prevConsonant;
  let i = from;
  for (; i < end; i++) if (!(consonant = !isVowel(s[i], consonant))) break;
  for (i++; i < end; i++) if ((consonant = !isVowel(s[i], consonant))) return i + 1;
  return 0;
}

type Condition = (s: string, n: number) => boolean;

/** m > 0 of the first n characters. */
const mGt0: Condition = (s, n) => gobbleVC(s, 0, n, false) !== 0;
const mGt1: Condition = (s, n) => {
  const k = gobbleVC(s, 0, n, false);
  return k !== 0 && gobbleVC(s, k, n, true) !== 0;
};
const mEq1: Condition = (s, n) => {
  const k = gobbleVC(s, 0, n, false);
  return k !== 0 && gobbleVC(s, k, n, true) === 0;
};
/** *o: ends consonant, vowel, consonant, the last not w, x or y. */
const oStar: Condition = (s, n) => {
  const last = s[n - 1];
  if (last === 'w' || last === 'x' || last === 'y') return false;
  let mask = 0;
  let consonant = false;
  for (let i = 0; i < n; i++) {
    consonant = !isVowel(s[i], consonant);
    mask = (mask << 1) | (consonant ? 1 : 0);
  }
  return (mask & 7) === 5;
};
const mGt1SorT: Condition = (s, n) => (s[n - 1] === 's' || s[n - 1] === 't') && mGt1(s, n);
/** *v*: a vowel in the first n characters (a y counts after the first). */
const hasVowel: Condition = (s, n) => {
  for (let i = 0; i < n; i++) if (isVowel(s[i], i > 0)) return true;
  return false;
};

/** A step's rules by the last-but-one character: [suffix, replacement, condition]. */
type Rules = Record<string, [string, string, Condition][]>;

const STEP2: Rules = {
  a: [
    ['ational', 'ate', mGt0],
    ['tional', 'tion', mGt0],
  ],
  c: [
    ['enci', 'ence', mGt0],
    ['anci', 'ance', mGt0],
  ],
  e: [['izer', 'ize', mGt0]],
  g: [['logi', 'log', mGt0]],
  l: [
    ['bli', 'ble', mGt0],
    ['alli', 'al', mGt0],
    ['entli', 'ent', mGt0],
    ['eli', 'e', mGt0],
    ['ousli', 'ous', mGt0],
  ],
  o: [
    ['ization', 'ize', mGt0],
    ['ation', 'ate', mGt0],
    ['ator', 'ate', mGt0],
  ],
  s: [
    ['alism', 'al', mGt0],
    ['iveness', 'ive', mGt0],
    ['fulness', 'ful', mGt0],
    ['ousness', 'ous', mGt0],
  ],
  t: [
    ['aliti', 'al', mGt0],
    ['iviti', 'ive', mGt0],
    ['biliti', 'ble', mGt0],
  ],
};
const STEP3: Rules = {
  a: [['ical', 'ic', mGt0]],
  s: [['ness', '', mGt0]],
  t: [
    ['icate', 'ic', mGt0],
    ['iciti', 'ic', mGt0],
  ],
  u: [['ful', '', mGt0]],
  v: [['ative', '', mGt0]],
  z: [['alize', 'al', mGt0]],
};
const STEP4: Rules = {
  a: [['al', '', mGt1]],
  c: [
    ['ance', '', mGt1],
    ['ence', '', mGt1],
  ],
  e: [['er', '', mGt1]],
  i: [['ic', '', mGt1]],
  l: [
    ['able', '', mGt1],
    ['ible', '', mGt1],
  ],
  n: [
    ['ant', '', mGt1],
    ['ement', '', mGt1],
    ['ment', '', mGt1],
    ['ent', '', mGt1],
  ],
  o: [
    ['ion', '', mGt1SorT],
    ['ou', '', mGt1],
  ],
  s: [['ism', '', mGt1]],
  t: [
    ['ate', '', mGt1],
    ['iti', '', mGt1],
  ],
  u: [['ous', '', mGt1]],
  v: [['ive', '', mGt1]],
  z: [['ize', '', mGt1]],
};

/** The first rule whose suffix ends `s` (after at least one character) applies if its condition holds. */
function applyRules(s: string, rules: Rules): string {
  for (const [suffix, replacement, condition] of rules[s[s.length - 2] ?? ''] ?? []) {
    if (s.length <= suffix.length || !s.endsWith(suffix)) continue;
    const stem = s.length - suffix.length;
    return condition(s, stem) ? s.slice(0, stem) + replacement : s;
  }
  return s;
}

function step1a(s: string): string {
  const n = s.length;
  if (s[n - 1] !== 's') return s;
  if (s[n - 2] === 'e')
    return (n > 4 && s[n - 4] === 's' && s[n - 3] === 's') || (n > 3 && s[n - 3] === 'i')
      ? s.slice(0, n - 2)
      : s.slice(0, n - 1);
  return s[n - 2] !== 's' ? s.slice(0, n - 1) : s;
}

/** Step 1b: -eed, -ed, -ing, then the ending the removal left tidied. */
function step1b(s: string): string {
  const n = s.length;
  let cut: string | null = null;
  if (s[n - 2] === 'e') {
    if (n > 3 && s.endsWith('eed')) return mGt0(s, n - 3) ? s.slice(0, n - 1) : s;
    if (n > 2 && s.endsWith('ed') && hasVowel(s, n - 2)) cut = s.slice(0, n - 2);
  } else if (s[n - 2] === 'n' && n > 3 && s.endsWith('ing') && hasVowel(s, n - 3))
    cut = s.slice(0, n - 3);
  if (cut === null) return s;
  const m = cut.length;
  const pair = cut.slice(m - 2);
  if (m > 2 && (pair === 'at' || pair === 'bl' || pair === 'iz')) return cut + 'e';
  const c = cut[m - 1];
  if (!isVowel(c, false) && c !== 'l' && c !== 's' && c !== 'z' && c === cut[m - 2])
    return cut.slice(0, m - 1);
  return mEq1(cut, m) && oStar(cut, m) ? cut + 'e' : cut;
}

function step5(s: string): string {
  let n = s.length;
  if (s[n - 1] === 'e' && (mGt1(s, n - 1) || (mEq1(s, n - 1) && !oStar(s, n - 1)))) n--;
  if (n > 1 && s[n - 1] === 'l' && s[n - 2] === 'l' && mGt1(s, n - 1)) n--;
  return s.slice(0, n);
}

/** Porter steps 1–5 over a string of single-byte characters. */
function stemBytes(word: string): string {
  let s = step1b(step1a(word));
  if (s[s.length - 1] === 'y' && hasVowel(s, s.length - 1)) s = s.slice(0, -1) + 'i';
  return step5(applyRules(applyRules(applyRules(s, STEP2), STEP3), STEP4));
}

/** The stem FTS5's porter tokenizer gives a token already folded by unicode61. */
export function porterStem(token: string): string {
  // As many UTF-8 bytes as characters: ASCII, where a character is a byte.
  if (Buffer.byteLength(token) === token.length)
    return token.length < 3 || token.length > 64 ? token : stemBytes(token);
  const bytes = Buffer.from(token, 'utf8');
  if (bytes.length < 3 || bytes.length > 64) return token;
  return Buffer.from(stemBytes(bytes.toString('latin1')), 'latin1').toString('utf8');
}
