import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * The counts of the built-in analytics (src/server/analytics/, docs/analytics.md), and what
 * counting unique visitors needs for the current day only:
 *
 * - `analytics_counts`: one row per period (an hour `2026-05-04T13`, a day `2026-05-04` or a month
 *   `2026-05`), kind of count, path and value (a referrer's host, a search's words…), added to by
 *   every process's batches through the unique key. `peak` keeps a maximum instead of a sum (a
 *   search's result count, a feed reader's subscribers). An id like every table's, by which
 *   backups read it in order.
 * - `analytics_visitors`: the day's visitor hashes per path, so that a visitor seen by two
 *   workers or instances is one visitor; deleted when the day is over.
 * - `analytics_salts`: the day's random salt of those hashes, shared by every process of the
 *   store; deleted with the day's hashes. Neither of the two is backed up or exported.
 */
export function analytics(engine: Engine) {
  const count = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('analytics_counts')
        .addColumn('id', 'integer', (col) =>
          engine === 'sqlite'
            ? col.primaryKey().autoIncrement()
            : col.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('period', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('count', count, (col) => col.notNull())
        .addColumn('peak', count, (col) => col.notNull().defaultTo(0))
        .addUniqueConstraint('analytics_counts_key', ['period', 'kind', 'path', 'value'])
        .execute();
      // A SQLite table keyed by its primary key alone, not by a rowid beside it: half the size.
      const keyedOnly = engine === 'sqlite' ? sql`without rowid` : sql``;
      await db.schema
        .createTable('analytics_visitors')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('visitor', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('analytics_visitors_key', ['day', 'path', 'visitor'])
        .modifyEnd(keyedOnly)
        .execute();
      await db.schema
        .createTable('analytics_salts')
        .addColumn('day', 'text', (col) => col.primaryKey())
        .addColumn('salt', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
