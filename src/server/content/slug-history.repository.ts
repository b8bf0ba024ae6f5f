import type { Kysely } from 'kysely';
import type { Database, PostAliasesTable } from '../db/schema.js';
import { batches } from '../db/batches.js';

/** A stored alias with the file of the post it leads to. */
export interface StoredAlias {
  slug: string;
  postId: number;
  origin: PostAliasesTable['origin'];
  /** The post's file, or null for a post that came from no file. */
  path: string | null;
}

/**
 * The SQL of old slugs during an import (post_aliases, removed_slugs): every statement runs
 * inside the import's transaction.
 */
export class SlugHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Gives the stored post of `path` its new slug, keeping its id (and so its aliases), unless
   * another post holds that slug. Returns whether it was renamed.
   */
  async renameInPlace(path: string, from: string, to: string): Promise<boolean> {
    const taken = await this.db
      .selectFrom('posts')
      .select('id')
      .where('slug', '=', to)
      .executeTakeFirst();
    if (taken) return false;
    const result = await this.db
      .updateTable('posts')
      .set({ slug: to })
      .where('slug', '=', from)
      .where('source_path', '=', path)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The id and file of each of these slugs that a post holds. */
  async postsBySlug(slugs: string[]): Promise<Map<string, { id: number; path: string | null }>> {
    const found = new Map<string, { id: number; path: string | null }>();
    for (const batch of batches(slugs)) {
      const rows = await this.db
        .selectFrom('posts')
        .select(['id', 'slug', 'source_path'])
        .where('slug', 'in', batch)
        .execute();
      for (const row of rows) found.set(row.slug, { id: row.id, path: row.source_path });
    }
    return found;
  }

  /** The stored aliases among these slugs. */
  async aliasesBySlug(slugs: string[]): Promise<Map<string, StoredAlias>> {
    const found = new Map<string, StoredAlias>();
    for (const batch of batches(slugs)) {
      const rows = await this.db
        .selectFrom('post_aliases')
        .innerJoin('posts', 'posts.id', 'post_aliases.post_id')
        .select([
          'post_aliases.slug',
          'post_aliases.post_id',
          'post_aliases.origin',
          'posts.source_path',
        ])
        .where('post_aliases.slug', 'in', batch)
        .execute();
      for (const row of rows)
        found.set(row.slug, {
          slug: row.slug,
          postId: row.post_id,
          origin: row.origin,
          path: row.source_path,
        });
    }
    return found;
  }

  async hasAliases(): Promise<boolean> {
    return (
      (await this.db.selectFrom('post_aliases').select('id').limit(1).executeTakeFirst()) !==
      undefined
    );
  }

  /** Forgets the front-matter aliases of the posts of these files: they were read again. */
  async deleteFrontMatterAliasesOf(paths: string[]): Promise<void> {
    for (const batch of batches(paths))
      await this.db
        .deleteFrom('post_aliases')
        .where('origin', '=', 'front_matter')
        .where('post_id', 'in', (eb) =>
          eb.selectFrom('posts').select('posts.id').where('posts.source_path', 'in', batch),
        )
        .execute();
  }

  /** Points every alias of one post at another (a renamed post stored under a new id). */
  async moveAliases(fromPostId: number, toPostId: number): Promise<void> {
    await this.db
      .updateTable('post_aliases')
      .set({ post_id: toPostId })
      .where('post_id', '=', fromPostId)
      .execute();
  }

  /** Removes the old row of a renamed file, if it still is that file's. */
  async deleteOldRow(path: string, slug: string): Promise<void> {
    await this.db
      .deleteFrom('posts')
      .where('slug', '=', slug)
      .where('source_path', '=', path)
      .execute();
  }

  /** Makes `slug` lead to the post, whatever it led to before. */
  async setAlias(
    slug: string,
    postId: number,
    origin: PostAliasesTable['origin'],
    now: string,
  ): Promise<void> {
    await this.db
      .insertInto('post_aliases')
      .values({ slug, post_id: postId, origin, created_at: now })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ post_id: postId, origin }))
      .execute();
  }

  /**
   * The slugs readers could open among the posts not in `keep` (published and dated no later
   * than `now`, as posts/post-queries.ts's `visible` says) with their aliases: what a prune of
   * them leaves answering 410 Gone. A draft or a scheduled post was never public.
   */
  async publicSlugsExcept(keep: Set<string>, now: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('posts')
      .leftJoin('post_aliases', 'post_aliases.post_id', 'posts.id')
      .select(['posts.slug', 'post_aliases.slug as alias'])
      .where('posts.draft', '=', 0)
      .where('posts.published_at', '<=', now)
      .execute();
    const slugs = new Set<string>();
    for (const row of rows) {
      if (keep.has(row.slug)) continue;
      slugs.add(row.slug);
      if (row.alias) slugs.add(row.alias);
    }
    return [...slugs];
  }

  async markRemoved(slugs: string[], now: string): Promise<void> {
    for (const batch of batches(slugs))
      await this.db
        .insertInto('removed_slugs')
        .values(batch.map((slug) => ({ slug, removed_at: now })))
        .onConflict((oc) => oc.column('slug').doUpdateSet({ removed_at: now }))
        .execute();
  }

  /**
   * What a post now holds takes its slug back: a removed slug a post or an alias took is live
   * again, and an old slug of a renamed file that a post took is that post's.
   */
  async yieldToLiveSlugs(): Promise<void> {
    await this.db
      .deleteFrom('removed_slugs')
      .where((eb) =>
        eb.or([
          eb('slug', 'in', eb.selectFrom('posts').select('posts.slug')),
          eb('slug', 'in', eb.selectFrom('post_aliases').select('post_aliases.slug')),
        ]),
      )
      .execute();
    await this.db
      .deleteFrom('post_aliases')
      .where('origin', '=', 'renamed')
      .where('slug', 'in', (eb) => eb.selectFrom('posts').select('posts.slug'))
      .execute();
  }
}
