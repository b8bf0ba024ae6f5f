import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * What keeps old links working: the slugs that now redirect to a post (old slugs of a renamed
 * file, and the `aliases` its front matter lists), and the slugs of posts pruned away, which
 * answer 410 Gone until a post takes them again.
 */
export function stableUrls(engine: Engine) {
  const id = (col: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? col.primaryKey().autoIncrement()
      : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('post_aliases')
        .addColumn('id', 'integer', id)
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('post_id', 'integer', (col) =>
          col.notNull().references('posts.id').onDelete('cascade'),
        )
        .addColumn('origin', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('post_aliases_post_idx')
        .on('post_aliases')
        .column('post_id')
        .execute();
      await db.schema
        .createTable('removed_slugs')
        .addColumn('id', 'integer', id)
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('removed_at', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
