import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * Tags and their posts, and the optional front-matter fields `updated` and `image_alt`. A link
 * holds its post's date beside the tag, so that a tag's list is read newest first from one
 * index from any page start, as the other lists are (decision 009); the import writes the links
 * of a post with the post. Links have an id of their own, which backups page through.
 */
export function tags(engine: Engine) {
  const id = (col: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? col.primaryKey().autoIncrement()
      : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').addColumn('modified_at', 'text').execute();
      await db.schema.alterTable('posts').addColumn('image_alt', 'text').execute();
      await db.schema
        .createTable('tags')
        .addColumn('id', 'integer', id)
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('post_tags')
        .addColumn('id', 'integer', id)
        .addColumn('post_id', 'integer', (col) =>
          col.notNull().references('posts.id').onDelete('cascade'),
        )
        .addColumn('tag_id', 'integer', (col) =>
          col.notNull().references('tags.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('published_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('post_tags_post_tag_key', ['post_id', 'tag_id'])
        .execute();
      // A tag's posts newest first (its list pages, its feed, related posts by tag).
      await sql`CREATE INDEX post_tags_tag_idx ON post_tags (tag_id, published_at DESC, post_id DESC)`.execute(
        db,
      );
    },
  };
}
