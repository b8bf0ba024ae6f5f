import type { TocEntry } from '../../../shared/schemas/api.js';
import { htmlToText } from './sanitize.js';

/** A post gets a table of contents from this many headings on. */
export const TOC_MIN_HEADINGS = 3;
/** The heading levels listed: the body's sections and their subsections (h1 is the title). */
const TOC_DEPTHS = new Set([2, 3]);

/**
 * A heading of sanitized HTML with an id (attributes are always double-quoted there). The
 * footnotes' own heading is the section's label, not a part of the text.
 */
const HEADING = /<h([1-6])\b[^>]*?\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g;
const FOOTNOTES_LABEL = 'user-content-footnote-label';

/**
 * The table of contents of a post, read from its sanitized HTML: what the page links to is
 * exactly what the body holds, and an exported post (whose body is that HTML) gets the same one.
 * Empty below TOC_MIN_HEADINGS headings.
 */
export function tableOfContents(html: string): TocEntry[] {
  if (!html.includes('<h')) return [];
  const entries: TocEntry[] = [];
  for (const [, level, id, inner] of html.matchAll(HEADING)) {
    const depth = Number(level);
    if (!TOC_DEPTHS.has(depth) || id === FOOTNOTES_LABEL) continue;
    const text = htmlToText(inner!);
    if (text) entries.push({ depth, id: id!, text });
  }
  return entries.length >= TOC_MIN_HEADINGS ? entries : [];
}
