import type { Kysely } from 'kysely';

/**
 * What the import derives from a post's HTML for its page and cards: the word count, the reading
 * time in minutes and the table of contents (JSON). Rows written before this hold the defaults
 * until the next import re-renders them (RENDER_VERSION 6 re-checks every stored post).
 */
export function postReadingStats() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('posts')
        .addColumn('word_count', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('posts')
        .addColumn('reading_minutes', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('posts')
        .addColumn('toc_json', 'text', (col) => col.notNull().defaultTo('[]'))
        .execute();
    },
  };
}
