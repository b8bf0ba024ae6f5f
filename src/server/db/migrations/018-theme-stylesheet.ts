import type { Kysely } from 'kysely';

/**
 * The site folder's theme.css as the last import read it (`theme_css`, null without one): every
 * instance serves it from the store, as it serves the site config, so that one import restyles
 * them all (src/server/brand/theme-stylesheet.ts).
 */
export function themeStylesheet() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('content_state').addColumn('theme_css', 'text').execute();
    },
  };
}
