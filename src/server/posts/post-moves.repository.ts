import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Where an old slug leads: to the current slug of a post, or nowhere any more (410 Gone). */
export type SlugRecord = { kind: 'alias'; slug: string } | { kind: 'gone' };

/** Reads the old slugs the import keeps (content/slug-history.ts). */
export class PostMovesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** What the store knows of a slug no post holds; undefined when nothing. */
  async find(slug: string): Promise<SlugRecord | undefined> {
    const alias = await this.db
      .selectFrom('post_aliases')
      .innerJoin('posts', 'posts.id', 'post_aliases.post_id')
      .select('posts.slug')
      .where('post_aliases.slug', '=', slug)
      .executeTakeFirst();
    if (alias) return { kind: 'alias', slug: alias.slug };
    const removed = await this.db
      .selectFrom('removed_slugs')
      .select('slug')
      .where('slug', '=', slug)
      .executeTakeFirst();
    return removed ? { kind: 'gone' } : undefined;
  }
}
