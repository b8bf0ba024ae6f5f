import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PG_ADMIN_URL } from '../../helpers/stores.js';

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
export async function pgAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
