import { sql, type Kysely } from 'kysely';
import { readContentState } from '../content-state/content-state.js';
import type { Store } from '../db/connection.js';
import { batches, ROWS_PER_INSERT } from '../db/batches.js';
import type { Database, Engine } from '../db/schema.js';

/** The tables a backup holds, parents before children (a restore loads them in this order). */
export const BACKUP_TABLES = [
  'categories',
  'posts',
  'tags',
  'post_tags',
  'content_state',
  'contact_messages',
  'images',
  'post_aliases',
  'removed_slugs',
  'preview_secrets',
  'analytics_counts',
] as const;
export type BackupTable = (typeof BACKUP_TABLES)[number];

/** Tables whose id comes from an identity sequence (PostgreSQL), to move on after a reload. */
const IDENTITY_TABLES: readonly BackupTable[] = [
  'categories',
  'posts',
  'tags',
  'post_tags',
  'contact_messages',
  'images',
  'post_aliases',
  'removed_slugs',
  'analytics_counts',
];

/**
 * Tables no backup holds: the day's visitor hashes and their salt (analytics/salts.ts), which
 * must not outlive their day in a file kept for months.
 */
const DAY_ONLY_TABLES = ['analytics_visitors', 'analytics_salts'];

/** Where Kysely's migrator records the applied migrations: the store's schema version. */
const MIGRATIONS_TABLE = 'kysely_migration';

export type Row = Record<string, unknown>;
/** The same connection, for statements on a table chosen at run time (checked against BACKUP_TABLES). */
type Untyped = Kysely<Record<string, Row>>;

/**
 * Runs `read` in one consistent snapshot of the store while it takes writes: a read-only
 * REPEATABLE READ transaction on PostgreSQL, a read transaction on SQLite (WAL keeps it stable).
 */
export function inSnapshot<T>(store: Store, read: (db: Kysely<Database>) => Promise<T>) {
  const transaction =
    store.engine === 'postgres'
      ? store.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only')
      : store.db.transaction();
  return transaction.execute(read);
}

/** The SQL of backups, restores and exports: whole tables, the schema version, the content version. */
export class BackupRepository {
  private readonly untyped: Untyped;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {
    this.untyped = db as unknown as Untyped;
  }

  /** The migrations applied to the store, or null when it has no migrations table. */
  async appliedMigrations(): Promise<string[] | null> {
    const exists =
      this.engine === 'postgres'
        ? sql<{ found: string | null }>`SELECT to_regclass(${MIGRATIONS_TABLE})::text AS found`
        : sql<{ found: string | null }>`SELECT name AS found FROM sqlite_master
            WHERE type = 'table' AND name = ${MIGRATIONS_TABLE}`;
    const { rows } = await exists.execute(this.db);
    if (!rows[0]?.found) return null;
    const names = await this.untyped
      .selectFrom(MIGRATIONS_TABLE)
      .select('name')
      .orderBy('name')
      .execute();
    return names.map((row) => String(row.name));
  }

  async contentVersion(): Promise<number> {
    return (await readContentState(this.db)).version;
  }

  async setContentVersion(version: number): Promise<void> {
    await this.db
      .updateTable('content_state')
      // A restore or an export's import may change anything (migration 016).
      .set({
        version,
        changed_since: null,
        change_json: null,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', 1)
      .execute();
  }

  /** Wakes every PostgreSQL instance listening on `channel`, when the transaction commits. */
  async notify(channel: string): Promise<void> {
    if (this.engine === 'postgres') await sql`SELECT pg_notify(${channel}, '')`.execute(this.db);
  }

  /** True when the store holds no category, post or contact message. */
  async isEmpty(): Promise<boolean> {
    for (const table of ['categories', 'posts', 'contact_messages'] as const) {
      if (await this.db.selectFrom(table).select('id').limit(1).executeTakeFirst()) return false;
    }
    return true;
  }

  // SQLite files

  /** Writes a consistent, compacted copy of the SQLite store into a new file. */
  async vacuumInto(file: string): Promise<void> {
    await sql`VACUUM INTO ${file}`.execute(this.db);
  }

  /** Empties DAY_ONLY_TABLES in a SQLite copy of the store, overwriting the bytes they held. */
  async emptyDayOnlyTables(file: string): Promise<void> {
    await sql`ATTACH DATABASE ${file} AS copy`.execute(this.db);
    try {
      await sql`PRAGMA copy.secure_delete = ON`.execute(this.db);
      const { rows } = await sql<{ name: string }>`SELECT name FROM copy.sqlite_master
        WHERE type = 'table' AND name IN (${sql.join(DAY_ONLY_TABLES)})`.execute(this.db);
      for (const { name } of rows) await sql`DELETE FROM copy.${sql.table(name)}`.execute(this.db);
    } finally {
      await sql`DETACH DATABASE copy`.execute(this.db);
    }
  }

  /** What SQLite's integrity and foreign-key checks find wrong; empty when the file is sound. */
  async integrityProblems(): Promise<string[]> {
    const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(
      this.db,
    );
    const problems = rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    const { rows: orphans } = await sql<{
      table: string;
      parent: string;
    }>`PRAGMA foreign_key_check`.execute(this.db);
    for (const orphan of orphans)
      problems.push(`a row of ${orphan.table} refers to a missing row of ${orphan.parent}`);
    return problems;
  }

  /** Leaves the write-ahead log, so that the file holds everything on its own once closed. */
  async useRollbackJournal(): Promise<void> {
    await sql`PRAGMA journal_mode = DELETE`.execute(this.db);
  }

  // Whole tables

  /** The columns of a table that hold data (not PostgreSQL's generated search column), in order. */
  async columns(table: BackupTable): Promise<string[]> {
    if (this.engine === 'sqlite') {
      const { rows } = await sql<{ name: string; hidden: number }>`SELECT name, hidden
        FROM pragma_table_xinfo(${table})`.execute(this.db);
      return rows.filter((row) => row.hidden === 0).map((row) => row.name);
    }
    const { rows } = await sql<{ column_name: string }>`SELECT column_name
      FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'
      ORDER BY ordinal_position`.execute(this.db);
    return rows.map((row) => row.column_name);
  }

  async rowCount(table: BackupTable): Promise<number> {
    const row = await this.untyped
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Up to `limit` rows of a table with an id above `afterId`, by id. */
  async rowsAfter(table: BackupTable, columns: string[], afterId: number, limit: number) {
    return this.untyped
      .selectFrom(table)
      .select(columns)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Readers go on reading the old rows until the commit; writers wait for it (PostgreSQL). */
  async lockForRestore(): Promise<void> {
    if (this.engine !== 'postgres') return;
    await sql`LOCK TABLE ${sql.join(BACKUP_TABLES.map((t) => sql.table(t)))} IN EXCLUSIVE MODE`.execute(
      this.db,
    );
  }

  /** Empties every backed-up table, children first. */
  async deleteAll(): Promise<void> {
    for (const table of [...BACKUP_TABLES].reverse())
      await this.untyped.deleteFrom(table).execute();
  }

  async insertRows(table: BackupTable, rows: Row[]): Promise<void> {
    for (const slice of batches(rows, ROWS_PER_INSERT))
      await this.untyped.insertInto(table).values(slice).execute();
  }

  /**
   * Moves PostgreSQL's identity sequences past the ids now in their tables, never back: sequences
   * are not transactional, and a restore that rolls back must not leave them behind the old rows.
   */
  async followIdentities(): Promise<void> {
    if (this.engine !== 'postgres') return;
    for (const table of IDENTITY_TABLES) {
      await sql`SELECT setval(s.seq, greatest(t.top, coalesce(q.last, 0), 1), greatest(t.top, coalesce(q.last, 0)) > 0)
        FROM (SELECT pg_get_serial_sequence(${table}, 'id')::regclass AS seq) AS s,
          LATERAL (SELECT coalesce(max(id), 0) AS top FROM ${sql.table(table)}) AS t,
          LATERAL (SELECT max(last_value) AS last FROM pg_sequences
            WHERE format('%I.%I', schemaname, sequencename)::regclass = s.seq) AS q`.execute(
        this.db,
      );
    }
  }
}
