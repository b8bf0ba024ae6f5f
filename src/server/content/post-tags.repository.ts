import type { Kysely } from 'kysely';
import type { TagRef } from '../../shared/schemas/tags.js';
import type { Database } from '../db/schema.js';
import { batches } from '../db/batches.js';

/** A written post's tags, by its slug. */
export interface TaggedPost {
  slug: string;
  tags: TagRef[];
  publishedAt: string;
}

/** The import's writes of tags: every statement runs inside the import's transaction. */
export class PostTagsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The tags of each of these posts as stored, in their order, by post id. */
  async ofPosts(postIds: readonly number[]): Promise<Map<number, TagRef[]>> {
    const tags = new Map<number, TagRef[]>();
    for (const ids of batches(postIds)) {
      const rows = await this.db
        .selectFrom('post_tags')
        .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
        .select(['post_tags.post_id', 'tags.slug', 'tags.name'])
        .where('post_tags.post_id', 'in', ids)
        .orderBy('post_tags.post_id')
        .orderBy('post_tags.position')
        .execute();
      for (const { post_id, slug, name } of rows) {
        const list = tags.get(post_id);
        if (list) list.push({ slug, name });
        else tags.set(post_id, [{ slug, name }]);
      }
    }
    return tags;
  }

  /**
   * Gives each post (already written) exactly the tags listed, in their order, with the post's
   * date on each link. A tag's name is as the last of these posts writes it.
   */
  async replaceLinks(posts: TaggedPost[]): Promise<void> {
    if (posts.length === 0) return;
    const names = new Map<string, string>();
    for (const post of posts) for (const tag of post.tags) names.set(tag.slug, tag.name);
    const tagIds = new Map<string, number>();
    for (const batch of batches([...names])) {
      const rows = await this.db
        .insertInto('tags')
        .values(batch.map(([slug, name]) => ({ slug, name })))
        .onConflict((oc) =>
          oc.column('slug').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
        )
        .returning(['id', 'slug'])
        .execute();
      for (const row of rows) tagIds.set(row.slug, row.id);
    }
    const postIds = new Map<string, number>();
    for (const batch of batches(posts.map((p) => p.slug))) {
      const rows = await this.db
        .selectFrom('posts')
        .select(['id', 'slug'])
        .where('slug', 'in', batch)
        .execute();
      for (const row of rows) postIds.set(row.slug, row.id);
    }
    for (const batch of batches([...postIds.values()]))
      await this.db.deleteFrom('post_tags').where('post_id', 'in', batch).execute();
    const links = posts.flatMap((post) =>
      post.tags.map((tag, position) => ({
        post_id: postIds.get(post.slug)!,
        tag_id: tagIds.get(tag.slug)!,
        position,
        published_at: post.publishedAt,
      })),
    );
    for (const batch of batches(links))
      await this.db.insertInto('post_tags').values(batch).execute();
  }

  /** Removes the tags no post carries any more; returns how many. */
  async deleteUnusedTags(): Promise<number> {
    const result = await this.db
      .deleteFrom('tags')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('post_tags')
              .select('post_tags.id')
              .whereRef('post_tags.tag_id', '=', 'tags.id'),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
