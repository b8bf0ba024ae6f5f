/**
 * Lines of text for a drawing that has no layout engine of its own to ask (an SVG rendered by
 * librsvg): widths are estimated from the kind of each character, erring wide, and the drawing
 * clips its text box too, so that an estimate short of the truth still draws nothing outside it.
 */

/** Advance widths in ems, by kind of character, of a bold sans-serif (DejaVu Sans Bold and wider). */
const NARROW = /[\s.,:;'"!|()[\]{}ijlIfrt1`´·•-]/u;
const WIDE_LATIN = /[MWmw@%&]/u;
/** East Asian wide and fullwidth characters, and emoji, take a whole em. */
const FULL_WIDTH =
  /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}|[\u3000-\u303F\uFF00-\uFF60\uFFE0-\uFFE6]|\p{Extended_Pictographic}/u;
/** Marks over a letter and invisible format characters (joiners, direction marks) take no room. */
const MARK = /[\p{M}\p{Cf}]/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The estimated width in ems of one user-perceived character. */
function emsOf(grapheme: string): number {
  const first = String.fromCodePoint(grapheme.codePointAt(0)!);
  if (MARK.test(first)) return 0;
  if (FULL_WIDTH.test(first)) return 1;
  if (NARROW.test(first)) return 0.36;
  if (WIDE_LATIN.test(first)) return 0.95;
  if (/\p{Lu}/u.test(first)) return 0.78;
  return 0.68;
}

/** The estimated width of `text` at `size` pixels. */
export function widthOf(text: string, size: number): number {
  let ems = 0;
  for (const { segment } of graphemes.segment(text)) ems += emsOf(segment);
  return ems * size;
}

/** `text` cut by graphemes to fit `width` with an ellipsis after it. */
function withEllipsis(text: string, width: number, size: number): string {
  const parts = [...graphemes.segment(text.trimEnd())].map((part) => part.segment);
  while (parts.length && widthOf(`${parts.join('')}…`, size) > width) parts.pop();
  return `${parts.join('').trimEnd()}…`;
}

/** Pieces a line may break between: words and the spaces after them; CJK text by its words too. */
function breakablePieces(text: string, width: number, size: number): string[] {
  const pieces: string[] = [];
  for (const { segment } of words.segment(text)) {
    if (widthOf(segment, size) <= width) {
      pieces.push(segment);
      continue;
    }
    // A word wider than the line (a long URL, a name in a script without spaces) breaks anywhere.
    let piece = '';
    for (const { segment: grapheme } of graphemes.segment(segment)) {
      if (piece && widthOf(piece + grapheme, size) > width) {
        pieces.push(piece);
        piece = '';
      }
      piece += grapheme;
    }
    if (piece) pieces.push(piece);
  }
  return pieces;
}

export interface WrappedText {
  lines: string[];
  /** True when the text did not fit in `maxLines` and the last line ends with an ellipsis. */
  clipped: boolean;
}

/**
 * `text` in lines no wider than `width` at `size` pixels, at most `maxLines` of them: the last
 * one ends with "…" when the text goes on. Lines break between words (Intl.Segmenter's, which
 * finds words in Chinese and Japanese too), and inside a word only when it is wider than a line.
 */
export function wrapText(
  text: string,
  options: { width: number; size: number; maxLines: number },
): WrappedText {
  const { width, size, maxLines } = options;
  const flat = text.replace(/\s+/g, ' ').trim();
  const lines: string[] = [];
  let line = '';
  for (const piece of breakablePieces(flat, width, size)) {
    if (line && widthOf((line + piece).trimEnd(), size) > width) {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    } else line += piece;
  }
  if (line.trim()) lines.push(line.trimEnd());
  if (lines.length <= maxLines) return { lines, clipped: false };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(`${kept[maxLines - 1]} ${lines[maxLines]}`, width, size);
  return { lines: kept, clipped: true };
}

/**
 * The largest of `sizes` (largest first) at which `text` fits `maxLines(size)` lines unclipped,
 * else the smallest size's lines clipped: a long title is drawn smaller before it is cut.
 */
export function fitText(
  text: string,
  options: { width: number; sizes: readonly number[]; maxLines: (size: number) => number },
): WrappedText & { size: number } {
  let wrapped: WrappedText & { size: number } = { lines: [], clipped: false, size: 0 };
  for (const size of options.sizes) {
    wrapped = {
      ...wrapText(text, { width: options.width, size, maxLines: options.maxLines(size) }),
      size,
    };
    if (!wrapped.clipped) return wrapped;
  }
  return wrapped;
}
