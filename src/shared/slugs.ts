/** A slug: lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const SLUG_MAX = 120;

/**
 * First path segments the app itself answers. A post slug equal to one of these would be
 * shadowed by (or would shadow) a route, so content using one is rejected on import.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'resume',
  'posts',
  'cate',
  'tag',
  'preview',
  'api',
  'images',
  'assets',
  'static',
  'healthz',
  'readyz',
  'rss.xml',
  'atom.xml',
  'feed',
  'feeds',
  'rss',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'favicon.svg',
  'manifest.webmanifest',
  'index',
  'index.html',
  '404',
  '500',
]);

/** Why a slug cannot be used, or null when it can. */
export function slugProblem(slug: string): string | null {
  if (slug.length === 0) return 'is empty';
  if (slug.length > SLUG_MAX) return `is longer than ${SLUG_MAX} characters`;
  if (!new RegExp(SLUG_PATTERN).test(slug))
    return 'must be lowercase letters and digits joined by single hyphens';
  if (RESERVED_SLUGS.has(slug)) return `"${slug}" is reserved for a route of the site`;
  return null;
}

/** A slug made from a file name or title: "My First Post!" → "my-first-post". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-$/, '');
}
