/**
 * The addresses the XSS corpus checks on a server holding the hostile content, and which of its
 * pages a tab opens: every page is fetched and audited from Node, and the pages that depend on the
 * store in their own way (the first and last of a list, the family posts, searches, …) plus a
 * random share of the single-vector posts are also opened and hydrated in Chromium.
 */
import type { HostileSite } from './hostile-site.js';
import { VECTORS } from './xss-vectors.js';
import { FuzzRandom } from '../../helpers/fuzz-random.js';
import { apiPath, feedPath, imagePath, pagePath } from '../../../src/shared/paths.js';

export interface Target {
  kind: 'html' | 'json' | 'xml' | 'image';
  path: string;
  status?: number;
  /** The h1 the page must show: the server's own data, not content standing in for it. */
  h1?: string;
  /**
   * A page fetched, parsed and audited from Node only, not also opened in a tab (JSON and XML are
   * always checked from Node only: `isData`).
   */
  fetchOnly?: boolean;
}

/** JSON and XML: checked from Node, as no browser would run what they hold. */
export const isData = (target: Target) => target.kind === 'json' || target.kind === 'xml';

/** A page that a tab opens, hydrates and audits: images and every page not `fetchOnly`. */
export const isOpened = (target: Target) => !isData(target) && !target.fetchOnly;

/** The share of the posts holding one vector each that a tab opens besides the family posts. */
const OPENED_SHARE = 1 / 20;

/**
 * Which of the posts holding one vector each a tab opens; every family post (all its family's
 * vectors in one page) is opened always, and every post is audited from Node. A random share,
 * from XSS_SAMPLE_SEED when it is set (each run prints its seed), so that runs cover every post
 * between them; XSS_FULL=1 opens all.
 */
export function openedPosts(site: HostileSite): Set<string> {
  if (process.env.XSS_FULL === '1') return new Set(site.posts.map((p) => p.slug));
  const seed = Number(process.env.XSS_SAMPLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`xss-corpus: posts opened in tabs drawn with XSS_SAMPLE_SEED=${seed}`);
  const random = new FuzzRandom(seed);
  const chosen = site.posts.filter((p) => p.combined || random.chance(OPENED_SHARE));
  return new Set(chosen.map((p) => p.slug));
}

/** Vectors reflected into the search page, a hostile search text being a vector itself. */
const SEARCH_VECTORS = VECTORS.filter((v) => /^<(img|svg|script)/i.test(v.payload)).slice(0, 4);

export const SEARCHES = [
  'script',
  'onerror',
  'javascript',
  'CDATA',
  'svg',
  ...SEARCH_VECTORS.map((v) => v.payload),
];

export interface Listing {
  categories: { id: number; slug: string }[];
  lastPage: number;
}

async function getJson<T>(origin: string, path: string): Promise<T> {
  const response = await fetch(`${origin}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export async function listing(origin: string): Promise<Listing> {
  const categories = await getJson<{ id: number; slug: string }[]>(origin, apiPath.postcates());
  const page = await getJson<{ last_page: number }>(origin, apiPath.posts(1));
  return { categories, lastPage: page.last_page };
}

/**
 * Every address of the site. The light pass (`full` false) keeps what depends on the store: the
 * lists' first and last pages, two categories, the family posts, searches, every feed and every
 * list answer of the API. The full pass adds every other list page, category and post, fetched
 * from Node only but for the posts in `opened`.
 */
export function targets(
  site: HostileSite,
  { categories, lastPage }: Listing,
  full = true,
  opened: Set<string> = new Set(site.posts.map((p) => p.slug)),
): Target[] {
  const pages = Array.from({ length: lastPage }, (_x, i) => i + 1);
  const ends = new Set([1, lastPage]);
  const listPages = full ? pages : [...ends];
  const listCategories = full ? categories : categories.slice(0, 2);
  const posts = full ? site.posts : site.posts.filter((p) => p.combined);
  return [
    { kind: 'html', path: '/' },
    { kind: 'html', path: pagePath.resume(), h1: site.heroName },
    ...listPages.map((n): Target => ({
      kind: 'html',
      path: pagePath.posts({ page: n }),
      fetchOnly: !ends.has(n),
    })),
    ...listCategories.map((c, i): Target => ({
      kind: 'html',
      path: pagePath.category(c.id),
      fetchOnly: i >= 2,
    })),
    ...posts.map((p): Target => ({
      kind: 'html',
      path: pagePath.post(p.slug),
      h1: p.title,
      fetchOnly: !opened.has(p.slug),
    })),
    ...SEARCHES.map((text): Target => ({
      kind: 'html',
      path: pagePath.search(text),
    })),
    { kind: 'html', path: `/${encodeURIComponent('<img src=x onerror=alert(0)>')}`, status: 404 },
    { kind: 'xml', path: feedPath.rss() },
    ...categories.map((c): Target => ({ kind: 'xml', path: feedPath.category(c.slug) })),
    { kind: 'xml', path: feedPath.sitemap() },
    { kind: 'xml', path: feedPath.sitemapFile('pages', 1) },
    { kind: 'xml', path: feedPath.sitemapFile('posts', 1) },
    { kind: 'json', path: apiPath.postcates() },
    { kind: 'json', path: apiPath.site() },
    ...pages.map((n): Target => ({ kind: 'json', path: apiPath.posts(n) })),
    ...categories.map((c): Target => ({ kind: 'json', path: apiPath.postsCate(c.id, 1) })),
    ...posts.map((p): Target => ({ kind: 'json', path: apiPath.post(p.slug) })),
    ...SEARCHES.map((text): Target => ({
      kind: 'json',
      path: apiPath.search(text, 1),
    })),
    { kind: 'image', path: imagePath('cover.svg') },
  ];
}

/** The vectors shown at a path: a post's, for attributing what happens on its page. */
export function vectorIndex(site: HostileSite): (path: string) => number[] {
  const bySlug = new Map(site.posts.map((p) => [p.slug, p.vectors]));
  return (path) => {
    const slug = decodeURIComponent(path.replace(/^\/(api\/post\/)?/, ''));
    return bySlug.get(slug) ?? [];
  };
}
