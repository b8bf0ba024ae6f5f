import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { pgAdmin, pgDatabaseUrl, uniqueDatabase } from './stores.js';

/** Where the migrated template of each engine is: a SQLite file, a PostgreSQL database name. */
export interface StoreTemplates {
  sqlite?: string;
  postgres?: string;
  /** A folder of the run's, removed with the templates, for what tests make once a run. */
  dir?: string;
}

/**
 * A store of each engine migrated to the latest schema, to be copied by `createTestStore`. An
 * engine whose template cannot be made (PostgreSQL away) is left out, and its stores are then
 * migrated one by one, failing the tests that use them as they would without templates.
 */
export async function createStoreTemplates(): Promise<{
  names: StoreTemplates;
  drop(): Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'postfolio-template-'));
  const file = join(dir, 'template.db');
  const sqlite = openStore(file);
  await migrateToLatest(sqlite);
  // Closing checkpoints the write-ahead log into the file: a copy of the file alone is whole.
  await sqlite.close();

  const database = uniqueDatabase('postfolio_template');
  let postgres: string | undefined;
  try {
    await pgAdmin(`CREATE DATABASE ${database}`);
    const store = openStore(pgDatabaseUrl(database), { poolSize: 1 });
    try {
      await migrateToLatest(store);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template that has a session open.
      await store.close();
    }
    postgres = database;
  } catch {
    await pgAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  }

  return {
    names: { sqlite: file, postgres, dir },
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      if (postgres) await pgAdmin(`DROP DATABASE IF EXISTS ${postgres} WITH (FORCE)`);
    },
  };
}
