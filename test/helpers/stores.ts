import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Engine } from '../../src/server/db/schema.js';
import { openStore, type Store } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';

export const ENGINES: Engine[] = ['sqlite', 'postgres'];

/** The PostgreSQL server tests use; each test store is a database of its own on it. */
export const PG_ADMIN_URL =
  process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestStore {
  store: Store;
  url: string;
  /** Closes the store and removes its database or file. */
  drop(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated store on the engine; PostgreSQL being away fails the test, never skips it. */
export async function createTestStore(engine: Engine): Promise<TestStore> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'postfolio-test-'));
    const url = join(dir, 'test.db');
    const store = openStore(url);
    await migrateToLatest(store);
    return {
      store,
      url,
      drop: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `postfolio_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const admin = new URL(PG_ADMIN_URL);
  admin.pathname = `/${name}`;
  const url = admin.toString();
  const store = openStore(url, { poolSize: 4 });
  await migrateToLatest(store);
  return {
    store,
    url,
    drop: async () => {
      await store.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
