import type { ExcerptSegment } from '../../../shared/schemas/api.js';
import type { CardRow } from '../post-queries.js';
import type { SearchQuery } from './search-query.js';

/**
 * A search counts its matches exactly up to this many and pages through this many at most: past
 * it the total is "1,000+" (`capped`). Counting every match of a word found in most posts reads
 * every one of them (at 100k posts on PostgreSQL, 90–190 ms); nobody pages past a thousand
 * results of a blog's search, and search engines people use stop earlier.
 */
export const SEARCH_RESULTS_CAP = 1000;

/** A matching post's card and the passage the engine chose around the match. */
export type SearchRow = CardRow & { excerpt?: ExcerptSegment[] };

/**
 * One page of search results; `total`: the matches that can be paged through, at most
 * SEARCH_RESULTS_CAP; `capped`: more posts match than that.
 */
export interface SearchPage {
  cards: SearchRow[];
  total: number;
  capped: boolean;
}

/** Full-text search over published posts, best match first; one adapter per engine. */
export interface PostSearch {
  search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage>;
}
