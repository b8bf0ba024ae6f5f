import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * The rate limits' counts on PostgreSQL (http/store-rate-limit.ts), shared by every instance of
 * the store so that a client has one limit, not one per instance. UNLOGGED: a count lives a
 * minute, so it is not worth a write-ahead log record per attempt, and a crash that empties the
 * table loses at most one window of counts (decision 018). No index beside the key: the key never
 * changes, so PostgreSQL updates a row in place (HOT), and the sweep of ended windows reads a
 * table of one row per client seen this minute. SQLite keeps counting in each process.
 */
export function rateLimitCounts(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`CREATE UNLOGGED TABLE rate_limit_counts (
        key text PRIMARY KEY,
        count integer NOT NULL,
        ends_at timestamptz NOT NULL
      )`.execute(db);
    },
  };
}
