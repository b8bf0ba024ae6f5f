import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';
import { searchText } from './020-search-split-words.js';

/** A post's search bucket is its id shifted right by this many bits: buckets of 1,024 ids. */
export const SEARCH_BUCKET_BITS = 10;

/** How many ids a search bucket spans. */
export const SEARCH_BUCKET_IDS = 2 ** SEARCH_BUCKET_BITS;

/**
 * A post's search bucket as the GIN index holds it, a vector of one lexeme (`'97'`): a query
 * ANDs the buckets it reads with its words, so the index skips the postings of other buckets.
 * Queries write it exactly so, for PostgreSQL to match the index's expression.
 */
export const SEARCH_BUCKET = sql`array_to_tsvector(ARRAY[(id >> ${sql.lit(SEARCH_BUCKET_BITS)})::text])`;

/**
 * The GIN index of the search vector and the post's bucket, over published and scheduled posts
 * only. An import builds it again after a bulk load.
 */
export const POSTS_SEARCH_INDEX = sql`CREATE INDEX posts_search_idx ON posts
  USING gin (search_vector, (${SEARCH_BUCKET})) WHERE draft = 0`;

/**
 * PostgreSQL: the search index gains each post's bucket, and the ranking vector holds the title
 * and summary only (the body's first words made each row ≈ 1.4 KB: at 100k posts a heap larger
 * than the default shared_buffers, which a search read back from the OS). One ALTER TABLE
 * rewrites the table once.
 */
export function searchBuckets(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`DROP INDEX IF EXISTS posts_search_idx`.execute(db);
      await sql`ALTER TABLE posts DROP COLUMN search_head,
        ADD COLUMN search_head tsvector
          GENERATED ALWAYS AS (${searchText(sql`title`, 'A')} || ${searchText(sql`summary`, 'B')}) STORED`.execute(
        db,
      );
      await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
      await POSTS_SEARCH_INDEX.execute(db);
    },
  };
}
