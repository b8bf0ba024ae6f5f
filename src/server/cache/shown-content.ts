/**
 * The parts of the content an answer can show, each named as an import's change names what it
 * changed (content-change.ts).
 */
export const scope = {
  /** A post: its text and its card. */
  post: (slug: string) => `post:${slug}`,
  /** The cards of a category's list. */
  category: (id: number) => `category:${id}`,
  /** The cards of a tag's list. */
  tag: (slug: string) => `tag:${slug}`,
  /**
   * The links to a category's posts that another post's page shows (its related posts and
   * neighbours): title, summary, image, date and place; not the reading figures a card has.
   */
  categoryLinks: (id: number) => `category-links:${id}`,
  /** The links to a tag's posts that another post's page shows (its related posts). */
  tagLinks: (slug: string) => `tag-links:${slug}`,
  /** The name of a tag, which every post and card that carries it shows. */
  tagName: (slug: string) => `tag-name:${slug}`,
  /** Any card at all: the list of every post, the tags with their counts. */
  anyCard: 'cards',
  /** The number of posts of each category (the categories every reader page lists). */
  counts: 'counts',
} as const;

export const POST_SCOPE_PREFIX = scope.post('');

/**
 * What one answer showed of the content, recorded while it is produced, so that an import drops
 * the cached answers it changed and keeps the rest. An answer that shows something no scope
 * names (search results, feeds, a moved post) records `everything()` and goes on every change.
 */
export class ShownContent {
  private readonly shown = new Set<string>();
  private whole = false;

  add(...scopes: string[]): this {
    for (const name of scopes) this.shown.add(name);
    return this;
  }

  everything(): this {
    this.whole = true;
    return this;
  }

  /** The scopes shown; undefined when the answer may show anything. */
  get scopes(): readonly string[] | undefined {
    return this.whole ? undefined : [...this.shown];
  }
}

/** The scopes a page of cards shows besides its list's own: the tags each card names. */
export function tagsOfCards(cards: readonly { tags: readonly { slug: string }[] }[]): string[] {
  return cards.flatMap((card) => card.tags.map((tag) => scope.tagName(tag.slug)));
}
