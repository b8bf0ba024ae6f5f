import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { batches, ROWS_PER_INSERT } from '../db/batches.js';

/** A slug of a pruned post, as export-manifest.json carries it. */
export interface RemovedSlug {
  slug: string;
  removed_at: string;
}

/**
 * The old slugs of an exported store (content/slug-history.ts): the aliases go back into each
 * post's front matter, the slugs of pruned posts into the manifest.
 */
export class OldSlugsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every alias of these posts, by post id, oldest first. */
  async aliasesOf(postIds: number[]): Promise<Map<number, string[]>> {
    const aliases = new Map<number, string[]>();
    for (const slice of batches(postIds)) {
      const rows = await this.db
        .selectFrom('post_aliases')
        .select(['post_id', 'slug'])
        .where('post_id', 'in', slice)
        .orderBy('id')
        .execute();
      for (const row of rows)
        aliases.set(row.post_id, [...(aliases.get(row.post_id) ?? []), row.slug]);
    }
    return aliases;
  }

  async removedSlugs(): Promise<RemovedSlug[]> {
    return this.db
      .selectFrom('removed_slugs')
      .select(['slug', 'removed_at'])
      .orderBy('id')
      .execute();
  }

  /** Takes back what `insertRemoved` wrote into an empty store, when the import failed. */
  async deleteRemoved(): Promise<void> {
    await this.db.deleteFrom('removed_slugs').execute();
  }

  /** Writes the removed slugs of an export into an empty store. */
  async insertRemoved(rows: RemovedSlug[]): Promise<void> {
    for (const slice of batches(rows, ROWS_PER_INSERT))
      await this.db.insertInto('removed_slugs').values(slice).execute();
  }
}
