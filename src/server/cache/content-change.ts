import { POST_SCOPE_PREFIX, scope } from './shown-content.js';

/**
 * What an import changed of the posts, recorded with the version it made (migration 016), so
 * that every instance keeps the cached answers that show none of it. An import that changed
 * the site config, the images or a slug records none: every answer then goes.
 */
export interface ContentChange {
  /** The posts written, edited or removed; null when more than CHANGE_LISTED. */
  posts: readonly string[] | null;
  /** The categories whose lists changed: of every post whose card changed, before and after. */
  categories: readonly number[];
  /** The tags (by slug) whose lists changed, as the categories. */
  tags: readonly string[];
  /** The categories of every post whose link changed (shown-content.ts, `categoryLinks`). */
  linkCategories: readonly number[];
  /** The tags of every post whose link changed. */
  linkTags: readonly string[];
  /** The tags whose names changed. */
  tagNames: readonly string[];
  /** Some post's card changed (it was added, removed, or changed beyond its text). */
  cards: boolean;
  /**
   * Some category's number of posts may have changed (a post added, removed, moved, hidden, its
   * date changed): the page starts of the lists and the categories' counts move.
   */
  counts: boolean;
  /** Some tag's number of posts may have changed: its list's page starts and count move. */
  tagCounts: boolean;
}

/** Posts, categories or tags listed at most: ≈ 30 KB of JSON in the content state's row. */
export const CHANGE_LISTED = 1000;

/** A change of post texts alone: those posts' pages and views go, the rest stays. */
export function textEdits(posts: readonly string[] | null): ContentChange {
  return {
    posts,
    categories: [],
    tags: [],
    linkCategories: [],
    linkTags: [],
    tagNames: [],
    cards: false,
    counts: false,
    tagCounts: false,
  };
}

/**
 * Whether an answer that showed `shown` (ShownContent's scopes) is as it was after `change`:
 * true when it shows none of what changed.
 */
export function keptAfter(
  change: ContentChange,
): (shown: readonly string[] | undefined) => boolean {
  const changed = new Set<string>([
    ...change.categories.map(scope.category),
    ...change.tags.map(scope.tag),
    ...change.linkCategories.map(scope.categoryLinks),
    ...change.linkTags.map(scope.tagLinks),
    ...change.tagNames.map(scope.tagName),
    ...(change.posts ?? []).map(scope.post),
  ]);
  if (change.cards) changed.add(scope.anyCard);
  if (change.counts) changed.add(scope.counts);
  const everyPost = change.posts === null;
  return (shown) =>
    shown !== undefined &&
    shown.every((name) => !changed.has(name) && !(everyPost && name.startsWith(POST_SCOPE_PREFIX)));
}
