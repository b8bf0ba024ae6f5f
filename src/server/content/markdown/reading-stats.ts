/** Words a minute of an adult reading prose on a screen (the rate Medium and Ghost use). */
const WORDS_PER_MINUTE = 230;
/** What looking at a picture adds to the reading time. */
const SECONDS_PER_IMAGE = 12;

/**
 * A word: a run of letters, digits and marks, joined by an apostrophe, a dot, a hyphen or an
 * underscore (don't, e.g, well-kept, snake_case); or a single Han or kana character, since
 * Chinese and Japanese are written without spaces.
 */
const WORD =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]|[\p{L}\p{N}\p{M}]+(?:['’._-][\p{L}\p{N}\p{M}]+)*/gu;
const IMAGE = /<img\s/g;

export interface ReadingStats {
  wordCount: number;
  /** At least 1. */
  readingMinutes: number;
}

/** How long a post is: `text` is its plain text (`htmlToText`), `html` its sanitized HTML. */
export function readingStats(text: string, html: string): ReadingStats {
  let wordCount = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text) !== null) wordCount += 1;
  const images = html.match(IMAGE)?.length ?? 0;
  const seconds = (wordCount / WORDS_PER_MINUTE) * 60 + images * SECONDS_PER_IMAGE;
  return { wordCount, readingMinutes: Math.max(1, Math.round(seconds / 60)) };
}
