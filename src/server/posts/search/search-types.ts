import type { CardRow } from '../post-queries.js';
import type { SearchQuery } from './search-query.js';

/** One page of search results and the number of matches in all. */
export interface SearchPage {
  cards: CardRow[];
  total: number;
}

/** Full-text search over published posts, best match first; one adapter per engine. */
export interface PostSearch {
  search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage>;
}
