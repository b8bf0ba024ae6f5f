import { open } from 'node:fs/promises';
import type { Store } from '../db/connection.js';
import { BackupError, reason } from './backup-errors.js';
import { restorePostgres } from './restore-postgres.js';
import { restoreSqlite, type RestoreProgress, type RestoreResult } from './restore-sqlite.js';

export type { RestoreProgress, RestoreResult };

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** Which kind of backup a file is, by its first bytes. */
async function kindOf(file: string): Promise<'sqlite' | 'postgres'> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(SQLITE_MAGIC.length);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new BackupError(`${file} cannot be read (${reason(error)})`);
  }
  if (head.equals(SQLITE_MAGIC)) return 'sqlite';
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) return 'postgres';
  throw new BackupError(
    `${file} is not a Postfolio backup: it is neither a SQLite database nor a gzip-compressed backup of PostgreSQL`,
  );
}

const ENGINE_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/**
 * Replaces the store's content with a backup written by `backupStore` on the same engine,
 * atomically; running servers pick the restored content up through the content version.
 * The store must be migrated first (a backup from an older schema is brought up to date).
 */
export async function restoreStore(
  store: Store,
  file: string,
  onProgress?: RestoreProgress,
): Promise<RestoreResult> {
  const kind = await kindOf(file);
  if (kind !== store.engine)
    throw new BackupError(
      `${file} is a backup of a ${ENGINE_NAMES[kind]} store, and ${store.label} is ${ENGINE_NAMES[store.engine]}; ` +
        'to move between engines, export the store (postfolio export <dir>) and import the folder',
    );
  return kind === 'sqlite'
    ? restoreSqlite(store, file, onProgress)
    : restorePostgres(store, file, onProgress);
}
