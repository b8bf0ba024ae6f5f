import type { Kysely } from 'kysely';
import { CONTENT_CHANNEL } from '../../content-state/content-state.js';
import type { Store } from '../../db/connection.js';
import { withRollbackJournal } from '../../db/rollback-journal.js';
import type { Database } from '../../db/schema.js';
import { ContentRepository } from '../content.repository.js';
import { Fts5IndexUpkeep, PostgresIndexUpkeep, type IndexUpkeep } from './search-index-upkeep.js';

/**
 * Where an import writes, with what each engine does differently: chosen once per import
 * (createImportTarget), so that the stages never ask which engine they run on.
 */
export interface ImportTarget {
  /** Runs the import's transaction the fastest safe way the store allows. */
  run<T>(write: () => Promise<T>): Promise<T>;
  /** The engine's part of one import's writes, inside its transaction. */
  bulkWrite(trx: Kysely<Database>, storedPosts: number): BulkWrite;
}

export interface BulkWrite {
  /** Before a batch of post rows is written; `rows` counts every row written so far with it. */
  beforeBatch(rows: number): Promise<void>;
  /** Once every post row is written: whatever the engine's search index needs after a bulk write. */
  afterPosts(): Promise<void>;
  /** Tells the other instances that the content version moved; delivered on commit. */
  announce(): Promise<void>;
}

/**
 * A bulk import leaves SQLite's search index in many segments; merging them costs a pass over
 * the whole index, so it is done when an import wrote at least this many posts and at least a
 * tenth of the store. Smaller writes are merged by FTS5 itself as they come. On PostgreSQL, an
 * import into an empty store builds its search index after this many posts.
 */
export const OPTIMIZE_SEARCH_FROM = 1000;

export interface TargetOptions {
  /** Posts written from which the search index is merged or built afterwards (tests lower it). */
  optimizeSearchFrom?: number;
}

export function createImportTarget(store: Store, options: TargetOptions = {}): ImportTarget {
  return store.engine === 'sqlite'
    ? new SqliteTarget(store.db, options.optimizeSearchFrom ?? OPTIMIZE_SEARCH_FROM)
    : new PostgresTarget(options.optimizeSearchFrom ?? OPTIMIZE_SEARCH_FROM);
}

class SqliteTarget implements ImportTarget {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly optimizeFrom: number,
  ) {}

  async run<T>(write: () => Promise<T>): Promise<T> {
    // Into a store without posts, an import has no old pages to keep readable: it may write
    // through a rollback journal.
    if (await new ContentRepository(this.db).hasPosts()) return write();
    return withRollbackJournal(this.db, write);
  }

  bulkWrite(trx: Kysely<Database>, storedPosts: number): BulkWrite {
    // This import will merge the whole index at its end: merging on the way is wasted.
    return new DeferredIndexUpkeep(
      Math.max(this.optimizeFrom, storedPosts / 10),
      new Fts5IndexUpkeep(trx),
    );
  }
}

class PostgresTarget implements ImportTarget {
  constructor(private readonly bulkFrom: number) {}

  run<T>(write: () => Promise<T>): Promise<T> {
    return write();
  }

  bulkWrite(trx: Kysely<Database>, storedPosts: number): BulkWrite {
    // Only into an empty store: dropping the index locks the posts table until the import
    // commits, which a store that serves posts cannot afford.
    return new DeferredIndexUpkeep(
      storedPosts === 0 ? this.bulkFrom : Number.POSITIVE_INFINITY,
      new PostgresIndexUpkeep(trx, CONTENT_CHANNEL),
    );
  }
}

/** From `from` rows written, the search index's upkeep is put off and done once at the end. */
class DeferredIndexUpkeep implements BulkWrite {
  private deferred = false;

  constructor(
    private readonly from: number,
    private readonly upkeep: IndexUpkeep,
  ) {}

  async beforeBatch(rows: number): Promise<void> {
    if (this.deferred || rows < this.from) return;
    await this.upkeep.defer();
    this.deferred = true;
  }

  async afterPosts(): Promise<void> {
    if (this.deferred) await this.upkeep.finish();
  }

  announce(): Promise<void> {
    return this.upkeep.announce();
  }
}
