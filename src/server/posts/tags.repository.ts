import type { Kysely } from 'kysely';
import type { TagSummary } from '../../shared/schemas/tags.js';
import type { Database } from '../db/schema.js';
import { batches } from '../db/batches.js';
import { perShape, preparedQuery } from '../db/prepared-query.js';
import { isoNow, systemClock, type Clock } from '../schedule/clock.js';
import { POST_COLUMNS, visible } from './post-queries.js';
import type { FeedItem } from './posts.repository.js';

/** A tag with its id, as the read side finds it by slug. */
export interface Tag {
  id: number;
  slug: string;
  name: string;
}

/** Read queries of tags: the list with counts, the tags of posts, a tag's feed. */
export class TagsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock = systemClock,
  ) {
    this.tagsOfPost = preparedQuery(db, (postId: number) =>
      db
        .selectFrom('post_tags')
        .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
        .select(['tags.id', 'tags.slug', 'tags.name'])
        .where('post_tags.post_id', '=', postId)
        .orderBy('post_tags.position'),
    );
    this.tagsOfPostsQuery = perShape(() =>
      preparedQuery(db, (...ids: number[]) =>
        db
          .selectFrom('post_tags')
          .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
          .select(['post_tags.post_id', 'tags.id', 'tags.slug', 'tags.name'])
          .where('post_tags.post_id', 'in', ids)
          .orderBy('post_tags.post_id')
          .orderBy('post_tags.position'),
      ),
    );
  }

  /**
   * The query of the tags of `count` posts, compiled once per count: a page's cards ask it while
   * the tags are not in memory (tags.service.ts), and building it cost as much as running it.
   */
  private readonly tagsOfPostsQuery: (
    count: number,
  ) => (...ids: number[]) => Promise<Array<Tag & { post_id: number }>>;

  /** One post's tags in its order; compiled once, as a post view asks for them uncached. */
  readonly tagsOfPost: (postId: number) => Promise<Tag[]>;

  private now(): string {
    return isoNow(this.clock);
  }

  /** Every tag that visible posts carry, with how many carry it; most used first, then by slug. */
  async list(): Promise<Array<Tag & TagSummary>> {
    const rows = await this.db
      .selectFrom('tags')
      .innerJoin('post_tags', 'post_tags.tag_id', 'tags.id')
      .innerJoin('posts', 'posts.id', 'post_tags.post_id')
      .where(visible(this.now()))
      .select(['tags.id', 'tags.slug', 'tags.name'])
      .select((eb) => eb.fn.countAll<number>().as('post_count'))
      .groupBy(['tags.id', 'tags.slug', 'tags.name'])
      .execute();
    // Sorted here: the engines' collations order text differently.
    return rows
      .map((row) => ({ ...row, post_count: Number(row.post_count) }))
      .sort((a, b) => b.post_count - a.post_count || (a.slug < b.slug ? -1 : 1));
  }

  /** Every tag, in no order. */
  allTags(): Promise<Tag[]> {
    return this.db.selectFrom('tags').select(['id', 'slug', 'name']).execute();
  }

  /** How many links posts have to tags, and the highest post id among them (0 without any). */
  async linkExtent(): Promise<{ links: number; lastPost: number }> {
    const row = await this.db
      .selectFrom('post_tags')
      .select((eb) => [eb.fn.countAll<number>().as('links'), eb.fn.max('post_id').as('last')])
      .executeTakeFirstOrThrow();
    return { links: Number(row.links), lastPost: Number(row.last ?? 0) };
  }

  /** The links of the posts with ids in (`after`, `upTo`], by post and in each post's order. */
  linksBetween(after: number, upTo: number): Promise<Array<{ post_id: number; tag_id: number }>> {
    return this.db
      .selectFrom('post_tags')
      .select(['post_id', 'tag_id'])
      .where('post_id', '>', after)
      .where('post_id', '<=', upTo)
      .orderBy('post_id')
      .orderBy('position')
      .execute();
  }

  /** The tags of each of these posts, in each post's order; a post without tags is absent. */
  async ofPosts(postIds: readonly number[]): Promise<Map<number, Tag[]>> {
    const tags = new Map<number, Tag[]>();
    for (const ids of batches(postIds)) {
      const rows = await this.tagsOfPostsQuery(ids.length)(...ids);
      for (const { post_id, ...tag } of rows) {
        const list = tags.get(post_id);
        if (list) list.push(tag);
        else tags.set(post_id, [tag]);
      }
    }
    return tags;
  }

  /** The newest visible posts of a tag with their HTML, for its feed. */
  async listFeedItems(tagId: number, limit: number): Promise<FeedItem[]> {
    return this.db
      .selectFrom('post_tags')
      .innerJoin('posts', 'posts.id', 'post_tags.post_id')
      .innerJoin('categories', 'categories.id', 'posts.category_id')
      .select([...POST_COLUMNS, 'categories.name as category_name'])
      .where('post_tags.tag_id', '=', tagId)
      .where(visible(this.now()))
      .orderBy('post_tags.published_at', 'desc')
      .orderBy('post_tags.post_id', 'desc')
      .limit(limit)
      .execute();
  }
}
