import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/** Bytes of new index terms SQLite's full-text index gathers in memory before writing a segment. */
export const SEARCH_INDEX_WRITE_BUFFER = 64 * 1024 * 1024;

/**
 * Lets the SQLite full-text index gather a bulk import's terms in memory. With FTS5's default
 * 1 MB buffer an import of long posts writes thousands of small segments and spends most of its
 * time sorting and merging them (measured in docs/performance.md). The buffer is only filled
 * inside a write transaction and emptied at its end; a server answering reads never holds it.
 */
export function searchIndexWriteBuffer(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return;
      // FTS5 takes its settings as integers written into the SQL (a bound JS number is a REAL).
      await sql`INSERT INTO posts_fts (posts_fts, rank)
        VALUES ('hashsize', ${sql.raw(String(SEARCH_INDEX_WRITE_BUFFER))})`.execute(db);
    },
  };
}
