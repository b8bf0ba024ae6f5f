import { sql } from 'kysely';
import { toWebsearchText, type SearchQuery } from './search-query.js';
import { WindowedSearch } from './windowed-search.js';

const TSQUERY = (text: string) => sql`websearch_to_tsquery('english', ${text})`;

/**
 * PostgreSQL tsvector + GIN; ts_rank weighs title (A) over summary (B) over body (C). ts_rank
 * reads each ranked post's stored vector, so only the window's are read.
 */
export class PostgresSearch extends WindowedSearch<string> {
  protected prepare(query: SearchQuery): string | null {
    return query.terms.length ? toWebsearchText(query) : null;
  }

  /**
   * The planner prices `@@` on a row as one operator call, unaware that it first reads the row's
   * out-of-line (TOAST) vector: for a word in most posts it picks a table scan that reads every
   * vector (10k posts: 127–154 ms) over the GIN bitmap (4–10 ms), so counting is told not to.
   */
  protected async count(text: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ total: number }>`
        SELECT count(*) AS total FROM posts
        WHERE draft = 0 AND search_vector @@ ${TSQUERY(text)}`.execute(trx);
      return Number(rows[0]?.total ?? 0);
    });
  }

  protected async nthNewestId(text: string, n: number): Promise<number> {
    return (
      (
        await this.ids(sql<{ id: number }>`
      SELECT id FROM posts WHERE draft = 0 AND search_vector @@ ${TSQUERY(text)}
      ORDER BY id DESC LIMIT 1 OFFSET ${n - 1}`)
      )[0] ?? 0
    );
  }

  protected rankedIds(
    text: string,
    floor: number,
    limit: number,
    offset: number,
  ): Promise<number[]> {
    return this.ids(sql<{ id: number }>`
      SELECT id FROM posts, ${TSQUERY(text)} q
      WHERE draft = 0 AND search_vector @@ q AND id >= ${floor}
      ORDER BY ts_rank(search_vector, q) DESC, id DESC LIMIT ${limit} OFFSET ${offset}`);
  }

  protected newestIds(
    text: string,
    ceiling: number | null,
    limit: number,
    offset: number,
  ): Promise<number[]> {
    const below = ceiling === null ? sql`` : sql`AND id < ${ceiling}`;
    return this.ids(sql<{ id: number }>`
      SELECT id FROM posts WHERE draft = 0 AND search_vector @@ ${TSQUERY(text)} ${below}
      ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`);
  }
}
