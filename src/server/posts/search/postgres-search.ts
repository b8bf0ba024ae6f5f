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

  protected async count(text: string): Promise<number> {
    const { rows } = await sql<{ total: number }>`
      SELECT count(*) AS total FROM posts
      WHERE draft = 0 AND search_vector @@ ${TSQUERY(text)}`.execute(this.db);
    return Number(rows[0]?.total ?? 0);
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
