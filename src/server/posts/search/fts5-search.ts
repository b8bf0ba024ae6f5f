import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { EXCERPT_WORDS, MARK_CLOSE, MARK_OPEN, type MarkedTexts } from './excerpt-marks.js';
import { queryPhrases } from './fts5-instances.js';
import { quotedTerms, type SearchQuery } from './search-query.js';
import {
  WindowedSearch,
  type AboveSlice,
  type BelowSlice,
  type WindowSlice,
} from './windowed-search.js';

/** bm25 column weights: a title match counts most, then the summary, then the body. */
const BM25 = sql.raw('bm25(posts_fts, 10.0, 4.0, 1.0)');

/**
 * A rowid bound as FTS5 can use it. better-sqlite3 binds a JS number as a REAL, and FTS5 only
 * narrows its scan for an INTEGER bound: given a REAL it reads every match and leaves SQLite to
 * drop those out of range: several times slower for a word in most posts.
 */
const rowidBound = (id: number) => sql`CAST(${id} AS INTEGER)`;

/**
 * The newest posts (by id) whose matches tell whether a query matches few posts: counting a
 * phrase there reads the end of its doclists only (≈ 0.05–0.2 ms at 100k).
 */
const SAMPLED_POSTS = 5000;
/**
 * The share of the window that the sample's estimate may reach for the matches to be ranked at
 * once: an estimate off by a quarter is rare (1,000 matches put ≈ 50 in the sample), and one past
 * the window costs the ranked statement in vain.
 */
const FEW = 0.75;

/**
 * A query's text and its phrases' stems, the instant it searches at, and whether posts
 * scheduled later must be left out.
 */
interface Visible {
  text: string;
  phrases: string[][];
  now: string;
  scheduled: boolean;
}

/**
 * post-queries.ts `visible` in the index's terms. Drafts are not in the index; posts dated after
 * `now` are, and are left out by id. Most searches run with none scheduled and skip the test.
 */
const notScheduled = (match: Visible) =>
  match.scheduled
    ? sql`AND rowid NOT IN (SELECT id FROM posts WHERE draft = 0 AND published_at > ${match.now})`
    : sql``;

/**
 * SQLite FTS5. Drafts are not in the index, so counting and ranking run in the index alone (with
 * posts scheduled for later, less those, found once per query on the list's index).
 * An explicit bm25() (not the `rank` column) lets FTS5 score only the rows of a rowid range.
 */
export class Fts5Search extends WindowedSearch<Visible> {
  protected prepare(query: SearchQuery, now: string): Visible | null {
    if (!query.terms.length) return null;
    return { text: quotedTerms(query), phrases: queryPhrases(query.terms), now, scheduled: true };
  }

  protected override async scoped(db: Kysely<Database>, match: Visible): Promise<Visible> {
    const { rows } = await sql`
      SELECT 1 FROM posts WHERE draft = 0 AND published_at > ${match.now} LIMIT 1`.execute(db);
    return { ...match, scheduled: rows.length > 0 };
  }

  protected async count(db: Kysely<Database>, match: Visible): Promise<number> {
    // FTS5 counts a match from its doclists alone; leaving out posts one by one (NOT IN) would
    // read every matching rowid, ten times slower. The scheduled matches are counted apart.
    const scheduled = match.scheduled
      ? sql`- (SELECT count(*) FROM posts_fts WHERE posts_fts MATCH ${match.text}
          AND rowid IN (SELECT id FROM posts WHERE draft = 0 AND published_at > ${match.now}))`
      : sql``;
    const { rows } = await sql<{ total: number }>`
      SELECT (SELECT count(*) FROM posts_fts WHERE posts_fts MATCH ${match.text}) ${scheduled}
      AS total`.execute(db);
    return Number(rows[0]?.total ?? 0);
  }

  /**
   * FTS5 walks a phrase's whole doclist to count its matches, to rank them and again for bm25's
   * idf, so a phrase of common words that matches a few posts costs three walks. When the
   * newest `SAMPLED_POSTS` posts hold few matches, the newest `window` + 1 are ranked in one
   * statement: all of them, and so the count, when no more come back (the count's walk saved:
   * 0.8–1.7 ms of 3.5–6 at 100k); else the usual plan follows.
   */
  protected override async allRankedIfFew(
    db: Kysely<Database>,
    match: Visible,
    window: number,
  ): Promise<number[] | null> {
    const { rows } = await sql<{ sampled: number; newest: number | null }>`
      SELECT count(*) AS sampled, (SELECT max(id) FROM posts) AS newest FROM posts_fts
      WHERE posts_fts MATCH ${match.text}
        AND rowid > CAST((SELECT ifnull(max(id), 0) FROM posts) - ${sql.lit(SAMPLED_POSTS)} AS INTEGER)`.execute(
      db,
    );
    const { sampled = 0, newest = 0 } = rows[0] ?? {};
    const share = Math.min(1, SAMPLED_POSTS / Math.max(1, Number(newest)));
    if (Number(sampled) / share > window * FEW) return null;
    const ranked = await this.rankedNewestIds(db, match, {
      window: window + 1,
      limit: window + 1,
      offset: 0,
    });
    return ranked.length > window ? null : ranked;
  }

  protected async nthNewestId(db: Kysely<Database>, match: Visible, n: number): Promise<number> {
    return (
      (
        await this.ids(
          db,
          sql<{ id: number }>`
      SELECT rowid AS id FROM posts_fts WHERE posts_fts MATCH ${match.text} ${notScheduled(match)}
      ORDER BY rowid DESC LIMIT 1 OFFSET ${n - 1}`,
        )
      )[0] ?? 0
    );
  }

  protected rankedIds(db: Kysely<Database>, match: Visible, at: AboveSlice): Promise<number[]> {
    return this.ids(
      db,
      sql<{ id: number }>`
      SELECT rowid AS id FROM posts_fts
      WHERE posts_fts MATCH ${match.text} AND rowid >= ${rowidBound(at.floor)} ${notScheduled(match)}
      ORDER BY ${BM25}, rowid DESC LIMIT ${at.limit} OFFSET ${at.offset}`,
    );
  }

  /**
   * One pass: the newest `window` matches are read newest first and scored as they are read,
   * then sorted by score. The base class's two steps (find the window's floor, then rank the
   * matches above it) would walk the window twice, a noticeable share of a search for several
   * words that each match thousands of posts.
   */
  protected override rankedNewestIds(
    db: Kysely<Database>,
    match: Visible,
    at: WindowSlice,
  ): Promise<number[]> {
    return this.ids(
      db,
      sql<{ id: number }>`
      SELECT id FROM (
        SELECT rowid AS id, ${BM25} AS score FROM posts_fts
        WHERE posts_fts MATCH ${match.text} ${notScheduled(match)}
        ORDER BY rowid DESC LIMIT ${at.window}
      ) ORDER BY score, id DESC LIMIT ${at.limit} OFFSET ${at.offset}`,
    );
  }

  /**
   * FTS5's own snippet() and highlight(), read post by post: a rowid equality is a plan FTS5
   * offers, where a rowid IN list would walk every match of the query. FTS5 matched these posts,
   * so the JavaScript excerpts finding no word means a letter folded otherwise than FTS5's tables
   * fold it.
   */
  protected async engineTexts(
    db: Kysely<Database>,
    match: Visible,
    ids: number[],
  ): Promise<Map<number, MarkedTexts>> {
    const texts = new Map<number, MarkedTexts>();
    for (const id of ids) {
      const { rows } = await sql<MarkedTexts>`
        SELECT snippet(posts_fts, 2, ${MARK_OPEN}, ${MARK_CLOSE}, '…', ${EXCERPT_WORDS}) AS body,
          snippet(posts_fts, 1, ${MARK_OPEN}, ${MARK_CLOSE}, '…', ${EXCERPT_WORDS}) AS summary,
          highlight(posts_fts, 0, ${MARK_OPEN}, ${MARK_CLOSE}) AS title
        FROM posts_fts WHERE posts_fts MATCH ${match.text} AND rowid = ${rowidBound(id)}`.execute(
        db,
      );
      if (rows[0]) texts.set(id, rows[0]);
    }
    return texts;
  }

  protected newestIds(db: Kysely<Database>, match: Visible, at: BelowSlice): Promise<number[]> {
    const below = at.ceiling === null ? sql`` : sql`AND rowid < ${rowidBound(at.ceiling)}`;
    return this.ids(
      db,
      sql<{ id: number }>`
      SELECT rowid AS id FROM posts_fts
      WHERE posts_fts MATCH ${match.text} ${below} ${notScheduled(match)}
      ORDER BY rowid DESC LIMIT ${at.limit} OFFSET ${at.offset}`,
    );
  }
}
