import {
  API_ROUTES,
  FEED_ROUTES,
  isApiPath,
  PAGE_ROUTES,
  pageParams,
  pathOf,
} from '../../shared/paths.js';
import type { CachedResponse } from '../cache/response-cache.js';

/** What an answer from a cache entry counts as; undefined: nothing (assets, images, redirects). */
export type Counted =
  | { kind: 'page'; path: string }
  /** A JSON read the site's own page makes when the reader moves to `path` in the app. */
  | { kind: 'read'; path: string }
  | {
      kind: 'search';
      path: string;
      /** The words, or undefined for a page after the first of a search (not a new search). */
      words: string | undefined;
      found: number;
      /** Asked by the site's page through the API: counted only when it says so. */
      api: boolean;
    }
  | { kind: 'missing'; path: string }
  | { kind: 'feed'; path: string };

/** A search's pages all count as views of this one path: its words are counted apart. */
export const SEARCH_PATH = PAGE_ROUTES.search;
/** The longest words and paths kept; longer ones are cut. */
export const TEXT_LENGTH = 100;
const PATH_LENGTH = 200;

const patternOf = (route: string) =>
  new RegExp(
    `^${route
      .split(/:[A-Za-z]+/)
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('([^/]+)')}$`,
  );

/** The API reads the web app makes to show a page, and the page each shows. */
const API_READS: ReadonlyArray<[RegExp, (param: string) => string]> = [
  [patternOf(API_ROUTES.post), (slug) => `/${slug}`],
  [patternOf(API_ROUTES.postsCate), (id) => `/cate/${id}`],
  [patternOf(API_ROUTES.postsTag), (tag) => `/tag/${tag}`],
  [/^\/api\/posts$/, () => PAGE_ROUTES.posts],
];
const API_SEARCH = patternOf(API_ROUTES.search);

const isFeedPath = (path: string) =>
  path === FEED_ROUTES.rss || (path.startsWith('/feeds/') && path.endsWith('.xml'));

/** A search's words as counted: decoded, trimmed, lower case, spaces collapsed, cut. */
export function searchWords(encoded: string): string {
  let text: string;
  try {
    text = decodeURIComponent(encoded);
  } catch {
    text = encoded;
  }
  return text.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, TEXT_LENGTH);
}

/** Whether a URL asks for the first page of a list (`page` absent or 1). */
function firstPage(url: string): boolean {
  const query = url.indexOf('?');
  if (query === -1) return true;
  const page = new URLSearchParams(url.slice(query + 1)).get('page');
  return page === null || page === '1';
}

function search(url: string, encoded: string, entry: CachedResponse, api: boolean): Counted {
  return {
    kind: 'search',
    path: SEARCH_PATH,
    words: firstPage(url) ? searchWords(encoded) : undefined,
    found: entry.found ?? 0,
    api,
  };
}

function apiAnswer(url: string, path: string, entry: CachedResponse): Counted | undefined {
  if (entry.statusCode !== 200) return undefined;
  const words = API_SEARCH.exec(path);
  if (words) return search(url, words[1]!, entry, true);
  for (const [pattern, page] of API_READS) {
    const found = pattern.exec(path);
    if (found) return { kind: 'read', path: page(found[1] ?? '').slice(0, PATH_LENGTH) };
  }
  return undefined;
}

/** What an answer from `entry` to `url` counts as, worked out from the entry and its URL alone. */
export function countedAs(entry: CachedResponse, url: string): Counted | undefined {
  const path = pathOf(url);
  if (isApiPath(path)) return apiAnswer(url, path, entry);
  if (entry.contentType.startsWith('text/html')) {
    if (entry.statusCode === 404 || entry.statusCode === 410)
      return { kind: 'missing', path: path.slice(0, PATH_LENGTH) };
    if (entry.statusCode !== 200 || pageParams('preview', path)) return undefined;
    const searched = pageParams('search', path);
    if (searched) return search(url, searched.text, entry, false);
    return { kind: 'page', path: path.slice(0, PATH_LENGTH) };
  }
  if (entry.statusCode === 200 && isFeedPath(path)) return { kind: 'feed', path };
  return undefined;
}

const memo = new WeakMap<CachedResponse, Counted | null>();

/** `countedAs`, once per entry: a cached entry answers one URL, many times. */
export function countedAnswer(entry: CachedResponse, url: string): Counted | undefined {
  let counted = memo.get(entry);
  if (counted === undefined) {
    counted = countedAs(entry, url) ?? null;
    memo.set(entry, counted);
  }
  return counted ?? undefined;
}

/**
 * The page a beacon reports (its address as the browser shows it) counts as, as its answer would:
 * a search's pages as SEARCH_PATH; undefined for what is no page of the site (the API, previews,
 * another origin, an address too long).
 */
export function pageOfBeacon(url: string): string | undefined {
  if (!url.startsWith('/') || url.startsWith('//') || url.length > 2000) return undefined;
  const path = pathOf(url);
  if (isApiPath(path) || pageParams('preview', path) || path.length > PATH_LENGTH) return undefined;
  return pageParams('search', path) ? SEARCH_PATH : path;
}
