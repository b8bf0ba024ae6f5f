import type { Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * The images an import published: per file name of the content's images/ folder, the hash its
 * variants are named by, its size, fallback format and dominant colour. Every served file name is
 * derived from a row (src/shared/image-variants.ts), so a row is all the pages and the API need.
 */
export function imageVariants(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('images')
        // An id like every table's, by which backups read it in order.
        .addColumn('id', 'integer', (col) =>
          engine === 'sqlite'
            ? col.primaryKey().autoIncrement()
            : col.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('hash', 'text', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('format', 'text', (col) => col.notNull())
        .addColumn('color', 'text')
        .execute();
    },
  };
}
