import { sql, type Kysely } from 'kysely';
import type { PostCard } from '../../../shared/schemas/api.js';
import type { Database } from '../../db/schema.js';
import type { PostSearch, SearchPage } from './search.js';
import { toWebsearchText, type SearchQuery } from './search-query.js';

/** PostgreSQL tsvector + GIN; ts_rank weighs title (A) over summary (B) over body (C). */
export class PostgresSearch implements PostSearch {
  constructor(private readonly db: Kysely<Database>) {}

  async search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage> {
    if (query.terms.length === 0) return { cards: [], total: 0 };
    const text = toWebsearchText(query);
    const result = await sql<PostCard & { total: number }>`
      SELECT p.id, p.title AS name, p.slug, p.image, p.summary, p.category_id, p.published_at,
             count(*) OVER () AS total
      FROM posts p, websearch_to_tsquery('english', ${text}) q
      WHERE p.draft = 0 AND p.search_vector @@ q
      ORDER BY ts_rank(p.search_vector, q) DESC, p.published_at DESC, p.id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    if (result.rows.length === 0 && offset > 0) {
      const count = await sql<{ total: number }>`
        SELECT count(*) AS total FROM posts p, websearch_to_tsquery('english', ${text}) q
        WHERE p.draft = 0 AND p.search_vector @@ q`.execute(this.db);
      return { cards: [], total: Number(count.rows[0]?.total ?? 0) };
    }
    const total = Number(result.rows[0]?.total ?? 0);
    const cards = result.rows.map(({ total: _total, ...card }) => card);
    return { cards, total };
  }
}
