import { pagePath } from '../../../shared/paths.js';
import { escapeXml } from './xml-text.js';

/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX = 50_000;

/** What a sitemap lists besides the site's fixed pages. */
export interface SitemapEntries {
  posts: Array<{ slug: string; updated_at: string }>;
  categories: Array<{ id: number }>;
  tags: Array<{ slug: string }>;
}

/** The sitemap of the site at `base` (its origin, no trailing slash), at most SITEMAP_MAX URLs. */
export function renderSitemap(base: string, { posts, categories, tags }: SitemapEntries): string {
  const loc = (path: string) => `<loc>${escapeXml(`${base}${path}`)}</loc>`;
  const urls = [
    `<url>${loc(pagePath.landing())}</url>`,
    `<url>${loc(pagePath.posts())}</url>`,
    `<url>${loc(pagePath.resume())}</url>`,
    ...categories.map((c) => `<url>${loc(pagePath.category(c.id))}</url>`),
    ...tags.map((t) => `<url>${loc(pagePath.tag(t.slug))}</url>`),
    ...posts.map(
      (p) =>
        `<url>${loc(pagePath.post(p.slug))}<lastmod>${p.updated_at.slice(0, 10)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.slice(0, SITEMAP_MAX).join('\n')}\n</urlset>\n`;
}
