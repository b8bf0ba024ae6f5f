import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { EXCERPT_WORDS, MARK_CLOSE, MARK_OPEN, type MarkedTexts } from './excerpt-marks.js';
import { quotedTerms, type SearchQuery } from './search-query.js';
import { WindowedSearch, type AboveSlice, type BelowSlice } from './windowed-search.js';

/**
 * A query's text, the instant whose visible posts it searches, whether posts scheduled later
 * exist (they must be left out), and the vector that ranks the matches.
 */
interface Visible {
  text: string;
  now: string;
  scheduled: boolean;
  ranking: 'search_vector' | 'search_head';
}

const TSQUERY = (text: string) => sql`websearch_to_tsquery('english', ${text})`;

/** post-queries.ts `visible`, in the form of the partial indexes (`draft = 0`). */
const VISIBLE = (match: Visible) => sql`draft = 0 AND published_at <= ${match.now}`;

/**
 * Up to this many matches, a search reads them through the GIN index's bitmap only. PostgreSQL
 * prices `@@` on a row as one operator call, unaware that it first reads the row's out-of-line
 * (TOAST) vector, so it prefers walking the primary key and testing each row: at 100k posts,
 * 31,000 vectors read to find the 1,000th newest of 3,285 matches (522 ms) where the bitmap and a
 * sort take 29 ms. Past this many the matches are dense, walking the newest posts is the better
 * plan, and the planner picks it on its own.
 */
const BITMAP_UP_TO = 20_000;

/**
 * Up to this many matches, ts_rank reads each one's whole vector (≈ 18 KB at the bench's
 * posts), the ranking of every earlier release. Past it, the narrow `search_head` (title, summary,
 * the body's first words: migration 020) ranks them, as reading whole vectors would cost ≈ 14 ms
 * for a window of 1,000 at 100k posts.
 */
export const WHOLE_VECTOR_RANK_UP_TO = 200;

/**
 * How much of a body ts_headline reads: it parses all the text it is given to pick a passage,
 * so a long post would cost more than the search itself. A match past this point gets its
 * excerpt from the summary or the title instead.
 */
export const HEADLINE_BODY_CHARS = 4000;

/** ts_headline's options: up to two passages of EXCERPT_WORDS words in all, and our markers. */
const HEADLINE_OPTIONS = [
  `StartSel="${MARK_OPEN}"`,
  `StopSel="${MARK_CLOSE}"`,
  `MaxWords=${EXCERPT_WORDS}`,
  `MinWords=${EXCERPT_WORDS / 2}`,
  'MaxFragments=2',
  'FragmentDelimiter=" … "',
].join(', ');

/**
 * PostgreSQL tsvector + GIN; ts_rank weighs title (A) over summary (B) over body (C). ts_rank
 * reads each ranked post's stored vector, so only the window's are read, and past
 * WHOLE_VECTOR_RANK_UP_TO matches only their narrow `search_head`. A search runs in one
 * transaction whose planner settings keep it on the index.
 */
export class PostgresSearch extends WindowedSearch<Visible> {
  protected prepare(query: SearchQuery, now: string): Visible | null {
    if (!query.terms.length) return null;
    return { text: quotedTerms(query), now, scheduled: true, ranking: 'search_vector' };
  }

  protected override async scoped(db: Kysely<Database>, match: Visible): Promise<Visible> {
    const { rows } = await sql`
      SELECT 1 FROM posts WHERE draft = 0 AND published_at > ${match.now} LIMIT 1`.execute(db);
    return { ...match, scheduled: rows.length > 0 };
  }

  /**
   * No table scan, for any query of the search: for a word in most posts the planner would
   * otherwise count with one that reads every vector (10k posts: 154 ms, the bitmap 4 ms).
   * `set_config(…, true)` is `SET LOCAL`: it ends with the transaction.
   */
  protected override within<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      // JIT compiles a plan PostgreSQL prices high (a bitmap of 60,000 matches): 20–50 ms of
      // compiling for a query that runs in a few.
      await sql`SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`.execute(
        trx,
      );
      return work(trx);
    });
  }

  protected override async planFor(
    db: Kysely<Database>,
    match: Visible,
    total: number,
  ): Promise<Visible> {
    if (total <= BITMAP_UP_TO)
      await sql`SELECT set_config('enable_indexscan', 'off', true)`.execute(db);
    return {
      ...match,
      ranking: total <= WHOLE_VECTOR_RANK_UP_TO ? 'search_vector' : 'search_head',
    };
  }

  /**
   * The matches among posts not drafts, from the partial GIN index: with no other condition on
   * the row, PostgreSQL counts the matches of a page VACUUM marked all-visible without reading
   * it. Posts scheduled later, when there are any, are counted apart and taken off.
   */
  protected async count(db: Kysely<Database>, match: Visible): Promise<number> {
    const scheduled = match.scheduled
      ? sql`- (SELECT count(*) FROM posts WHERE draft = 0 AND published_at > ${match.now}
          AND search_vector @@ ${TSQUERY(match.text)})`
      : sql``;
    const { rows } = await sql<{ total: number }>`
      SELECT (SELECT count(*) FROM posts WHERE draft = 0 AND search_vector @@ ${TSQUERY(match.text)})
        ${scheduled} AS total`.execute(db);
    return Number(rows[0]?.total ?? 0);
  }

  protected async nthNewestId(db: Kysely<Database>, match: Visible, n: number): Promise<number> {
    const ids = await this.ids(
      db,
      sql<{ id: number }>`
        SELECT id FROM posts WHERE ${VISIBLE(match)} AND search_vector @@ ${TSQUERY(match.text)}
        ORDER BY id DESC LIMIT 1 OFFSET ${n - 1}`,
    );
    return ids[0] ?? 0;
  }

  protected rankedIds(db: Kysely<Database>, match: Visible, at: AboveSlice): Promise<number[]> {
    return this.ids(
      db,
      sql<{ id: number }>`
        SELECT id FROM posts, ${TSQUERY(match.text)} q
        WHERE ${VISIBLE(match)} AND search_vector @@ q AND id >= ${at.floor}
        ORDER BY ts_rank(${sql.ref(match.ranking)}, q) DESC, id DESC
        LIMIT ${at.limit} OFFSET ${at.offset}`,
    );
  }

  /**
   * PostgreSQL's own ts_headline of the body's leading part, else of the summary, else of the
   * title: each only when the one before marked nothing, as only the first marked text is shown
   * (excerpt-marks.ts). The steps are materialized so that each headline is computed once.
   */
  protected async markedTexts(
    db: Kysely<Database>,
    match: Visible,
    ids: number[],
  ): Promise<Map<number, MarkedTexts>> {
    const headline = (text: RawBuilder<string>) =>
      sql<string>`ts_headline('english', ${text}, q, ${HEADLINE_OPTIONS})`;
    const unmarked = (text: RawBuilder<string>) =>
      sql`strpos(coalesce(${text}, ''), ${MARK_OPEN}) = 0`;
    const { rows } = await sql<MarkedTexts & { id: number }>`
      WITH q AS MATERIALIZED (SELECT ${TSQUERY(match.text)} AS q),
      b AS MATERIALIZED (
        SELECT id, ${headline(sql`left(body_text, ${HEADLINE_BODY_CHARS})`)} AS body, summary, title
        FROM posts, q WHERE id = ANY(${ids})),
      s AS MATERIALIZED (
        SELECT id, body, CASE WHEN ${unmarked(sql`body`)} THEN ${headline(sql`summary`)} END AS summary,
          title
        FROM b, q)
      SELECT id, body, summary,
        CASE WHEN ${unmarked(sql`body`)} AND ${unmarked(sql`summary`)} THEN ${headline(sql`title`)} END
          AS title
      FROM s, q`.execute(db);
    return new Map(rows.map(({ id, ...texts }) => [Number(id), texts]));
  }

  protected newestIds(db: Kysely<Database>, match: Visible, at: BelowSlice): Promise<number[]> {
    const below = at.ceiling === null ? sql`` : sql`AND id < ${at.ceiling}`;
    return this.ids(
      db,
      sql<{ id: number }>`
        SELECT id FROM posts WHERE ${VISIBLE(match)} AND search_vector @@ ${TSQUERY(match.text)} ${below}
        ORDER BY id DESC LIMIT ${at.limit} OFFSET ${at.offset}`,
    );
  }
}
