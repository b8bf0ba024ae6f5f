import { API_ROUTES, pageParams, PAGE_ROUTES } from '../../shared/paths.js';

/** The API answers of lists, categories, tags and the site: cards and names, never a post's text. */
const TEXT_FREE_API = new Set<string>([
  API_ROUTES.posts,
  API_ROUTES.site,
  API_ROUTES.postcates,
  API_ROUTES.tags,
  API_ROUTES.openapi,
]);
const TEXT_FREE_API_PREFIXES = [API_ROUTES.postsCate, API_ROUTES.postsTag].map((pattern) =>
  pattern.slice(0, pattern.indexOf(':')),
);

/**
 * True when the answer cached under `url` shows no post's text: a list page, the categories,
 * the tags, the landing page or the portfolio. After an import that changed post texts alone
 * (content-state.ts, `movedTextsOnly`) those answers stay cached; a post's page and JSON, search
 * results (their excerpts and matches), feeds and the sitemap go.
 */
export function showsNoPostText(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (TEXT_FREE_API.has(path)) return true;
  for (const prefix of TEXT_FREE_API_PREFIXES)
    if (path.startsWith(prefix)) {
      const rest = path.slice(prefix.length);
      return rest !== '' && !rest.includes('/');
    }
  return (
    path === PAGE_ROUTES.landing ||
    path === PAGE_ROUTES.resume ||
    path === PAGE_ROUTES.posts ||
    pageParams('category', path) !== undefined ||
    pageParams('tag', path) !== undefined
  );
}
