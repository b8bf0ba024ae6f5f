import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { objectRows, type RowStatement } from './row-objects.js';

/** Distinct SQL texts kept prepared; the app has a few dozen, plus one per `IN (…)` length. */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * better-sqlite3 as Kysely's SQLite dialect sees it, with each SQL text prepared once. Kysely
 * prepares every query anew, and SQLite's parse and plan cost ≈ 20 µs a query, as much as the
 * lookup itself on an uncached post view (docs/performance.md). Rows are made by `objectRows`.
 * Least recently used texts are dropped past `size`. A statement that is still iterating (a
 * streamed query) is busy, so the same text then gets a fresh statement instead.
 */
export function withStatementCache(
  db: BetterSqlite3.Database,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, RowStatement>();
  return {
    close: () => db.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.statement.busy) {
        // Moved to the back: the Map's order is the recency order.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = objectRows(db.prepare(sql));
      if (cached) return statement;
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
