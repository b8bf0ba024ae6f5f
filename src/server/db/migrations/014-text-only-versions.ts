import type { Kysely } from 'kysely';

/**
 * The content state records when an import changed nothing but post texts: `text_only_since`
 * holds the version just before it, and only the import writes it. Every other move of the
 * version (a restore, an export's import) clears it, so it never vouches for a change it did not
 * see. Servers then keep the answers no post text is part of (list pages, categories, tags) and
 * what they derived from the lists (content-state.ts).
 */
export function textOnlyVersions() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('content_state').addColumn('text_only_since', 'integer').execute();
    },
  };
}
