import type { Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * The secret that signs private preview links when `PREVIEW_SECRET` is not set: generated once,
 * on first use, by whichever process needs it first (one row, id 1), and shared by every process
 * and instance on the store, so that a link made by the CLI opens on any of them.
 */
export function previewSecret(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('preview_secrets')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('secret', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
