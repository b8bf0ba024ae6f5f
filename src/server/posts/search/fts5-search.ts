import { sql, type Kysely } from 'kysely';
import type { PostCard } from '../../../shared/schemas/api.js';
import type { Database } from '../../db/schema.js';
import type { PostSearch, SearchPage } from './search.js';
import { toFts5Match, type SearchQuery } from './search-query.js';

/** SQLite FTS5 with bm25 ranking; column weights: title 10, summary 4, body 1. */
export class Fts5Search implements PostSearch {
  constructor(private readonly db: Kysely<Database>) {}

  async search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage> {
    if (query.terms.length === 0) return { cards: [], total: 0 };
    const match = toFts5Match(query);
    const cards = await sql<PostCard>`
      SELECT p.id, p.title AS name, p.slug, p.image, p.summary, p.category_id, p.published_at
      FROM posts_fts
      JOIN posts p ON p.id = posts_fts.rowid
      WHERE posts_fts MATCH ${match} AND p.draft = 0
      ORDER BY bm25(posts_fts, 10.0, 4.0, 1.0), p.published_at DESC, p.id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    const count = await sql<{ total: number }>`
      SELECT count(*) AS total
      FROM posts_fts
      JOIN posts p ON p.id = posts_fts.rowid
      WHERE posts_fts MATCH ${match} AND p.draft = 0`.execute(this.db);
    return { cards: cards.rows, total: Number(count.rows[0]?.total ?? 0) };
  }
}
