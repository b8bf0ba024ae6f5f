import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/** Categories, posts and the content version; identical on both engines except the id column. */
export function coreTables(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('categories')
        .addColumn('id', 'integer', (col) =>
          engine === 'sqlite'
            ? col.primaryKey().autoIncrement()
            : col.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('posts')
        .addColumn('id', 'integer', (col) =>
          engine === 'sqlite'
            ? col.primaryKey().autoIncrement()
            : col.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) =>
          col.notNull().references('categories.id').onDelete('restrict'),
        )
        .addColumn('summary', 'text', (col) => col.notNull())
        .addColumn('image', 'text', (col) => col.notNull())
        .addColumn('content_html', 'text', (col) => col.notNull())
        .addColumn('body_text', 'text', (col) => col.notNull())
        .addColumn('published_at', 'text', (col) => col.notNull())
        .addColumn('draft', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('source_path', 'text')
        .addColumn('source_hash', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();

      // Listing order is newest first; partial indexes keep drafts out of the hot paths.
      await sql`CREATE INDEX posts_published_idx ON posts (published_at DESC, id DESC) WHERE draft = 0`.execute(
        db,
      );
      await sql`CREATE INDEX posts_category_published_idx ON posts (category_id, published_at DESC, id DESC) WHERE draft = 0`.execute(
        db,
      );

      await db.schema
        .createTable('content_state')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('site_json', 'text')
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await sql`INSERT INTO content_state (id, version, updated_at) VALUES (1, 1, ${new Date().toISOString()})`.execute(
        db,
      );
    },
  };
}
