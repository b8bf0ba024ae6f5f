import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * Keeps drafts out of the SQLite full-text index, so that a search can count and rank in the
 * index alone. PostgreSQL filters drafts in its query.
 */
export function searchWithoutDrafts(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return;
      for (const name of ['posts_fts_insert', 'posts_fts_delete', 'posts_fts_update'])
        await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)}`.execute(db);
      await sql`CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts WHEN new.draft = 0 BEGIN
        INSERT INTO posts_fts (rowid, title, summary, body_text)
        VALUES (new.id, new.title, new.summary, new.body_text);
      END`.execute(db);
      await sql`CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts WHEN old.draft = 0 BEGIN
        INSERT INTO posts_fts (posts_fts, rowid, title, summary, body_text)
        VALUES ('delete', old.id, old.title, old.summary, old.body_text);
      END`.execute(db);
      // One trigger, so that the old row leaves the index before the new one enters (the
      // firing order of two triggers is not defined, and a doubled row corrupts the index).
      await sql`CREATE TRIGGER posts_fts_update AFTER UPDATE OF title, summary, body_text, draft ON posts BEGIN
        INSERT INTO posts_fts (posts_fts, rowid, title, summary, body_text)
        SELECT 'delete', old.id, old.title, old.summary, old.body_text WHERE old.draft = 0;
        INSERT INTO posts_fts (rowid, title, summary, body_text)
        SELECT new.id, new.title, new.summary, new.body_text WHERE new.draft = 0;
      END`.execute(db);
      await sql`INSERT INTO posts_fts (posts_fts) VALUES ('delete-all')`.execute(db);
      await sql`INSERT INTO posts_fts (rowid, title, summary, body_text)
        SELECT id, title, summary, body_text FROM posts WHERE draft = 0`.execute(db);
    },
  };
}
