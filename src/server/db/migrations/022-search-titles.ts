import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * A post's title as its search head holds it (the head's lexemes of weight A). Queries write it
 * exactly so, for PostgreSQL to match the index's expression.
 */
export const SEARCH_TITLE = sql`ts_filter(search_head, '{a}')`;

/**
 * The GIN index of the posts' titles, over published and scheduled posts only: a search reads
 * the newest matches of a word found in more than a window's worth of posts, and this finds an
 * older post whose title holds every word (decision 021). An import builds it again after a bulk
 * load, with the search index.
 */
export const POSTS_TITLE_INDEX = sql`CREATE INDEX posts_title_search_idx ON posts
  USING gin ((${SEARCH_TITLE})) WHERE draft = 0`;

/** PostgreSQL: the index of the titles' words. */
export function searchTitles(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await POSTS_TITLE_INDEX.execute(db);
    },
  };
}
