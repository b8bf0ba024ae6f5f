import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isoNow, systemClock, type Clock } from '../../schedule/clock.js';
import type { SearchQuery } from './search-query.js';
import { PagedSearch, type Phrased } from './paged-search.js';
import { SEARCH_RESULTS_CAP, type SearchPage } from './search-types.js';

/**
 * Matches ranked by relevance when a query has more: only the newest this many are ranked, the
 * rest follow newest first. Ranking reads every match it ranks, so this bounds a search for a
 * word found in most posts (see docs/decisions/004-search-rank-window.md).
 */
export const RANK_WINDOW = 1000;

/**
 * Past this many matches a word is in so many posts that relevance cannot tell them apart (its
 * idf is near zero) while ranking would still read every match: such results are newest first.
 */
export const UNRANKED_ABOVE = 20_000;

/** Which of a query's ids to read: `limit` of them after the first `offset`. */
export interface Slice {
  limit: number;
  offset: number;
}

/** A slice of the matches with id ≥ floor. */
export interface AboveSlice extends Slice {
  floor: number;
}

/** A slice of the `window` newest matches. */
export interface WindowSlice extends Slice {
  window: number;
}

/** A slice of the matches with id < ceiling (any id when null). */
export interface BelowSlice extends Slice {
  ceiling: number | null;
}

/**
 * The search plan of an engine that counts its matches cheaply (SQLite's FTS5, from its doclists):
 * count the matches, rank the newest window of them, list the rest newest first, then read the
 * page's posts; only the first SEARCH_RESULTS_CAP are shown. The engine supplies the four
 * queries; one that can tell a few matches cheaply ranks them all at once instead
 * (`allRankedIfFew`). PostgreSQL has a plan of its own (decision 019).
 */
export abstract class WindowedSearch<Match extends Phrased> extends PagedSearch<Match> {
  constructor(
    db: Kysely<Database>,
    private readonly rankWindow = RANK_WINDOW,
    private readonly unrankedAbove = UNRANKED_ABOVE,
    /** Posts dated after its time are not found (post-queries.ts `visible`). */
    private readonly clock: Clock = systemClock,
  ) {
    super(db);
  }

  /**
   * The engine's form of the query over the posts visible at `now`, or null when it can match
   * nothing.
   */
  protected abstract prepare(query: SearchQuery, now: string): Match | null;

  /**
   * The match as the queries of one search use it, once they can read the store (an engine may
   * look up what it has to leave out).
   */
  protected async scoped(_db: Kysely<Database>, match: Match): Promise<Match> {
    return match;
  }
  protected abstract count(db: Kysely<Database>, match: Match): Promise<number>;

  /**
   * Every match best first, when the engine finds them few (at most `window`) at less cost than
   * counting them and then ranking them; null when they may be more, or the engine cannot tell.
   */
  protected async allRankedIfFew(
    _db: Kysely<Database>,
    _match: Match,
    _window: number,
  ): Promise<number[] | null> {
    return null;
  }
  /** The id of the n-th newest match (1-based). */
  protected abstract nthNewestId(db: Kysely<Database>, match: Match, n: number): Promise<number>;
  /** Ids of matches with id ≥ floor, best first. */
  protected abstract rankedIds(
    db: Kysely<Database>,
    match: Match,
    slice: AboveSlice,
  ): Promise<number[]>;

  /**
   * Ids of the `window` newest matches when there are more, best first. This takes the window's
   * floor and ranks the matches above it; an engine that can rank the newest matches in one pass
   * overrides it.
   */
  protected async rankedNewestIds(
    db: Kysely<Database>,
    match: Match,
    { window, ...slice }: WindowSlice,
  ): Promise<number[]> {
    const floor = await this.nthNewestId(db, match, window);
    return this.rankedIds(db, match, { ...slice, floor });
  }

  /** Ids of matches with id < ceiling (any id when null), newest first. */
  protected abstract newestIds(
    db: Kysely<Database>,
    match: Match,
    slice: BelowSlice,
  ): Promise<number[]>;

  /**
   * Runs the queries of one search; an engine may run them in one transaction with its own
   * planner settings.
   */
  protected within<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return work(this.db);
  }

  /**
   * Called once the matches are counted, before the window's queries run: the match those
   * queries use (an engine may rank many matches otherwise than a few).
   */
  protected async planFor(_db: Kysely<Database>, match: Match, _total: number): Promise<Match> {
    return match;
  }

  search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage> {
    const prepared = this.prepare(query, isoNow(this.clock));
    if (prepared === null) return Promise.resolve({ cards: [], total: 0, capped: false });
    return this.within(async (db) => {
      const scoped = await this.scoped(db, prepared);
      const few = await this.allRankedIfFew(db, scoped, this.rankWindow);
      if (few) {
        const { total, capped, size } = pageable(few.length, limit, offset);
        return {
          cards: await this.page(db, scoped, few.slice(offset, offset + size)),
          total,
          capped,
        };
      }
      const matches = await this.count(db, scoped);
      const { total, capped, size } = pageable(matches, limit, offset);
      if (size === 0) return { cards: [], total, capped };
      const match = await this.planFor(db, scoped, matches);

      // How many of the newest matches are ranked: all when few, a window when many, none past
      // `unrankedAbove`. A page past the window lists the older matches, newest first.
      const ranked = matches > this.unrankedAbove ? 0 : Math.min(matches, this.rankWindow);
      const ids: number[] = [];
      if (offset < ranked)
        ids.push(
          ...(await (ranked === matches
            ? this.rankedIds(db, match, { floor: 0, limit: size, offset })
            : this.rankedNewestIds(db, match, { window: ranked, limit: size, offset }))),
        );
      if (ids.length < size && matches > ranked) {
        // The lowest id of the ranked ones (null: none are ranked): the older matches lie below.
        const ceiling = ranked === 0 ? null : await this.nthNewestId(db, match, ranked);
        const rest = { ceiling, limit: size - ids.length, offset: Math.max(0, offset - ranked) };
        ids.push(...(await this.newestIds(db, match, rest)));
      }
      return { cards: await this.page(db, match, ids), total, capped };
    });
  }
}

/**
 * What a search of `matches` shows: the total paged through (SEARCH_RESULTS_CAP at most), whether
 * more match, and how many of the page at `offset` lie within it.
 */
export function pageable(matches: number, limit: number, offset: number) {
  const total = Math.min(matches, SEARCH_RESULTS_CAP);
  return { total, capped: matches > total, size: Math.max(0, Math.min(limit, total - offset)) };
}
