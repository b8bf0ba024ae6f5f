import { API_ROUTES, pageParams, PAGE_ROUTES, pathOf } from '../../shared/paths.js';
import { SLUG_PATTERN } from '../../shared/slugs.js';

/** The API answers of lists, categories, tags and the site: cards and names, never a post's text. */
const TEXT_FREE_API = new Set<string>([
  API_ROUTES.posts,
  API_ROUTES.site,
  API_ROUTES.postcates,
  API_ROUTES.tags,
  API_ROUTES.openapi,
]);
/** An API route's path up to its first parameter. */
const prefixOf = (pattern: string) => pattern.slice(0, pattern.indexOf(':'));
const TEXT_FREE_API_PREFIXES = [API_ROUTES.postsCate, API_ROUTES.postsTag].map(prefixOf);

/**
 * True when the answer cached under `url` shows no post's text: a list page, the categories,
 * the tags, the landing page or the portfolio. After an import that changed post texts alone
 * (content-state.ts, `movedTextsOnly`) those answers stay cached; a post's page and JSON, search
 * results (their excerpts and matches), feeds and the sitemap go.
 */
export function showsNoPostText(url: string): boolean {
  const path = pathOf(url);
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

const POST_VIEW_PREFIX = prefixOf(API_ROUTES.post);
const SLUG = new RegExp(SLUG_PATTERN);

/**
 * The post whose page or JSON view is cached under `url`, when it is one in the slug's own form;
 * undefined for any other answer, or a post's address in another form (percent-encoded, upper
 * case), which is then treated as any text-bearing answer.
 */
export function postOf(url: string): string | undefined {
  const path = pathOf(url);
  const slug = path.startsWith(POST_VIEW_PREFIX)
    ? path.slice(POST_VIEW_PREFIX.length)
    : pageParams('post', path)?.slug;
  return slug !== undefined && SLUG.test(slug) ? slug : undefined;
}

/**
 * What stays cached after an import that changed post texts alone: every answer that shows no
 * post's text and, when the edited posts are listed, the pages and views of every other post
 * (they show the edited ones by card only, which a text edit leaves as it was). Search results,
 * feeds and the sitemap go.
 */
export function keptAfterTextEdits(edited: readonly string[] | null): (url: string) => boolean {
  if (edited === null) return showsNoPostText;
  const changed = new Set(edited);
  return (url) => {
    if (showsNoPostText(url)) return true;
    const post = postOf(url);
    return post !== undefined && !changed.has(post);
  };
}
