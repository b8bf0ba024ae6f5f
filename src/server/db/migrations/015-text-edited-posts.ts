import type { Kysely } from 'kysely';

/**
 * With a version that differs from the one before in post texts alone (migration 014), the
 * content state lists the slugs of the posts whose texts changed (`text_edited_slugs`, JSON),
 * when they are few: servers then drop those posts' pages and views and keep every other post's.
 * Null when the import edited more (content-state.ts) or the version moved another way.
 */
export function textEditedPosts() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('content_state').addColumn('text_edited_slugs', 'text').execute();
    },
  };
}
