import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Engine } from '../../src/server/db/schema.js';
import { PG_ADMIN_URL } from './stores.js';

/** The folder of a released version's fixture (test/fixtures/upgrade/README.md). */
export const fixtureDir = (version: string) =>
  join(import.meta.dirname, '..', 'fixtures', 'upgrade', version);

/** A store as a released version left it: its database, not yet opened by this build. */
export interface FixtureDatabase {
  url: string;
  /** Every row of `table`, ordered by `orderBy`, read with the engine's own driver. */
  rows(table: string, orderBy: string): Promise<Record<string, unknown>[]>;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database holding a released version's fixture: on SQLite a copy of its database file,
 * on PostgreSQL a new database loaded from its plain `pg_dump`.
 */
export async function fixtureDatabase(engine: Engine, version: string): Promise<FixtureDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'postfolio-upgrade-'));
    const url = join(dir, 'postfolio.db');
    copyFileSync(join(fixtureDir(version), 'sqlite.db'), url);
    return {
      url,
      rows: async (table, orderBy) => {
        const db = new BetterSqlite3(url, { readonly: true });
        try {
          return db.prepare(`SELECT * FROM ${table} ORDER BY ${orderBy}`).all() as Record<
            string,
            unknown
          >[];
        } finally {
          db.close();
        }
      },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `postfolio_upgrade_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(PG_ADMIN_URL, (c) => c.query(`CREATE DATABASE ${name}`));
  const admin = new URL(PG_ADMIN_URL);
  admin.pathname = `/${name}`;
  const url = admin.toString();
  // One multi-statement simple query: the dump sets its own session settings first.
  const dump = readFileSync(join(fixtureDir(version), 'postgres.sql'), 'utf8');
  await withClient(url, (c) => c.query(dump));
  return {
    url,
    rows: (table, orderBy) =>
      withClient(url, async (c) => {
        // The search vector is derived from the row; its text form compares like the rest.
        const result = await c.query(`SELECT * FROM ${table} ORDER BY ${orderBy}`);
        return result.rows.map((row: Record<string, unknown>) =>
          'search_vector' in row ? { ...row, search_vector: String(row.search_vector) } : row,
        );
      }),
    drop: () =>
      withClient(PG_ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => {},
      ),
  };
}
