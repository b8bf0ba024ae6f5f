import { mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Store } from '../db/connection.js';
import type { Engine } from '../db/schema.js';
import { publishFile, removeQuietly, temporaryName } from './atomic-file.js';
import { BackupError } from './backup-errors.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  endLine,
  headerLine,
  rowLine,
  tableLine,
  writeGzipLines,
} from './backup-file.js';
import { BACKUP_TABLES, BackupRepository, inSnapshot, type Row } from './backup.repository.js';
import { ROWS_PER_INSERT } from '../db/batches.js';
import { newest } from './schema-version.js';

export const BACKUPS_DIR = join('data', 'backups');

export interface BackupResult {
  file: string;
  /** The newest migration applied to the store that was backed up. */
  schema: string;
  bytes: number;
  /** Rows written per table (PostgreSQL). */
  rows?: Record<string, number>;
}

/** data/backups/postfolio-2026-05-01T12-30-05-123Z.db (SQLite) or .jsonl.gz (PostgreSQL). */
export function defaultBackupFile(engine: Engine, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return join(BACKUPS_DIR, `postfolio-${stamp}${engine === 'sqlite' ? '.db' : '.jsonl.gz'}`);
}

function schemaOf(store: Store, applied: string[] | null): string {
  if (!applied?.length)
    throw new BackupError(
      `${store.label} has no schema yet (run postfolio migrate): nothing to back up`,
    );
  return newest(applied);
}

/**
 * Writes a consistent snapshot of the store into `file` while the site goes on serving and
 * writing: SQLite's VACUUM INTO (a compacted copy of the file, read in one transaction), or for
 * PostgreSQL every table as JSON lines read in one REPEATABLE READ transaction (backup-file.ts).
 * The analytics' counts are in it; the day's visitor hashes and salt are not.
 * The file appears under its name only when complete; an existing file is never overwritten.
 */
export async function backupStore(
  store: Store,
  file = defaultBackupFile(store.engine),
  /** Rows written so far, of all (PostgreSQL; SQLite's copy is one statement). */
  onProgress?: (done: number, total: number) => void,
): Promise<BackupResult> {
  if (await stat(file).catch(() => null))
    throw new BackupError(`${file} already exists; choose another name, or move it away first`);
  await mkdir(dirname(file), { recursive: true });
  const temporary = temporaryName(file);
  try {
    let result: Omit<BackupResult, 'bytes'>;
    if (store.engine === 'sqlite') {
      const repository = new BackupRepository(store.db, store.engine);
      const schema = schemaOf(store, await repository.appliedMigrations());
      await repository.vacuumInto(temporary);
      await repository.emptyDayOnlyTables(temporary);
      result = { file, schema };
    } else {
      const written = await inSnapshot(store, (trx) =>
        writeTables(store, new BackupRepository(trx, store.engine), temporary, onProgress),
      );
      result = { file, ...written };
    }
    await publishFile(temporary, file);
    return { ...result, bytes: (await stat(file)).size };
  } finally {
    await removeQuietly(temporary);
  }
}

async function writeTables(
  store: Store,
  repository: BackupRepository,
  temporary: string,
  onProgress?: (done: number, total: number) => void,
): Promise<{ schema: string; rows: Record<string, number> }> {
  const migrations = await repository.appliedMigrations();
  const schema = schemaOf(store, migrations);
  const counts: Record<string, number> = {};
  let total = 0;
  if (onProgress) for (const table of BACKUP_TABLES) total += await repository.rowCount(table);
  let written = 0;
  onProgress?.(0, total);
  async function* lines() {
    yield headerLine({
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      engine: store.engine,
      schema,
      migrations: migrations!,
      created_at: new Date().toISOString(),
      tables: [...BACKUP_TABLES],
    });
    for (const table of BACKUP_TABLES) {
      const columns = await repository.columns(table);
      yield tableLine(table, columns);
      counts[table] = 0;
      for (let after = 0; ;) {
        const rows: Row[] = await repository.rowsAfter(table, columns, after, ROWS_PER_INSERT);
        if (rows.length === 0) break;
        for (const row of rows) yield rowLine(columns.map((column) => row[column]));
        counts[table] += rows.length;
        onProgress?.((written += rows.length), total);
        after = Number(rows.at(-1)!.id);
      }
    }
    yield endLine(counts);
  }
  await writeGzipLines(temporary, lines());
  return { schema, rows: counts };
}
