import type { Kysely } from 'kysely';
import type { Database, Engine } from '../../db/schema.js';
import { systemClock, type Clock } from '../../schedule/clock.js';
import { Fts5Search } from './fts5-search.js';
import { PostgresSearch } from './postgres-search.js';
import type { PostSearch } from './search-types.js';

export type { PostSearch, SearchPage } from './search-types.js';

/** The search adapter of the store's engine, over the posts visible by `clock`. */
export function createPostSearch(
  db: Kysely<Database>,
  engine: Engine,
  clock: Clock = systemClock,
): PostSearch {
  return engine === 'sqlite'
    ? new Fts5Search(db, undefined, undefined, clock)
    : new PostgresSearch(db, undefined, clock);
}
