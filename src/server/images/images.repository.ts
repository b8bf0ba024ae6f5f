import type { Kysely } from 'kysely';
import type { ImageFormat, ImageRecord } from '../../shared/image-variants.js';
import type { Database } from '../db/schema.js';

/** The SQL of the images table: what the import published, read by pages and the API. */
export class ImagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async all(): Promise<ImageRecord[]> {
    const rows = await this.db.selectFrom('images').selectAll().orderBy('name').execute();
    return rows.map((row) => ({ ...row, format: row.format as ImageFormat }));
  }

  /** Writes the records, replacing the rows of the same names. */
  async save(records: ImageRecord[]): Promise<void> {
    for (let at = 0; at < records.length; at += 200) {
      await this.db
        .insertInto('images')
        .values(records.slice(at, at + 200))
        .onConflict((oc) =>
          oc.column('name').doUpdateSet((eb) => ({
            hash: eb.ref('excluded.hash'),
            width: eb.ref('excluded.width'),
            height: eb.ref('excluded.height'),
            format: eb.ref('excluded.format'),
            color: eb.ref('excluded.color'),
          })),
        )
        .execute();
    }
  }

  /** Removes the rows of images no longer in the content folder. */
  async deleteExcept(names: Set<string>): Promise<number> {
    const gone = (await this.db.selectFrom('images').select('name').execute())
      .map((row) => row.name)
      .filter((name) => !names.has(name));
    for (let at = 0; at < gone.length; at += 200)
      await this.db
        .deleteFrom('images')
        .where('name', 'in', gone.slice(at, at + 200))
        .execute();
    return gone.length;
  }
}
