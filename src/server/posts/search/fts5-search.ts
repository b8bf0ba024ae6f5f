import { sql, type Kysely } from 'kysely';
import type { PostCard } from '../../../shared/schemas/api.js';
import type { Database } from '../../db/schema.js';
import type { PostSearch, SearchPage } from './search.js';
import { toFts5Match, type SearchQuery } from './search-query.js';

/**
 * SQLite FTS5, ranked by the index's bm25 `rank` (title 10, summary 4, body 1). Drafts are not
 * in the index, so counting and ranking run in the index alone; posts are read for one page.
 */
export class Fts5Search implements PostSearch {
  constructor(private readonly db: Kysely<Database>) {}

  async search(query: SearchQuery, limit: number, offset: number): Promise<SearchPage> {
    if (query.terms.length === 0) return { cards: [], total: 0 };
    const match = toFts5Match(query);
    const count = await sql<{ total: number }>`
      SELECT count(*) AS total FROM posts_fts WHERE posts_fts MATCH ${match}`.execute(this.db);
    const total = Number(count.rows[0]?.total ?? 0);
    if (total === 0 || offset >= total) return { cards: [], total };
    const page = await sql<PostCard & { position: number }>`
      WITH ranked AS (
        SELECT rowid AS id, row_number() OVER (ORDER BY rank) AS position
        FROM (SELECT rowid, rank FROM posts_fts WHERE posts_fts MATCH ${match} ORDER BY rank LIMIT ${limit} OFFSET ${offset})
      )
      SELECT p.id, p.title AS name, p.slug, p.image, p.summary, p.category_id, p.published_at, ranked.position
      FROM ranked JOIN posts p ON p.id = ranked.id
      ORDER BY ranked.position`.execute(this.db);
    return { cards: page.rows.map(({ position: _position, ...card }) => card), total };
  }
}
