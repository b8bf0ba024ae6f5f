import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { CARD_COLUMNS, type CardRow } from '../post-queries.js';
import type { SearchQuery } from './search-query.js';
import { excerptOf, type MarkedTexts } from './excerpt-marks.js';
import type { PostSearch, SearchPage, SearchRow } from './search-types.js';

/**
 * What every engine's search does once it knows a page's post ids: read their cards, and the
 * passage around the match that the engine marked in each.
 */
export abstract class PagedSearch<Match> implements PostSearch {
  constructor(protected readonly db: Kysely<Database>) {}

  abstract search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage>;

  /**
   * The texts of posts `ids` (all matches) with the engine's markers around the matched words,
   * by id; only the page's posts are asked for, as the engines' excerpt functions read the text.
   */
  protected abstract markedTexts(
    db: Kysely<Database>,
    match: Match,
    ids: number[],
  ): Promise<Map<number, MarkedTexts>>;

  /** The cards of `ids` in that order, each with its excerpt when the engine marked a match. */
  protected async page(db: Kysely<Database>, match: Match, ids: number[]): Promise<SearchRow[]> {
    const cards = await this.cards(db, ids);
    if (cards.length === 0) return cards;
    const texts = await this.markedTexts(
      db,
      match,
      cards.map((card) => card.id),
    );
    return cards.map((card) => {
      const found = texts.get(card.id);
      const excerpt = found && excerptOf(found);
      return excerpt ? { ...card, excerpt } : card;
    });
  }

  /** Runs a query of post ids. */
  protected async ids(db: Kysely<Database>, query: RawBuilder<{ id: number }>): Promise<number[]> {
    return (await query.execute(db)).rows.map((row) => Number(row.id));
  }

  /** The cards of `ids`, in that order. */
  private async cards(db: Kysely<Database>, ids: number[]): Promise<CardRow[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('posts')
      .select(CARD_COLUMNS)
      .where('posts.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((card): card is CardRow => !!card);
  }
}
