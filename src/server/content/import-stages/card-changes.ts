import type { TagRef } from '../../../shared/schemas/tags.js';
import type { PostRow } from '../content.repository.js';
import { CHANGE_LISTED, type ContentChange } from '../../cache/content-change.js';

/**
 * What a post shows outside its own page and its text's search results: its card in the lists,
 * its link as a related post or a neighbour, its place in its category and tags.
 */
export const CARD_FIELDS = [
  'title',
  'summary',
  'image',
  'image_alt',
  'category_id',
  'published_at',
  'modified_at',
  'draft',
  'reading_minutes',
  'word_count',
] as const;

export type CardFields = Pick<PostRow, (typeof CARD_FIELDS)[number]>;

/** A post's card fields and tags as one string: equal strings show the same everywhere else. */
export function cardKey(fields: CardFields, tags: readonly TagRef[]): string {
  return JSON.stringify([
    CARD_FIELDS.map((field) => fields[field] ?? null),
    tags.map((tag) => [tag.slug, tag.name]),
  ]);
}

/** A post's card as the store holds it. */
export interface StoredCard {
  fields: CardFields;
  tags: readonly TagRef[];
}

/** Card fields that move a post between categories' counts or in and out of view. */
const COUNTED_FIELDS = ['category_id', 'draft', 'published_at'] as const;
/**
 * What another post's page shows of a post, or ranks it by, as one string: its title, summary,
 * image, date, place and tags (a related post, a neighbour); not its reading figures.
 */
const LINK_FIELDS = ['title', 'summary', 'image', 'category_id', 'published_at', 'draft'] as const;

const tagSlugs = (tags: readonly TagRef[]) => JSON.stringify(tags.map((tag) => tag.slug));

function linkKey(fields: CardFields, tags: readonly TagRef[]): string {
  return JSON.stringify([LINK_FIELDS.map((field) => fields[field]), tags.map((tag) => tag.slug)]);
}

/** Categories and tags, each list null once past CHANGE_LISTED. */
class Touched {
  categories: Set<number> | null = new Set();
  tags: Set<string> | null = new Set();

  add(fields: CardFields, tags: readonly TagRef[]): void {
    this.categories = listed(this.categories, fields.category_id);
    for (const tag of tags) this.tags = listed(this.tags, tag.slug);
  }
}

/**
 * What an import changed of the posts, post by post as it writes and removes them: the
 * ContentChange its version records, or null once it is too much to list.
 */
export class ChangeCollector {
  // Each null once past CHANGE_LISTED, so that a large import holds no long list.
  private posts: Set<string> | null = new Set();
  private tagNames: Set<string> | null = new Set();
  /** The lists whose cards changed. */
  private readonly lists = new Touched();
  /** The lists whose posts' links changed. */
  private readonly links = new Touched();
  private cards = false;
  private counts = false;
  private tagCounts = false;

  /** A post written as `fields` and `tags`, over `stored` (undefined: a new post). */
  wrote(slug: string, fields: CardFields, tags: readonly TagRef[], stored?: StoredCard): void {
    this.posts = listed(this.posts, slug);
    if (stored && cardKey(stored.fields, stored.tags) === cardKey(fields, tags)) return;
    this.cards = true;
    const moved = !stored || COUNTED_FIELDS.some((field) => stored.fields[field] !== fields[field]);
    if (moved) this.counts = true;
    if (
      (moved && (tags.length > 0 || Boolean(stored?.tags.length))) ||
      (stored && tagSlugs(stored.tags) !== tagSlugs(tags))
    )
      this.tagCounts = true;
    this.lists.add(fields, tags);
    if (stored) this.lists.add(stored.fields, stored.tags);
    if (stored && linkKey(stored.fields, stored.tags) === linkKey(fields, tags)) return;
    this.links.add(fields, tags);
    if (stored) this.links.add(stored.fields, stored.tags);
  }

  /** Tags written with a name other than the one the store holds (`inStore`, by slug). */
  named(tags: readonly TagRef[], inStore: ReadonlyMap<string, string>): void {
    for (const tag of tags) {
      const stored = inStore.get(tag.slug);
      if (stored !== undefined && stored !== tag.name)
        this.tagNames = listed(this.tagNames, tag.slug);
    }
  }

  /** A post removed from the store. */
  removed(slug: string, stored: StoredCard): void {
    this.posts = listed(this.posts, slug);
    this.cards = true;
    this.counts = true;
    if (stored.tags.length) this.tagCounts = true;
    this.lists.add(stored.fields, stored.tags);
    this.links.add(stored.fields, stored.tags);
  }

  /** False once it has touched too much to record anything but "everything changed". */
  get listing(): boolean {
    const { lists, links, tagNames } = this;
    return Boolean(lists.categories && lists.tags && links.categories && links.tags && tagNames);
  }

  /**
   * The change to record; null when it touched more categories or tags than CHANGE_LISTED (its
   * posts are then not listed: every post's answers go).
   */
  change(): ContentChange | null {
    if (!this.listing) return null;
    const { lists, links, tagNames } = this;
    return {
      posts: this.posts && [...this.posts],
      categories: [...lists.categories!],
      tags: [...lists.tags!],
      linkCategories: [...links.categories!],
      linkTags: [...links.tags!],
      tagNames: [...tagNames!],
      cards: this.cards,
      counts: this.counts,
      tagCounts: this.tagCounts,
    };
  }
}

/** `list` with `item`; null once it would hold more than CHANGE_LISTED (or was null). */
function listed<T>(list: Set<T> | null, item: T): Set<T> | null {
  if (!list) return null;
  list.add(item);
  return list.size <= CHANGE_LISTED ? list : null;
}
