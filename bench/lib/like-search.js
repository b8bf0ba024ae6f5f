// The baseline of the search bench: the LIKE scan the specification's naïve implementation would
// do, every term in any column, on either engine.
import { sql } from 'kysely';

/**
 * A function of a query {q} that runs the scan's page of `page` posts and its count on `store`
 * and returns the count; `parseSearchText` is the app's, so both searches read the same terms.
 */
export function likeSearch(store, parseSearchText, page) {
  const op = store.engine === 'sqlite' ? sql`LIKE` : sql`ILIKE`;
  const draft = sql`p.draft = 0`;
  return async ({ q }) => {
    const terms = parseSearchText(q).terms.map((words) => `%${words.join(' ')}%`);
    const where = sql.join(
      [
        draft,
        ...terms.map(
          (t) => sql`(p.title ${op} ${t} OR p.summary ${op} ${t} OR p.body_text ${op} ${t})`,
        ),
      ],
      sql` AND `,
    );
    await sql`SELECT p.id, p.title AS name, p.slug, p.image, p.summary FROM posts p
      WHERE ${where} ORDER BY p.published_at DESC, p.id DESC LIMIT ${page}`.execute(store.db);
    const count = await sql`SELECT count(*) AS total FROM posts p WHERE ${where}`.execute(store.db);
    return Number(count.rows[0].total);
  };
}
