import { copyFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { openStore, type Store } from '../db/connection.js';
import { knownMigrations, migrateToLatest } from '../db/migrate.js';
import { removeQuietly } from './atomic-file.js';
import { BackupError, reason } from './backup-errors.js';
import { BackupRepository } from './backup.repository.js';
import { checkSchema, newest } from './schema-version.js';

export interface RestoreResult {
  /** The schema version the backup was written at. */
  schema: string;
  /** The content version the store has now. */
  version: number;
}

/** Pages copied (SQLite) or rows loaded (PostgreSQL) so far, of all. */
export type RestoreProgress = (done: number, total: number) => void;

/** Pages a step of the copy takes: better-sqlite3's own default, kept when progress is told. */
const PAGES_PER_STEP = 100;

/** How long the copy waits for a writer of the live file to let go before it gives up, ms. */
const COPY_WAIT_MS = 30_000;

/**
 * Checks a copy of the backup and brings it to this build's schema: SQLite's integrity and
 * foreign-key checks, then its migrations. Returns the schema it was written at.
 */
async function prepareCopy(file: string, copy: string, version: number): Promise<string> {
  let candidate: Store;
  try {
    candidate = openStore(copy);
  } catch (error) {
    throw new BackupError(`${file} is corrupt or not a SQLite database (${reason(error)})`);
  }
  try {
    const repository = new BackupRepository(candidate.db, 'sqlite');
    let problems: string[];
    let applied: string[] | null;
    try {
      problems = await repository.integrityProblems();
      applied = await repository.appliedMigrations();
    } catch (error) {
      throw new BackupError(`${file} is corrupt (${reason(error)})`);
    }
    if (problems.length)
      throw new BackupError(`${file} is corrupt: ${problems.slice(0, 3).join('; ')}`);
    if (applied === null)
      throw new BackupError(`${file} is a SQLite database, but not a Postfolio backup`);
    checkSchema(file, applied, knownMigrations('sqlite'));
    await migrateToLatest(candidate);
    await repository.setContentVersion(Math.max(version, await repository.contentVersion()) + 1);
    await repository.useRollbackJournal();
    return newest(applied);
  } finally {
    await candidate.close();
  }
}

/**
 * Copies a database into the live file with SQLite's online backup API, through a connection
 * of its own: one write transaction, so that a running server's connections read the old
 * content until it commits and the new content after, and the write-ahead log stays in charge.
 * (A file renamed over the live one would go unseen by every connection already open.)
 * better-sqlite3 reports a copy whose first step found the file locked as done with 0 pages, so
 * the copy is repeated until a step gets through.
 */
async function copyInto(source: string, live: string, onProgress?: RestoreProgress): Promise<void> {
  const database = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    for (const started = Date.now(); ; await sleep(50)) {
      const { totalPages } = await database.backup(live, {
        progress: (step) => {
          onProgress?.(step.totalPages - step.remainingPages, step.totalPages);
          return PAGES_PER_STEP;
        },
      });
      if (totalPages > 0) {
        onProgress?.(totalPages, totalPages);
        return;
      }
      if (Date.now() - started > COPY_WAIT_MS)
        throw new BackupError(
          `${live} stayed locked by another process for ${COPY_WAIT_MS / 1000} s; nothing was restored`,
        );
    }
  } finally {
    database.close();
  }
}

/**
 * Replaces a SQLite store with a backup file, atomically, while servers may be reading and
 * writing it. The backup is copied and checked first, and refused if it is corrupt, foreign or
 * from a newer schema; the store is not touched until then. The content version moves past both
 * the store's and the backup's, so that every server drops its caches.
 */
export async function restoreSqlite(
  store: Store,
  file: string,
  onProgress?: RestoreProgress,
): Promise<RestoreResult> {
  const live = store.file;
  if (!live || live === ':memory:')
    throw new BackupError(`${store.label} is not a file to restore into`);
  const copy = `${live}.restore-${process.pid}.tmp`;
  try {
    await copyFile(file, copy);
    const before = await new BackupRepository(store.db, 'sqlite').contentVersion();
    const schema = await prepareCopy(file, copy, before);
    await copyInto(copy, live, onProgress);
    const version = await new BackupRepository(store.db, 'sqlite').contentVersion();
    if (version <= before)
      throw new BackupError(`the copy into ${live} did not complete; the store is as it was`);
    return { schema, version };
  } finally {
    await removeQuietly(copy, `${copy}-wal`, `${copy}-shm`, `${copy}-journal`);
  }
}
