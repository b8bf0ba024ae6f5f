import type { Kysely } from 'kysely';

/**
 * A version records what its import changed of the posts (`change_json`, a ContentChange of
 * cache/content-change.ts) and the version it differs from only by that
 * (`changed_since`): servers then drop the cached answers that show some of it and keep the
 * rest. Null when the version moved another way. `text_only_since` and `text_edited_slugs`
 * (migrations 014, 015), which told post text edits alone, are written null from here on and
 * stay, so that a server of the build before, still running during a rolling upgrade, reads
 * them as "anything changed" and drops every cached answer.
 */
export function contentChanges() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('content_state').addColumn('changed_since', 'integer').execute();
      await db.schema.alterTable('content_state').addColumn('change_json', 'text').execute();
    },
  };
}
