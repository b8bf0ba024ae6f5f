import type { TagRef } from '../../../shared/schemas/tags.js';
import type { PostRow } from '../content.repository.js';

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
