/** Where a page of a list begins: its first post's place in the newest-first order. */
export interface PageKey {
  published_at: string;
  id: number;
}

/**
 * The first post of every page of one list (all posts, or one category's) and the list's
 * length, held in memory until the content changes. A page is then read from its key, never by
 * skipping the posts before it, and no request counts rows. At 100,000 posts and 12 a page this
 * is 8,334 keys (≈ 0.4 MB).
 */
export class PageStarts {
  private readonly dates: string[];
  private readonly ids: Int32Array;

  constructor(
    starts: readonly PageKey[],
    /** How many posts the list holds. */
    readonly total: number,
  ) {
    this.dates = starts.map((key) => key.published_at);
    this.ids = Int32Array.from(starts, (key) => key.id);
  }

  /** How many pages the list fills (0 when it is empty). */
  get pages(): number {
    return this.ids.length;
  }

  /** The key of page `page` (1-based), or undefined past the last page. */
  start(page: number): PageKey | undefined {
    const index = page - 1;
    if (!Number.isInteger(index) || index < 0 || index >= this.ids.length) return undefined;
    return { published_at: this.dates[index]!, id: this.ids[index]! };
  }
}
