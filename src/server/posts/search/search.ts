import type { Kysely } from 'kysely';
import type { PostCard } from '../../../shared/schemas/api.js';
import type { Database, Engine } from '../../db/schema.js';
import type { SearchQuery } from './search-query.js';
import { Fts5Search } from './fts5-search.js';
import { PostgresSearch } from './postgres-search.js';

export interface SearchPage {
  cards: PostCard[];
  total: number;
}

/** Full-text search over published posts, best match first; one adapter per engine. */
export interface PostSearch {
  search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage>;
}

export function createPostSearch(db: Kysely<Database>, engine: Engine): PostSearch {
  return engine === 'sqlite' ? new Fts5Search(db) : new PostgresSearch(db);
}
