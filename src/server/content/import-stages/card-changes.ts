import type { TagRef } from '../../../shared/schemas/tags.js';
import type { PostRow } from '../content.repository.js';
import { CHANGE_LISTED, type ContentChange } from '../../content-state/content-change.js';

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
 * What an import changed of the posts, post by post as it writes and removes them: the
 * ContentChange its version records, or null once it is too much to list.
 */
export class ChangeCollector {
  // Each emptied and null once past CHANGE_LISTED, so that a large import holds no long list.
  private posts: Set<string> | null = new Set();
  private categories: Set<number> | null = new Set();
  private tags: Set<string> | null = new Set();
  private cards = false;
  private counts = false;

  /** A post written as `fields` and `tags`, over `stored` (undefined: a new post). */
  wrote(slug: string, fields: CardFields, tags: readonly TagRef[], stored?: StoredCard): void {
    this.posts = listed(this.posts, slug);
    if (stored && cardKey(stored.fields, stored.tags) === cardKey(fields, tags)) return;
    this.cards = true;
    if (!stored || COUNTED_FIELDS.some((field) => stored.fields[field] !== fields[field]))
      this.counts = true;
    this.touch(fields, tags);
    if (stored) this.touch(stored.fields, stored.tags);
  }

  /** A post removed from the store. */
  removed(slug: string, stored: StoredCard): void {
    this.posts = listed(this.posts, slug);
    this.cards = true;
    this.counts = true;
    this.touch(stored.fields, stored.tags);
  }

  /**
   * The change to record; null when it touched more categories or tags than CHANGE_LISTED (its
   * posts are then not listed: every post's answers go).
   */
  change(): ContentChange | null {
    if (!this.categories || !this.tags) return null;
    return {
      posts: this.posts && [...this.posts],
      categories: [...this.categories],
      tags: [...this.tags],
      cards: this.cards,
      counts: this.counts,
    };
  }

  private touch(fields: CardFields, tags: readonly TagRef[]): void {
    this.categories = listed(this.categories, fields.category_id);
    for (const tag of tags) this.tags = listed(this.tags, tag.slug);
  }
}

/** `list` with `item`; null once it would hold more than CHANGE_LISTED (or was null). */
function listed<T>(list: Set<T> | null, item: T): Set<T> | null {
  if (!list) return null;
  list.add(item);
  return list.size <= CHANGE_LISTED ? list : null;
}
