import type { ExcerptSegment } from '../../../shared/schemas/api.js';
import type { CardRow } from '../post-queries.js';
import type { SearchQuery } from './search-query.js';

/** A matching post's card and the passage the engine chose around the match. */
export type SearchRow = CardRow & { excerpt?: ExcerptSegment[] };

/** One page of search results and the number of matches in all. */
export interface SearchPage {
  cards: SearchRow[];
  total: number;
}

/** Full-text search over published posts, best match first; one adapter per engine. */
export interface PostSearch {
  search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage>;
}
