import { CONTENT_CHANNEL } from '../content-state/content-state.js';
import type { Store } from '../db/connection.js';
import { knownMigrations } from '../db/migrate.js';
import { BackupError } from './backup-errors.js';
import { readBackupFile, type BackupHeader } from './backup-file.js';
import { BackupRepository, type BackupTable, type Row } from './backup.repository.js';
import type { RestoreProgress, RestoreResult } from './restore-sqlite.js';
import { checkSchema } from './schema-version.js';

/**
 * Reads the whole file once, so that a damaged or foreign one is refused before the store is
 * touched; returns its header and how many rows it holds.
 */
async function checkedHeader(file: string): Promise<{ header: BackupHeader; rows: number }> {
  let header: BackupHeader | undefined;
  let rows = 0;
  for await (const event of readBackupFile(file)) {
    if (event.kind === 'rows') rows += event.rows.length;
    if (event.kind !== 'header') continue;
    header = event.header;
    if (header.engine !== 'postgres')
      throw new BackupError(
        `${file} says it is a backup of a ${header.engine} store, not PostgreSQL`,
      );
    checkSchema(file, header.migrations, knownMigrations('postgres'));
  }
  return { header: header!, rows };
}

/**
 * Replaces a PostgreSQL store with a backup in one transaction: the tables are locked against
 * writers (readers keep reading the old rows until the commit), emptied and loaded, the identity
 * sequences moved past the loaded ids, and the content version moved past both the store's and
 * the backup's, with a NOTIFY so that every server drops its caches at the commit.
 */
export async function restorePostgres(
  store: Store,
  file: string,
  onProgress?: RestoreProgress,
): Promise<RestoreResult> {
  const { header, rows: total } = await checkedHeader(file);
  let loaded = 0;
  const version = await store.db.transaction().execute(async (trx) => {
    const repository = new BackupRepository(trx, 'postgres');
    await repository.lockForRestore();
    const before = await repository.contentVersion();
    await repository.deleteAll();
    onProgress?.(0, total);
    const columnsNow = new Map<BackupTable, Set<string>>();
    for await (const event of readBackupFile(file)) {
      if (event.kind !== 'rows') continue;
      const { table, columns, rows } = event;
      if (!columnsNow.has(table)) columnsNow.set(table, new Set(await repository.columns(table)));
      // A column a later migration dropped is left out; one it added takes its default.
      const kept = columns.filter((column) => columnsNow.get(table)!.has(column));
      await repository.insertRows(
        table,
        rows.map((values) => {
          const row: Row = {};
          for (const column of kept) row[column] = values[columns.indexOf(column)];
          return row;
        }),
      );
      onProgress?.((loaded += rows.length), total);
    }
    const next = Math.max(before, await repository.contentVersion()) + 1;
    await repository.setContentVersion(next);
    await repository.followIdentities();
    await repository.notify(CONTENT_CHANNEL);
    return next;
  });
  return { schema: header.schema, version };
}
