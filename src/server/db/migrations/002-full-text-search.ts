import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * The full-text index, in each engine's own machinery, kept in step with every write by the
 * database itself (triggers on SQLite, a generated column on PostgreSQL). Title weighs most.
 */
export function fullTextSearch(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'sqlite') {
        await sql`CREATE VIRTUAL TABLE posts_fts USING fts5(
          title, summary, body_text,
          content = 'posts', content_rowid = 'id',
          tokenize = 'porter unicode61 remove_diacritics 2'
        )`.execute(db);
        await sql`CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
          INSERT INTO posts_fts (rowid, title, summary, body_text)
          VALUES (new.id, new.title, new.summary, new.body_text);
        END`.execute(db);
        await sql`CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
          INSERT INTO posts_fts (posts_fts, rowid, title, summary, body_text)
          VALUES ('delete', old.id, old.title, old.summary, old.body_text);
        END`.execute(db);
        await sql`CREATE TRIGGER posts_fts_update AFTER UPDATE OF title, summary, body_text ON posts BEGIN
          INSERT INTO posts_fts (posts_fts, rowid, title, summary, body_text)
          VALUES ('delete', old.id, old.title, old.summary, old.body_text);
          INSERT INTO posts_fts (rowid, title, summary, body_text)
          VALUES (new.id, new.title, new.summary, new.body_text);
        END`.execute(db);
        return;
      }
      await sql`ALTER TABLE posts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', summary), 'B') ||
        setweight(to_tsvector('english', body_text), 'C')
      ) STORED`.execute(db);
      await sql`CREATE INDEX posts_search_idx ON posts USING gin (search_vector)`.execute(db);
    },
  };
}
