import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * The posts table as migrations 001–011 left it, with its columns reordered: the short ones
 * first, the long text (the table of contents, the HTML, the plain text) last. SQLite stores a
 * row's values in column order and reaches a column only by reading every value before it; a
 * post's HTML and text span several overflow pages, which a card's date or reading time used to
 * sit behind (a page of 12 cards read ≈ 40 such pages: docs/performance.md, "Cold list pages").
 */
const POST_COLUMNS: [name: string, definition: string][] = [
  ['id', 'integer primary key autoincrement'],
  ['slug', 'text not null unique'],
  ['title', 'text not null'],
  ['category_id', 'integer not null references "categories" ("id") on delete restrict'],
  ['summary', 'text not null'],
  ['image', 'text not null'],
  ['image_alt', 'text'],
  ['published_at', 'text not null'],
  ['modified_at', 'text'],
  ['draft', 'integer default 0 not null'],
  ['word_count', 'integer default 0 not null'],
  ['reading_minutes', 'integer default 0 not null'],
  ['source_path', 'text'],
  ['source_hash', 'text'],
  ['created_at', 'text not null'],
  ['updated_at', 'text not null'],
  ['toc_json', "text default '[]' not null"],
  ['content_html', 'text not null'],
  ['body_text', 'text not null'],
];

const POSTS_TEXT_LAST = sql.raw(
  `CREATE TABLE "posts_text_last" (${POST_COLUMNS.map(([name, definition]) => `"${name}" ${definition}`).join(', ')})`,
);

const COLUMNS = sql.raw(POST_COLUMNS.map(([name]) => `"${name}"`).join(', '));

/**
 * SQLite's way to change a table's columns (https://sqlite.org/lang_altertable.html, "other
 * kinds of table schema changes"): a new table, the rows copied with their ids, the old one
 * dropped, the new one renamed, its indexes and triggers made again as they were. Foreign keys
 * are off meanwhile, or dropping the old table would delete every row that refers to it (tags,
 * aliases); they are checked before the change commits. PostgreSQL keeps long values out of the
 * row (TOAST): nothing to do there.
 */
export function postTextLast(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return;
      await sql`PRAGMA foreign_keys = OFF`.execute(db);
      try {
        await db.transaction().execute(async (trx) => {
          const { rows: schema } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master
            WHERE tbl_name = 'posts' AND type IN ('index', 'trigger') AND sql IS NOT NULL
            ORDER BY type, name`.execute(trx);
          const { rows: sequence } = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence
            WHERE name = 'posts'`.execute(trx);
          await POSTS_TEXT_LAST.execute(trx);
          await sql`INSERT INTO posts_text_last (${COLUMNS}) SELECT ${COLUMNS} FROM posts`.execute(
            trx,
          );
          await sql`DROP TABLE posts`.execute(trx);
          await sql`ALTER TABLE posts_text_last RENAME TO posts`.execute(trx);
          for (const { sql: statement } of schema) await sql.raw(statement).execute(trx);
          // Ids of deleted posts stay unused, as AUTOINCREMENT promised.
          if (sequence[0])
            await sql`UPDATE sqlite_sequence SET seq = ${sequence[0].seq}
              WHERE name = 'posts'`.execute(trx);
          const { rows: broken } = await sql`PRAGMA foreign_key_check`.execute(trx);
          if (broken.length)
            throw new Error(`reordering the posts table broke ${broken.length} references`);
        });
      } finally {
        await sql`PRAGMA foreign_keys = ON`.execute(db);
      }
    },
  };
}
