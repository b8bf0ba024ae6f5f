import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { SETTINGS } from '../settings/vocabulary.js';
import { LiteralLimitsPlugin } from './literal-limits.js';
import type pg from 'pg';
import { listenOnPostgres, type Listen } from './notifications.js';
import { withStatementCache } from './statement-cache.js';
import type { Database, Engine } from './schema.js';

/** An open database: the typed query builder plus which engine answers it. */
export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  /** A description safe to log (no password). */
  label: string;
  /** The database file of a SQLite store; absent on PostgreSQL. */
  file?: string;
  /** Notifications between instances (PostgreSQL's LISTEN); absent on SQLite. */
  listen?: Listen;
  close(): Promise<void>;
}

export const DEFAULT_SQLITE_PATH = SETTINGS.DATABASE_URL.default;
/** How long a SQLite statement waits for another connection's lock before it fails. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** SQLite's page cache per connection (see openSqlite). */
const SQLITE_CACHE_KB = 4096;

/**
 * The PostgreSQL driver, loaded only for a PostgreSQL store: a SQLite server (the default) is
 * 3 MB of heap lighter without it.
 */
function loadPg(): typeof pg {
  const driver = createRequire(import.meta.url)('pg') as typeof pg;
  // COUNT(*) and BIGINT come back from pg as strings; every count here fits a JS number.
  driver.types.setTypeParser(driver.types.builtins.INT8, (value) => Number(value));
  return driver;
}

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** Opens the store named by a DATABASE_URL: unset → the default SQLite file, a path → that file. */
export function openStore(
  databaseUrl: string | undefined,
  options: { poolSize?: number } = {},
): Store {
  if (databaseUrl && isPostgresUrl(databaseUrl))
    return openPostgres(databaseUrl, options.poolSize ?? 10);
  const file = databaseUrl?.replace(/^sqlite:(\/\/)?/, '') || DEFAULT_SQLITE_PATH;
  return openSqlite(file);
}

/** The SQLite file is held by another process for longer than the busy timeout. */
export class StoreLockedError extends Error {}

/** True for SQLite's "database is locked": another connection holds the lock a statement needs. */
export function isSqliteBusy(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
}

function openSqlite(file: string): Store {
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  // The busy timeout is set at open, so that the WAL pragma below waits for another connection too.
  const sqlite = new SqliteDatabase(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    sqlite.pragma('journal_mode = WAL');
  } catch (error) {
    sqlite.close();
    // A first import holds the file alone until it commits (withRollbackJournal).
    if (isSqliteBusy(error))
      throw new StoreLockedError(
        `${file} is locked by another process (an import into an empty store?); try again when it has finished`,
      );
    throw error;
  }
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection; most of it would hold
  // post bodies that the response cache and the OS's file cache already hold. 4 MB keeps the
  // indexes' hot pages (measured in docs/performance.md, "Memory").
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KB}`);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new LiteralLimitsPlugin()],
  });
  return {
    db,
    engine: 'sqlite',
    label: `sqlite:${file}`,
    file,
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, poolSize: number): Store {
  const driver = loadPg();
  const pool = new driver.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // A connection lost while idle (pool 'error') or while checked out (client 'error') must not
  // crash the process: the query in flight fails on its own and the pool opens a new connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = '';
  return {
    db,
    engine: 'postgres',
    label: `postgres:${safe.host}${safe.pathname}`,
    listen: listenOnPostgres(driver.Client, url),
    close: () => db.destroy(),
  };
}
