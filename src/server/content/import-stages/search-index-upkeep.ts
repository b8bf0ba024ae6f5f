import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { POSTS_SEARCH_INDEX } from '../../db/migrations/021-search-buckets.js';
import { POSTS_TITLE_INDEX } from '../../db/migrations/022-search-titles.js';

/**
 * An engine's upkeep of its search index around a bulk write, and its word to the other
 * instances: the only engine-specific statements an import runs, each inside its transaction.
 */
export interface IndexUpkeep {
  /** Puts the index's upkeep off: the import writes many rows from here on. */
  defer(): Promise<void>;
  /** Brings the index up to date once after the rows deferred ones. */
  finish(): Promise<void>;
  /** Tells the other instances that the content version moved; delivered on commit. */
  announce(): Promise<void>;
}

/** FTS5's `automerge` when none is set: a level of the index is merged once it holds 4 segments. */
const FTS5_DEFAULT_AUTOMERGE = 4;

/**
 * SQLite: FTS5 merges its segments level after level as they are written; an import that merges
 * the whole index once at its end (`finish`) pauses that meanwhile. SQLite has no notifications:
 * every instance reads the content version once a second.
 */
export class Fts5IndexUpkeep implements IndexUpkeep {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stops FTS5 from merging segments as they are written, which would merge the same postings
   * level after level (4 segments into 1, then those) before `finish` merges everything once
   * more. FTS5 still merges when a level reaches 16 segments (its `crisismerge`), which bounds
   * them. 10,000 posts: the writes take ≈ 20 % less time (docs/performance.md, "Import").
   */
  defer(): Promise<void> {
    return this.setAutomerge(0);
  }

  /**
   * Back to FTS5's default merging, then the whole index merged into one segment: a bulk write
   * leaves it in several, and every search term is looked up in each. At 100k posts the merge
   * takes ≈ 7.6 s and lowers the search p95 by about a fifth.
   */
  async finish(): Promise<void> {
    await this.setAutomerge(FTS5_DEFAULT_AUTOMERGE);
    await sql`INSERT INTO posts_fts (posts_fts) VALUES ('optimize')`.execute(this.db);
  }

  async announce(): Promise<void> {}

  private async setAutomerge(segments: number): Promise<void> {
    // FTS5 takes its settings as integers written into the SQL (a bound JS number is a REAL).
    await sql`INSERT INTO posts_fts (posts_fts, rank)
      VALUES ('automerge', ${sql.raw(String(Math.trunc(segments)))})`.execute(this.db);
  }
}

/**
 * PostgreSQL: the GIN search indexes are dropped for a bulk load into an empty store and built once
 * afterwards (maintaining it row by row costs about twice as much); instances listening on
 * `channel` are woken when the import commits.
 */
export class PostgresIndexUpkeep implements IndexUpkeep {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly channel: string,
  ) {}

  /** Locks the posts table until the transaction ends. */
  async defer(): Promise<void> {
    await sql`DROP INDEX IF EXISTS posts_search_idx, posts_title_search_idx`.execute(this.db);
  }

  /** The indexes `defer` dropped, as migrations 021 and 022 make them, each built in one pass. */
  async finish(): Promise<void> {
    // A GIN build sorts its entries in this memory; the 64 MB default spills at about 20k posts.
    await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(this.db);
    await POSTS_SEARCH_INDEX.execute(this.db);
    await POSTS_TITLE_INDEX.execute(this.db);
  }

  async announce(): Promise<void> {
    await sql`SELECT pg_notify(${this.channel}, '')`.execute(this.db);
  }
}
