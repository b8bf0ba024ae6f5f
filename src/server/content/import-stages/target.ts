import type { Kysely } from 'kysely';
import { CONTENT_CHANNEL } from '../../content-state/content-state.js';
import type { Store } from '../../db/connection.js';
import { withRollbackJournal } from '../../db/rollback-journal.js';
import type { Database } from '../../db/schema.js';
import { ContentRepository } from '../content.repository.js';

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
 * tenth of the store. Smaller writes are merged by FTS5 itself as they come.
 */
export const OPTIMIZE_SEARCH_FROM = 1000;

export interface TargetOptions {
  /** Posts written from which the SQLite search index is merged afterwards (tests lower it). */
  optimizeSearchFrom?: number;
}

export function createImportTarget(store: Store, options: TargetOptions = {}): ImportTarget {
  return store.engine === 'sqlite'
    ? new SqliteTarget(store.db, options.optimizeSearchFrom ?? OPTIMIZE_SEARCH_FROM)
    : new PostgresTarget();
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
    return new SqliteBulkWrite(
      new ContentRepository(trx),
      Math.max(this.optimizeFrom, storedPosts / 10),
    );
  }
}

/** From `optimizeFrom` rows written, the search index is merged once at the end. */
class SqliteBulkWrite implements BulkWrite {
  private mergesPaused = false;

  constructor(
    private readonly repository: ContentRepository,
    private readonly optimizeFrom: number,
  ) {}

  async beforeBatch(rows: number): Promise<void> {
    if (this.mergesPaused || rows < this.optimizeFrom) return;
    // This import will merge the whole index at its end: merging on the way is wasted.
    await this.repository.pauseSearchIndexMerges();
    this.mergesPaused = true;
  }

  async afterPosts(): Promise<void> {
    if (!this.mergesPaused) return;
    await this.repository.resumeSearchIndexMerges();
    await this.repository.optimizeSearchIndex();
  }

  async announce(): Promise<void> {
    // SQLite has no notifications: every instance reads the version once a second.
  }
}

class PostgresTarget implements ImportTarget {
  run<T>(write: () => Promise<T>): Promise<T> {
    return write();
  }

  bulkWrite(trx: Kysely<Database>): BulkWrite {
    const repository = new ContentRepository(trx);
    return {
      beforeBatch: async () => {},
      afterPosts: async () => {},
      announce: () => repository.notify(CONTENT_CHANNEL),
    };
  }
}
