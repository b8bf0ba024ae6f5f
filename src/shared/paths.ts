/**
 * Every address of the site, written once: the route patterns (`/cate/:id`) that the server
 * registers and the web app's route table matches, and the builders that make a URL of each.
 * A value put into a path is percent-encoded here, so callers pass raw slugs, ids and text.
 */
import { withoutTrailing } from './text.js';

/** The pages the web app renders (on the server too), by the id of their route module. */
export const PAGE_ROUTES = {
  landing: '/',
  resume: '/resume',
  posts: '/posts',
  search: '/posts/:text',
  category: '/cate/:id',
  tag: '/tag/:tag',
  preview: '/preview/:token',
  post: '/:slug',
} as const;
export type PageId = keyof typeof PAGE_ROUTES;

/** What every path of the JSON API starts with: errors under it are JSON, its headers the API's. */
export const API_PREFIX = '/api/';

/** Whether `url` is under the JSON API (a constant comparison: the front door asks per request). */
export const isApiPath = (url: string) => url.startsWith(API_PREFIX);

/** A request URL's path: all before its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** `url` without the slashes that end it (a site's origin, a path asked for with them). */
export const withoutTrailingSlashes = (url: string) => withoutTrailing(url, '/');

/**
 * The one address of a page asked for with trailing slashes (`/posts/`, `/resume//?x=1`): the
 * same without them, the query kept. Undefined when there are none to drop, and for `//host/`
 * (or `/\host/`), which without its slash would be an address on another host.
 */
export function withoutTrailingSlash(url: string): string | undefined {
  const path = pathOf(url);
  if (path.length < 2 || !path.endsWith('/')) return undefined;
  const trimmed = withoutTrailingSlashes(path) || '/';
  if (/^\/[/\\]/.test(trimmed)) return undefined;
  return `${trimmed}${url.slice(path.length)}`;
}

/** The JSON API; the specification fixes these paths and their parameter names. */
export const API_ROUTES = {
  posts: '/api/posts',
  postsCate: '/api/postsCate/:categoryId',
  postsTag: '/api/postsTag/:tag',
  post: '/api/post/:slug',
  search: '/api/posts/:text',
  site: '/api/site',
  postcates: '/api/postcates',
  tags: '/api/tags',
  preview: '/api/preview/:token',
  employerCheck: '/api/employer-check',
  contact: '/api/contact',
  openapi: '/api/openapi.json',
} as const;

/** The feeds, the sitemap and robots.txt. */
export const FEED_ROUTES = {
  rss: '/rss.xml',
  categoryFeed: '/feeds/:slug.xml',
  tagFeed: '/feeds/tag/:slug.xml',
  /** The sitemap index: what robots.txt names; it lists the sitemap files below. */
  sitemap: '/sitemap.xml',
  /** One file of the sitemap: `pages-1`, `tags-1`, `posts-1`, `posts-2`… */
  sitemapFile: '/sitemap-:file.xml',
  robots: '/robots.txt',
} as const;

/** Where the two forms post when they are sent natively, without JavaScript. */
export const FORM_ROUTES = {
  contact: '/forms/contact',
  employerCheck: '/forms/employer-check',
} as const;

/** The probes of a supervisor: liveness (the process answers) and readiness (its database too). */
export const HEALTH_ROUTES = {
  live: '/healthz',
  ready: '/readyz',
} as const;

/** The analytics' private dashboard, behind a signed link (`postfolio stats --link`). */
export const STATS_ROUTES = {
  dashboard: '/stats/:token',
  /** Where pages report their own views with ANALYTICS_BEACON, and the script that does it. */
  beacon: '/api/beacon',
  beaconScript: '/beacon.js',
} as const;

/** The folder the images are served from; a file's name follows it. */
export const IMAGES_PREFIX = '/images/';

/**
 * The site's icons and web app manifest at the addresses browsers and apps ask for by convention,
 * and the files drawn from the brand (brand-images/), named by the hash of what they show.
 */
export const BRAND_ROUTES = {
  favicon: '/favicon.ico',
  appleTouchIcon: '/apple-touch-icon.png',
  manifest: '/manifest.webmanifest',
  /** The icon's files and the site's link-preview card. */
  brandFile: `${IMAGES_PREFIX}brand/:file`,
  /** A post's link-preview card: `{slug}.{hash}.png`. */
  postCard: `${IMAGES_PREFIX}cards/:file`,
} as const;

/**
 * The owner's look served from the site's origin: the fonts `brand.font` names and the site
 * folder's theme.css, each file named by the hash of its bytes.
 */
export const LOOK_ROUTES = {
  font: '/fonts/:file',
  theme: '/theme-:hash.css',
} as const;

/** The names of the `:name` parameters of a route pattern. */
export type PatternParams<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | PatternParams<`/${Tail}`>
    : Rest extends `${infer Name}.${string}`
      ? Name
      : Rest
  : never;

/** `pattern` with each `:name` replaced by its value, percent-encoded. */
export function fillPattern<P extends string>(
  pattern: P,
  values: Record<PatternParams<P>, string | number>,
): string {
  const byName = values as Record<string, string | number>;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(byName[name])),
  );
}

/** Each page's pattern as a regular expression, its parameters captured in order. */
const PAGE_MATCHERS = Object.fromEntries(
  Object.entries(PAGE_ROUTES).map(([id, pattern]) => {
    const names = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
    const source = pattern
      .split(/:[A-Za-z]+/)
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('([^/]+)');
    return [id, { names, pattern: new RegExp(`^${source}$`) }];
  }),
) as Record<PageId, { names: string[]; pattern: RegExp }>;

/**
 * The parameters of page `id` in `pathname` as they stand there (still percent-encoded, as a
 * caller may need to decode them its own way), or undefined when the path is another page's.
 */
export function pageParams<Id extends PageId>(
  id: Id,
  pathname: string,
): Record<PatternParams<(typeof PAGE_ROUTES)[Id]>, string> | undefined {
  const { names, pattern } = PAGE_MATCHERS[id];
  const found = pattern.exec(pathname);
  if (!found) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) as Record<
    PatternParams<(typeof PAGE_ROUTES)[Id]>,
    string
  >;
}

/** A list page's address: page 1 is the address itself, a later one adds `?page=n`. */
const listPage = (path: string, page = 1) => (page > 1 ? `${path}?page=${page}` : path);

/** The addresses of the pages, as links, redirects, feeds and the sitemap write them. */
export const pagePath = {
  landing: () => PAGE_ROUTES.landing,
  /** The portfolio; `section` is the id of a part of it (`contact`). */
  resume: (section?: string) =>
    section ? `${PAGE_ROUTES.resume}#${encodeURIComponent(section)}` : PAGE_ROUTES.resume,
  /** All posts, or one category's (`?category=id`) in place; "all" and page 1 are left out. */
  posts: (options: { category?: number; page?: number } = {}) => {
    const query = new URLSearchParams();
    if (options.category) query.set('category', String(options.category));
    if (options.page && options.page > 1) query.set('page', String(options.page));
    const text = query.toString();
    return text ? `${PAGE_ROUTES.posts}?${text}` : PAGE_ROUTES.posts;
  },
  search: (text: string, page?: number) =>
    listPage(fillPattern(PAGE_ROUTES.search, { text }), page),
  category: (id: number, page?: number) =>
    listPage(fillPattern(PAGE_ROUTES.category, { id }), page),
  tag: (tag: string, page?: number) => listPage(fillPattern(PAGE_ROUTES.tag, { tag }), page),
  /** A private preview link; the token alone grants access, so the path names nothing else. */
  preview: (token: string) => fillPattern(PAGE_ROUTES.preview, { token }),
  post: (slug: string) => fillPattern(PAGE_ROUTES.post, { slug }),
};

/** The addresses of the feeds. */
export const feedPath = {
  rss: () => FEED_ROUTES.rss,
  category: (slug: string) => fillPattern(FEED_ROUTES.categoryFeed, { slug }),
  tag: (slug: string) => fillPattern(FEED_ROUTES.tagFeed, { slug }),
  sitemap: () => FEED_ROUTES.sitemap,
  /** The `number`th file (from 1) of the sitemap's URLs of one kind. */
  sitemapFile: (kind: string, number: number) =>
    fillPattern(FEED_ROUTES.sitemapFile, { file: `${kind}-${number}` }),
};

/** The addresses of the files drawn from the brand. */
export const brandPath = {
  file: (name: string) => fillPattern(BRAND_ROUTES.brandFile, { file: name }),
  postCard: (name: string) => fillPattern(BRAND_ROUTES.postCard, { file: name }),
};

/** The addresses of the look's files. */
export const lookPath = {
  font: (file: string) => fillPattern(LOOK_ROUTES.font, { file }),
  theme: (hash: string) => fillPattern(LOOK_ROUTES.theme, { hash }),
};

/** The dashboard of a signed token, for `days` days (its default when absent). */
export const statsPath = {
  dashboard: (token: string, days?: number) =>
    `${fillPattern(STATS_ROUTES.dashboard, { token })}${days ? `?days=${days}` : ''}`,
};

/** An image file by its name (the name of a stored file or of one of its variants). */
export const imagePath = (name: string) => `${IMAGES_PREFIX}${encodeURIComponent(name)}`;

/** The addresses of the JSON API; the list calls always name their page. */
export const apiPath = {
  posts: (page: number) => `${API_ROUTES.posts}?page=${page}`,
  postsCate: (categoryId: number, page: number) =>
    `${fillPattern(API_ROUTES.postsCate, { categoryId })}?page=${page}`,
  postsTag: (tag: string, page: number) =>
    `${fillPattern(API_ROUTES.postsTag, { tag })}?page=${page}`,
  post: (slug: string) => fillPattern(API_ROUTES.post, { slug }),
  search: (text: string, page: number) =>
    `${fillPattern(API_ROUTES.search, { text })}?page=${page}`,
  site: () => API_ROUTES.site,
  postcates: () => API_ROUTES.postcates,
  tags: () => API_ROUTES.tags,
  preview: (token: string) => fillPattern(API_ROUTES.preview, { token }),
  employerCheck: () => API_ROUTES.employerCheck,
  contact: () => API_ROUTES.contact,
};
