import { PAGE_ROUTES } from '../../shared/paths.js';
import { ResponseCache } from '../cache/response-cache.js';
import { CACHE_CONTROL, PRIVATE_NO_STORE } from '../cache/cache-policy.js';

/**
 * Every answer under /preview/: for the link's holder only. No shared cache or browser may store
 * it, and no search engine may index it, even if the link leaks.
 */
export const PREVIEW_HEADERS: Readonly<Record<string, string>> = {
  [CACHE_CONTROL]: PRIVATE_NO_STORE,
  'x-robots-tag': 'noindex',
};

/** The preview page's path up to its token. */
const PREVIEW_PREFIX = PAGE_ROUTES.preview.slice(0, PAGE_ROUTES.preview.indexOf(':'));

export const isPreviewUrl = (url: string) => url.startsWith(PREVIEW_PREFIX);

/** Produces answers through the same path as the page cache, and keeps none of them. */
export const neverStored = new ResponseCache(0, 0);
