/**
 * A character outside U+0020 to U+02FF: those are each a grapheme of their own and join nothing
 * before them (the Latin letters and signs; no combining mark, joiner or emoji lies below U+0300).
 */
const NOT_ONE_GRAPHEME_EACH = /[^ -\u02ff]/;

/**
 * Made on first need: a page's first Intl.Segmenter loads the browser's break rules, ≈ 60–80 ms of
 * main thread under Lighthouse's 4× CPU slowdown, on every page that draws a monogram or an image
 * placeholder (docs/performance.md).
 */
let graphemes: Intl.Segmenter | undefined;

/** The first `count` user-perceived characters of `text` (an accented letter or emoji stays whole). */
export const firstGraphemes = (text: string, count: number): string =>
  // The character after the cut must be one too: a combining accent there belongs to the last one.
  NOT_ONE_GRAPHEME_EACH.test(text.slice(0, count + 1))
    ? // A segmenter's default granularity is the grapheme.
      Array.from((graphemes ??= new Intl.Segmenter()).segment(text), (part) => part.segment)
        .slice(0, count)
        .join('')
    : text.slice(0, count);

/**
 * The monogram of a name: the first letters of its first and last words ("Ada King Lovelace" →
 * "AL"), or the first two of a single word; what the site shows where the owner gave no logo.
 */
export function initials(name: string): string {
  // No word: one empty word, whose initials are none.
  const words = name.match(/\S+/g) ?? [''];
  return words.length > 1
    ? `${firstGraphemes(words[0]!, 1)}${firstGraphemes(words.at(-1)!, 1)}`
    : firstGraphemes(words[0]!, 2);
}
