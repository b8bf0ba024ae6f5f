import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import type { Engine } from '../../src/server/db/schema.js';
import { openStore, type Store } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { StoreTemplates } from './store-templates.js';

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

/** A database name of its own on the test PostgreSQL, for one test file or run. */
export const uniqueDatabase = (prefix: string) =>
  `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** The URL of a database on the test PostgreSQL. */
export function pgDatabaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement as the admin (CREATE and DROP DATABASE); PostgreSQL being away fails. */
export async function pgAdmin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** What the run's global setup (test/setup/store-templates.ts) made, if it had one. */
export const storeTemplates = (): StoreTemplates => inject('storeTemplates') ?? {};

/**
 * A fresh, migrated store on the engine; PostgreSQL being away fails the test, never skips it.
 * It starts as a copy of the run's migrated template when there is one (migrating takes most of
 * a store's making), and is migrated again either way, which finds nothing left to apply.
 */
export async function createTestStore(engine: Engine): Promise<TestStore> {
  const template = storeTemplates()[engine];
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'postfolio-test-'));
    const url = join(dir, 'test.db');
    if (template) copyFileSync(template, url);
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
  const name = uniqueDatabase('postfolio_test');
  await pgAdmin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = pgDatabaseUrl(name);
  const store = openStore(url, { poolSize: 4 });
  await migrateToLatest(store);
  return {
    store,
    url,
    drop: async () => {
      await store.close();
      await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * How many posts a SQLite store file holds, read on a connection of its own. Opened for writing,
 * as the next start opens it: a store whose writer was killed mid-write is recovered from its WAL
 * first, which a read-only connection cannot do ("attempt to write a readonly database").
 */
export function sqlitePostCount(file: string): number {
  const db = new Database(file, { fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM posts').get() as { n: number }).n;
  } finally {
    db.close();
  }
}
