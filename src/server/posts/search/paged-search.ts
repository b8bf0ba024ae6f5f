import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { CARD_COLUMNS, type CardRow } from '../post-queries.js';
import type { SearchQuery } from './search-query.js';
import { excerptOf, type MarkedTexts } from './excerpt-marks.js';
import { fts5MarkedTexts } from './fts5-snippet.js';
import type { PostSearch, SearchPage, SearchRow } from './search-types.js';

/** A post's texts an excerpt may be cut from. */
export type PostTexts = MarkedTexts & { id: number };

/** What the excerpts need of a query: its phrases as Porter's stems (fts5-instances.ts). */
export interface Phrased {
  phrases: string[][];
}

/**
 * What every engine's search does once it knows a page's post ids: read their cards, and the
 * passage around the match in each, marked.
 */
export abstract class PagedSearch<Match extends Phrased> implements PostSearch {
  constructor(protected readonly db: Kysely<Database>) {}

  abstract search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage>;

  /**
   * The engine's own excerpts of posts `ids`, for those whose words the JavaScript excerpts did not
   * find although the engine matched them (a letter folded or a word stemmed otherwise).
   */
  protected abstract engineTexts(
    db: Kysely<Database>,
    match: Match,
    ids: number[],
  ): Promise<Map<number, MarkedTexts>>;

  /**
   * The texts of the page's posts with markers around the matched words, by id: FTS5's
   * snippet() of the body and summary (the passage of EXCERPT_WORDS tokens with the most matched
   * phrases) and highlight() of the title, computed from the posts' text (fts5-snippet.ts,
   * decisions 011 and 020), on both engines. In SQL, each engine splits and stems the whole body
   * for it (FTS5 ≈ 0.2 ms a post, PostgreSQL's ts_headline ≈ 1 ms); this splits only the words
   * around the matches.
   */
  protected async markedTexts(
    db: Kysely<Database>,
    match: Match,
    posts: PostTexts[],
  ): Promise<Map<number, MarkedTexts>> {
    const texts = new Map<number, MarkedTexts>();
    const missed: number[] = [];
    for (const { id, ...post } of posts) {
      const marked = fts5MarkedTexts(post, match.phrases);
      if (marked) texts.set(id, marked);
      else missed.push(id);
    }
    if (missed.length === 0) return texts;
    for (const [id, marked] of await this.engineTexts(db, match, missed)) texts.set(id, marked);
    return texts;
  }

  /**
   * The cards of `ids` in that order, each with its excerpt when a match was marked; the cards
   * and the texts the excerpts are cut from are read in one query.
   */
  protected async page(db: Kysely<Database>, match: Match, ids: number[]): Promise<SearchRow[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('posts')
      .select([...CARD_COLUMNS, 'posts.body_text'])
      .where('posts.id', 'in', ids)
      .execute();
    const texts = await this.markedTexts(
      db,
      match,
      rows.map((row) => ({
        id: row.id,
        body: row.body_text,
        summary: row.summary,
        title: row.name,
      })),
    );
    const byId = new Map(rows.map(({ body_text: _, ...card }) => [card.id, card]));
    return ids
      .map((id) => byId.get(id))
      .filter((card): card is CardRow => !!card)
      .map((card) => {
        const found = texts.get(card.id);
        const excerpt = found && excerptOf(found);
        return excerpt ? { ...card, excerpt } : card;
      });
  }

  /** Runs a query of post ids. */
  protected async ids(db: Kysely<Database>, query: RawBuilder<{ id: number }>): Promise<number[]> {
    return (await query.execute(db)).rows.map((row) => Number(row.id));
  }
}
