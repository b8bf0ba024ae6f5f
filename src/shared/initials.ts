const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first `count` user-perceived characters of `text` (an accented letter or emoji stays whole). */
export const firstGraphemes = (text: string, count: number) =>
  [...graphemes.segment(text)]
    .slice(0, count)
    .map((part) => part.segment)
    .join('');

/**
 * The monogram of a name: the first letters of its first and last words ("Ada King Lovelace" →
 * "AL"), or the first two of a single word; what the site shows where the owner gave no logo.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  return words.length > 1
    ? `${firstGraphemes(words[0]!, 1)}${firstGraphemes(words.at(-1)!, 1)}`
    : firstGraphemes(words[0]!, 2);
}
