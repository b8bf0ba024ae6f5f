/**
 * The parts of the content an answer can show, each named as an import's change names what it
 * changed (content-change.ts): a post (its text and card), the list of a category or of a tag,
 * any card at all (the list of every post, the tags with their counts), the number of posts of
 * each category (the categories every reader page lists).
 */
export const scope = {
  post: (slug: string) => `post:${slug}`,
  category: (id: number) => `category:${id}`,
  tag: (slug: string) => `tag:${slug}`,
  anyCard: 'cards',
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
  return cards.flatMap((card) => card.tags.map((tag) => scope.tag(tag.slug)));
}
