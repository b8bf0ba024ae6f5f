import { sql, type Kysely } from 'kysely';
import { isSqliteBusy, SQLITE_BUSY_TIMEOUT_MS } from './connection.js';

type JournalMode = 'wal' | 'delete';

/**
 * Sets SQLite's journal mode without waiting for other connections: leaving the write-ahead
 * log needs the only connection to the file, and a server holding one must not stall the caller
 * for the busy timeout. True when the store is now in `mode`.
 */
async function switchJournal<DB>(db: Kysely<DB>, mode: JournalMode): Promise<boolean> {
  await sql`PRAGMA busy_timeout = 0`.execute(db);
  try {
    const { rows } = await sql<{
      journal_mode: string;
    }>`PRAGMA journal_mode = ${sql.raw(mode)}`.execute(db);
    return rows[0]?.journal_mode === mode;
  } catch (error) {
    if (isSqliteBusy(error)) return false;
    throw error;
  } finally {
    await sql`PRAGMA busy_timeout = ${sql.raw(String(SQLITE_BUSY_TIMEOUT_MS))}`.execute(db);
  }
}

/**
 * Runs a bulk write into a SQLite file through a rollback journal when this connection is the
 * file's only one, and goes back to the write-ahead log after. In WAL mode every page of a
 * gigabyte import is written twice, once to the log and once more when the commit copies the log
 * into the file; a rollback journal holds only the pages that existed before, so into an empty
 * store nearly everything is written once (100,000 posts: ≈ 30 % less time, decision 006).
 * The write stays atomic: a crash leaves the journal, and the next connection rolls the file back
 * with it. Readers would be locked out of the file until the commit, hence the only-connection
 * rule; with any other connection open (a running server) the write goes through the WAL as usual.
 */
export async function withRollbackJournal<T, DB>(
  db: Kysely<DB>,
  write: () => Promise<T>,
): Promise<T> {
  const { rows } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
  if (rows[0]?.journal_mode !== 'wal' || !(await switchJournal(db, 'delete'))) return write();
  try {
    return await write();
  } finally {
    // Should a connection have come in meanwhile, the file stays in rollback mode until the next
    // open, which sets WAL again (openStore); the write itself is done either way.
    await switchJournal(db, 'wal');
  }
}
