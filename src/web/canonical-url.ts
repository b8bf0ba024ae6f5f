import { PAGE_ROUTES, withoutTrailingSlashes } from '../shared/paths.js';
import { pageParam } from './data/loader-data.js';

/**
 * The address a page declares its own: its path with only the query the page reads, written as
 * the site's links write it (page 1 and unknown or malformed values left out). `/posts?page=abc`
 * and `/posts?utm_source=x` are `/posts`; `/posts?page=2&category=3` is `/posts?category=3&page=2`.
 */
export function canonicalUrl(siteUrl: string, url: URL): string {
  const kept = new URLSearchParams();
  if (url.pathname === PAGE_ROUTES.posts) {
    const category = Number(url.searchParams.get('category'));
    if (Number.isInteger(category) && category > 0) kept.set('category', String(category));
  }
  const page = pageParam(url.href);
  if (page > 1) kept.set('page', String(page));
  const query = kept.toString();
  return `${withoutTrailingSlashes(siteUrl)}${url.pathname}${query ? `?${query}` : ''}`;
}
