import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isoNow, systemClock, type Clock } from '../../schedule/clock.js';
import {
  SEARCH_BUCKET,
  SEARCH_BUCKET_BITS,
  SEARCH_BUCKET_IDS,
} from '../../db/migrations/021-search-buckets.js';
import { SEARCH_TITLE } from '../../db/migrations/022-search-titles.js';
import { EXCERPT_WORDS, MARK_CLOSE, MARK_OPEN, type MarkedTexts } from './excerpt-marks.js';
import { queryPhrases } from './fts5-instances.js';
import { PagedSearch } from './paged-search.js';
import { quotedTerms, type SearchQuery } from './search-query.js';
import { SEARCH_RESULTS_CAP, type SearchPage } from './search-types.js';
import { pageable } from './windowed-search.js';

/**
 * A query's text, its phrases as stems for the excerpts, the instant whose visible posts it
 * searches, and whether posts scheduled later exist (they must be left out).
 */
interface Visible {
  text: string;
  phrases: string[][];
  now: string;
  scheduled: boolean;
}

/** The store's newest id (null when it holds no post), and whether posts are scheduled. */
interface StoreState {
  newestId: number | null;
  scheduled: boolean;
}

/** A match among the newest ones and its rank by the post's head (title and summary). */
interface Newest {
  id: number;
  rank: number;
}

const TSQUERY = (text: string) => sql`websearch_to_tsquery('english', ${text})`;

/** The condition that leaves out posts dated after the search's instant, when there are any. */
const visibleOnly = (match: Visible) =>
  match.scheduled ? sql`AND published_at <= ${match.now}` : sql``;

/** A row of id and rank as the search ranks it. */
const asNewest = (row: Newest): Newest => ({ id: Number(row.id), rank: Number(row.rank) });

/** The places of a page where a post titled with every word must be (decision 021). */
const FIRST_PLACES = 3;

/**
 * Up to this many matches, ts_rank reads each one's whole vector (≈ 18 KB at the bench's posts,
 * out of line), the ranking of every earlier release: a query that finds few posts ranks them by
 * every word of their bodies. Past it, the newest matches are ranked by `search_head` (title and
 * summary, in the row), as reading a thousand whole vectors costs tens of milliseconds.
 */
export const WHOLE_VECTOR_RANK_UP_TO = 200;

/**
 * How many posts older than the window a search adds when they hold every word in their title:
 * enough for one of them to be among the first three.
 */
export const TITLE_MATCHES_BEYOND = 3;

/**
 * How far past the estimate a round reads. Each match a round reads costs a visit of its row
 * (≈ 4 µs), each round a statement (≈ 0.5 ms): a round a little short, followed by a small one,
 * costs less than one that reads far past the matches it needs.
 */
const SPAN_MARGIN = 1.1;

/**
 * How many of the newest buckets a search has read after its next round, when reading `span`
 * of them (the newest of which ends at id `newest`) found `found` of the `wanted` matches: as
 * many as the matches found per id read say hold the rest, with SPAN_MARGIN, and at least one
 * more; eight times as many when none were found. Counted per id, not per bucket, as the newest
 * bucket is seldom full.
 */
export function nextSpan(span: number, found: number, wanted: number, newest: number): number {
  if (found === 0) return span * 8;
  const top = newest >> SEARCH_BUCKET_BITS;
  const idsRead = newest + 1 - (top - span + 1) * SEARCH_BUCKET_IDS;
  const idsNeeded = ((wanted - found) * idsRead * SPAN_MARGIN) / found;
  return span + Math.max(1, Math.ceil(idsNeeded / SEARCH_BUCKET_IDS));
}

/**
 * The buckets a search's round reads when the rounds before it read the newest `read` buckets up
 * to `top` and this one reaches `span` buckets down, newest first; null when that reaches past the
 * oldest bucket: the round then reads every post.
 */
export function roundBuckets(top: number, read: number, span: number): number[] | null {
  if (span > top) return null;
  return Array.from({ length: span - read }, (_, i) => top - read - i);
}

/**
 * How much of a body ts_headline reads, for the posts whose excerpt it makes: it parses all the
 * text it is given to pick a passage, so a long post would cost more than the search itself. A
 * match past this point gets its excerpt from the summary or the title instead.
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
 * PostgreSQL tsvector + GIN (docs/decisions/019-search-newest-buckets.md). A search reads the
 * newest matches only: the GIN index holds each post's bucket of 1,024 ids beside its words, so
 * the index walks a common word's postings only within the newest buckets, and the heap is read
 * for those matches alone. Up to `window` + 1 newest matches are read, newest buckets first; they
 * are counted (exact up to `window`, else "more") and ranked; past the window, older posts titled
 * with every word may join it (decision 021). A search runs in one transaction whose planner
 * settings keep it on the index.
 */
export class PostgresSearch extends PagedSearch<Visible> {
  constructor(
    db: Kysely<Database>,
    /** The newest matches counted, ranked and paged through: SEARCH_RESULTS_CAP. */
    private readonly window = SEARCH_RESULTS_CAP,
    /** Posts dated after its time are not found (post-queries.ts `visible`). */
    private readonly clock: Clock = systemClock,
  ) {
    super(db);
  }

  search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage> {
    const prepared = this.prepare(query, isoNow(this.clock));
    if (!prepared) return Promise.resolve({ cards: [], total: 0, capped: false });
    return this.within(prepared.now, async (db, { newestId, scheduled }) => {
      const match = { ...prepared, scheduled };
      const newest =
        newestId === null ? [] : await this.newestMatches(db, match, newestId, this.window + 1);
      const { total, size } = pageable(Math.min(newest.length, this.window), limit, offset);
      const capped = newest.length > this.window;
      if (size === 0) return { cards: [], total, capped };
      const ranked = newest.slice(0, this.window);
      if (ranked.length <= WHOLE_VECTOR_RANK_UP_TO) await this.rankByWholeVector(db, match, ranked);
      ranked.sort((a, b) => b.rank - a.rank || b.id - a.id);
      if (capped) {
        ranked.push(...(await this.olderTitleMatches(db, match, ranked)));
        ranked.sort((a, b) => b.rank - a.rank || b.id - a.id);
      }
      const ids = ranked
        .slice(0, this.window)
        .slice(offset, offset + size)
        .map((row) => row.id);
      return { cards: await this.page(db, match, ids), total, capped };
    });
  }

  /** The query as the engine reads it, or null when it holds no word. */
  protected prepare(query: SearchQuery, now: string): Visible | null {
    if (!query.terms.length) return null;
    return { text: quotedTerms(query), phrases: queryPhrases(query.terms), now, scheduled: true };
  }

  /**
   * Runs `work` in a transaction whose first statement reads the store's newest bucket and
   * whether posts dated after `now` exist, then turns off, for the statements after it: table
   * scans (for a word in most posts the planner would read every vector); walks of an index, as
   * PostgreSQL prices `@@` on a row as one operator call, unaware that it first reads the row's
   * out-of-line vector, so it would rather walk the newest posts testing each (at 100k posts,
   * 31,000 vectors read for 1,000 matches: 522 ms) than read the GIN index's bitmap; and JIT, as
   * it compiles a plan PostgreSQL prices high: 20–50 ms of compiling for a query that runs in a
   * few. The statement's own subqueries are planned before its settings take effect, so the
   * newest id is read by a walk of one row (with index walks off, 460 ms). `set_config(…, true)`
   * is `SET LOCAL`: it ends with the transaction.
   */
  private within<T>(
    now: string,
    work: (db: Kysely<Database>, store: StoreState) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ newest: number | null; scheduled: boolean }>`
        SELECT (SELECT max(id) FROM posts) AS newest,
          EXISTS (SELECT 1 FROM posts WHERE draft = 0 AND published_at > ${now}) AS scheduled,
          set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
          set_config('jit', 'off', true)`.execute(trx);
      const newest = rows[0]?.newest;
      return work(trx, {
        newestId: newest === null || newest === undefined ? null : Number(newest),
        scheduled: rows[0]?.scheduled === true,
      });
    });
  }

  /**
   * The newest `count` matches, newest first, each ranked by its head: read from the newest
   * buckets, then from older ones (`nextSpan` says how many), then from every post, until
   * `count` are found. A word in most posts finds them in a bucket or two; a rare word reads its
   * few matches wherever they are. Each round over buckets reads only buckets no round before it
   * read, so no match's row is visited twice, and the rounds' matches, newest first each, follow
   * one another.
   */
  private async newestMatches(
    db: Kysely<Database>,
    match: Visible,
    newestId: number,
    count: number,
  ): Promise<Newest[]> {
    const top = newestId >> SEARCH_BUCKET_BITS;
    const found: Newest[] = [];
    // Two buckets first: the newest is seldom full, and a word in most posts then needs a second
    // read (300 drawn queries at 100k: p50 8.4 → 7.6 ms, p95 22.9 → 17.8, alternated).
    for (let read = 0, span = 2; ;) {
      const round = roundBuckets(top, read, span);
      // Past the oldest bucket, the newest `count` matches of every post, those found before
      // among them: a range of ids older than the rounds read would have the planner AND the GIN
      // bitmap with a bitmap of most of the primary key.
      const buckets = round
        ? sql`AND ${SEARCH_BUCKET} @@ ${round.map((bucket) => `'${bucket}'`).join(' | ')}::tsquery`
        : sql``;
      // Ranked as read, so that the sort moves ids and ranks, not heads (a round of 1,000 matches:
      // 3.0 ms against 5.0 when the heads were sorted and the newest ranked after the limit).
      const { rows } = await sql<Newest>`
        SELECT id, ts_rank(search_head, q) AS rank FROM posts, ${TSQUERY(match.text)} q
        WHERE draft = 0 AND search_vector @@ q ${buckets} ${visibleOnly(match)}
        ORDER BY id DESC LIMIT ${round ? count - found.length : count}`.execute(db);
      if (!round) return rows.map(asNewest);
      found.push(...rows.map(asNewest));
      if (found.length >= count) return found;
      [read, span] = [span, nextSpan(span, found.length, count, newestId)];
    }
  }

  /**
   * When none of the FIRST_PLACES of the ranked `window` holds every word in its title: the newest
   * TITLE_MATCHES_BEYOND older posts whose title does, each ranked by its head. A word found in
   * more posts than the window would otherwise leave an old post titled with it out of the search
   * (decision 021). One statement: the test of the first three, uncorrelated (its own query), is a
   * one-time filter, so the titles' index is read only when none of them is titled.
   */
  private async olderTitleMatches(
    db: Kysely<Database>,
    match: Visible,
    window: Newest[],
  ): Promise<Newest[]> {
    const first = window.slice(0, FIRST_PLACES).map((row) => row.id);
    const oldest = Math.min(...window.map((row) => row.id));
    // The subquery's names are its own `posts` and `tq`, so it is not correlated.
    const { rows } = await sql<Newest>`
      SELECT id, ts_rank(search_head, q) AS rank FROM posts, ${TSQUERY(match.text)} q
      WHERE NOT EXISTS (
          SELECT 1 FROM posts, ${TSQUERY(match.text)} tq
          WHERE id = ANY(${first}) AND ${SEARCH_TITLE} @@ tq)
        AND draft = 0 AND ${SEARCH_TITLE} @@ q AND id < ${oldest} ${visibleOnly(match)}
      ORDER BY id DESC LIMIT ${TITLE_MATCHES_BEYOND}`.execute(db);
    return rows.map(asNewest);
  }

  /** Gives each of `matches` its rank by the post's whole vector. */
  private async rankByWholeVector(
    db: Kysely<Database>,
    match: Visible,
    matches: Newest[],
  ): Promise<void> {
    if (matches.length === 0) return;
    const { rows } = await sql<Newest>`
      SELECT id, ts_rank(search_vector, q) AS rank FROM posts, ${TSQUERY(match.text)} q
      WHERE id = ANY(${matches.map((row) => row.id)})`.execute(db);
    const rank = new Map(rows.map((row) => [Number(row.id), Number(row.rank)]));
    for (const row of matches) row.rank = rank.get(row.id) ?? 0;
  }

  /**
   * PostgreSQL's own ts_headline of the body's leading part, else of the summary, else of the
   * title: each only when the one before marked nothing, as only the first marked text is shown
   * (excerpt-marks.ts). The steps are materialized so that each headline is computed once.
   * PostgreSQL matched these posts, so Porter's stems finding none of their words means English
   * Snowball stemmed one apart (dying → die; Porter: dy).
   */
  protected async engineTexts(
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
}
