import { sql, type Kysely } from 'kysely';
import type { PostCard } from '../../../shared/schemas/api.js';
import type { Database } from '../../db/schema.js';
import type { PostSearch, SearchPage } from './search.js';
import { toFts5Match, type SearchQuery } from './search-query.js';

/** bm25 column weights: a title match counts most, then the summary, then the body. */
const BM25 = sql.raw('bm25(posts_fts, 10.0, 4.0, 1.0)');

/**
 * Matches ranked by bm25 when a query has more: only the newest this many are ranked, the rest
 * follow newest first. Ranking costs about a microsecond per match, so this bounds a search
 * for a word found in most posts (see docs/decisions/004-search-rank-window.md).
 */
export const RANK_WINDOW = 1000;

/**
 * Past this many matches a word is in so many posts that bm25 cannot tell them apart (its idf
 * is near zero) while still scanning every match to count them: such results are newest first.
 */
export const UNRANKED_ABOVE = 20_000;

/**
 * SQLite FTS5. Drafts are not in the index, so counting and ranking run in the index alone;
 * posts are read only for the page.
 */
export class Fts5Search implements PostSearch {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rankWindow = RANK_WINDOW,
  ) {}

  private async rowids(query: ReturnType<typeof sql<{ rowid: number }>>): Promise<number[]> {
    return (await query.execute(this.db)).rows.map((row) => row.rowid);
  }

  private async windowFloor(match: string): Promise<number> {
    const [floor] = await this.rowids(sql<{ rowid: number }>`
      SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${match}
      ORDER BY rowid DESC LIMIT 1 OFFSET ${this.rankWindow - 1}`);
    return floor ?? 0;
  }

  async search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage> {
    if (query.terms.length === 0) return { cards: [], total: 0 };
    const match = toFts5Match(query);
    const count = await sql<{ total: number }>`
      SELECT count(*) AS total FROM posts_fts WHERE posts_fts MATCH ${match}`.execute(this.db);
    const total = Number(count.rows[0]?.total ?? 0);
    if (total === 0 || offset >= total) return { cards: [], total };

    // How many of the newest matches are ranked: all when few, a window when many, none past
    // UNRANKED_ABOVE; `floor` is the lowest rowid of the ranked ones.
    const ranked = total > UNRANKED_ABOVE ? 0 : Math.min(total, this.rankWindow);
    const floor =
      ranked === total ? 0 : ranked === 0 ? Number.MAX_SAFE_INTEGER : await this.windowFloor(match);
    const ids: number[] = [];
    if (offset < ranked) {
      ids.push(
        ...(await this.rowids(sql<{ rowid: number }>`
          SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${match} AND rowid >= ${floor}
          ORDER BY ${BM25}, rowid DESC LIMIT ${limit} OFFSET ${offset}`)),
      );
    }
    if (ids.length < limit && total > ranked) {
      ids.push(
        ...(await this.rowids(sql<{ rowid: number }>`
          SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${match} AND rowid < ${floor}
          ORDER BY rowid DESC LIMIT ${limit - ids.length} OFFSET ${Math.max(0, offset - ranked)}`)),
      );
    }
    if (ids.length === 0) return { cards: [], total };
    const rows = await this.db
      .selectFrom('posts')
      .select(['id', 'title as name', 'slug', 'image', 'summary', 'category_id', 'published_at'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      cards: ids.map((id) => byId.get(id)).filter((card): card is PostCard => !!card),
      total,
    };
  }
}
