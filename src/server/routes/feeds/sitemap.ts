import { feedPath } from '../../../shared/paths.js';
import { SLUG_MAX } from '../../../shared/slugs.js';
import { escapeXml } from './xml-text.js';

/** The sitemap protocol's limits for one file (sitemaps.org): URLs, and bytes uncompressed. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 52_428_800;

/** The files' kinds: the fixed pages with the categories' lists, the tags' lists, the posts. */
export const SITEMAP_KINDS = ['pages', 'tags', 'posts'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** One file of the sitemap: the `number`th (from 1) of its kind. */
export interface SitemapFile {
  kind: SitemapKind;
  number: number;
}

/** A URL of the sitemap: a path on the site, and when what it shows last changed if known. */
export interface SitemapUrl {
  path: string;
  lastmod?: string;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

/**
 * The most bytes one URL's entry takes beside the origin: its markup, the longest path (a slug,
 * which is ASCII and needs no escaping, after `/tag/`) and an ISO 8601 date with an offset.
 */
const ENTRY_BYTES = '<url><loc></loc><lastmod></lastmod></url>\n'.length + 5 + SLUG_MAX + 29;

/**
 * URLs in one file for a site at `base`: 50,000, or fewer when the origin is so long that
 * 50,000 of the longest entries would pass 50 MB. Both the index and each file ask it, so a
 * file holds what the index says it holds.
 */
export function urlsPerFile(base: string): number {
  const entry = Buffer.byteLength(escapeXml(base)) + ENTRY_BYTES;
  const room = SITEMAP_MAX_BYTES - URLSET_OPEN.length - URLSET_CLOSE.length;
  return Math.max(1, Math.min(SITEMAP_MAX_URLS, Math.floor(room / entry)));
}

/** The files that hold `counts` URLs of each kind, `perFile` to a file; a kind with none has none. */
export function sitemapFiles(counts: Record<SitemapKind, number>, perFile: number): SitemapFile[] {
  return SITEMAP_KINDS.flatMap((kind) =>
    Array.from({ length: Math.ceil(counts[kind] / perFile) }, (_, i) => ({
      kind,
      number: i + 1,
    })),
  );
}

/** The file a `/sitemap-{file}.xml` names (`posts-2`), or undefined when it names none. */
export function parseSitemapFile(file: string): SitemapFile | undefined {
  const found = /^(pages|tags|posts)-([1-9]\d{0,8})$/.exec(file);
  return found ? { kind: found[1] as SitemapKind, number: Number(found[2]) } : undefined;
}

/** The sitemap index of the site at `base` (its origin, no trailing slash): one entry a file. */
export function renderSitemapIndex(base: string, files: readonly SitemapFile[]): string {
  const entries = files.map(
    (f) =>
      `<sitemap><loc>${escapeXml(`${base}${feedPath.sitemapFile(f.kind, f.number)}`)}</loc></sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n${entries.join('')}</sitemapindex>\n`;
}

/**
 * One sitemap file of the site at `base`, its URLs given in batches (read from the store a batch
 * at a time): the caller gives at most `urlsPerFile(base)` of them.
 */
export async function renderUrlset(
  base: string,
  batches: AsyncIterable<readonly SitemapUrl[]> | Iterable<readonly SitemapUrl[]>,
): Promise<string> {
  const origin = escapeXml(base);
  const parts = [URLSET_OPEN];
  for await (const urls of batches)
    parts.push(
      urls
        .map(
          ({ path, lastmod }) =>
            `<url><loc>${origin}${escapeXml(path)}</loc>${
              lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''
            }</url>\n`,
        )
        .join(''),
    );
  parts.push(URLSET_CLOSE);
  return parts.join('');
}
