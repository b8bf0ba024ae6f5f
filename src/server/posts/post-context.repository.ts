import type { Kysely } from 'kysely';
import type { RelatedPost } from '../../shared/schemas/api.js';
import type { Database } from '../db/schema.js';
import { perShape, preparedQuery } from '../db/prepared-query.js';
import { isoNow, systemClock, type Clock } from '../schedule/clock.js';
import { SUMMARY_COLUMNS, visible } from './post-queries.js';

/** A post that may be related to another: what ranking it needs, and what the page shows. */
export interface Candidate extends RelatedPost {
  id: number;
  summary: string;
  category_id: number;
  published_at: string;
}

/**
 * What a post page shows around the post: the posts that may be related to it (the newest of
 * each of its tags and of its category, each read from its list's index), and the post before
 * and after it in its category. All compiled once: a post view runs them uncached.
 */
export class PostContextRepository {
  private readonly prepared;

  constructor(
    db: Kysely<Database>,
    private readonly clock: Clock = systemClock,
  ) {
    this.prepared = {
      newestOfTag: perShape((limit) =>
        preparedQuery(db, (now: string, tagId: number) =>
          db
            .selectFrom('post_tags')
            .innerJoin('posts', 'posts.id', 'post_tags.post_id')
            .select(SUMMARY_COLUMNS)
            .where('post_tags.tag_id', '=', tagId)
            .where(visible(now))
            .orderBy('post_tags.published_at', 'desc')
            .orderBy('post_tags.post_id', 'desc')
            .limit(limit),
        ),
      ),
      newestOfCategory: perShape((limit) =>
        preparedQuery(db, (now: string, categoryId: number) =>
          db
            .selectFrom('posts')
            .select(SUMMARY_COLUMNS)
            .where(visible(now))
            .where('posts.category_id', '=', categoryId)
            .orderBy('posts.published_at', 'desc')
            .orderBy('posts.id', 'desc')
            .limit(limit),
        ),
      ),
      older: preparedQuery(db, (now: string, categoryId: number, publishedAt: string, id: number) =>
        db
          .selectFrom('posts')
          .select(['posts.title as name', 'posts.slug', 'posts.image'])
          .where('posts.category_id', '=', categoryId)
          // Before visible(now): SQLite bounds its index scan by the first range it is given.
          .where((eb) =>
            eb(eb.refTuple('posts.published_at', 'posts.id'), '<', eb.tuple(publishedAt, id)),
          )
          .where(visible(now))
          .orderBy('posts.published_at', 'desc')
          .orderBy('posts.id', 'desc')
          .limit(1),
      ),
      newer: preparedQuery(db, (now: string, categoryId: number, publishedAt: string, id: number) =>
        db
          .selectFrom('posts')
          .select(['posts.title as name', 'posts.slug', 'posts.image'])
          .where('posts.category_id', '=', categoryId)
          // Before visible(now): SQLite bounds its index scan by the first range it is given.
          .where((eb) =>
            eb(eb.refTuple('posts.published_at', 'posts.id'), '>', eb.tuple(publishedAt, id)),
          )
          .where(visible(now))
          .orderBy('posts.published_at', 'asc')
          .orderBy('posts.id', 'asc')
          .limit(1),
      ),
    };
  }

  /** The newest visible posts carrying a tag. */
  newestOfTag(tagId: number, limit: number): Promise<Candidate[]> {
    return this.prepared.newestOfTag(limit)(isoNow(this.clock), tagId);
  }

  /** The newest visible posts of a category. */
  newestOfCategory(categoryId: number, limit: number): Promise<Candidate[]> {
    return this.prepared.newestOfCategory(limit)(isoNow(this.clock), categoryId);
  }

  /** The visible posts just older and just newer than a post, in its category. */
  async neighbours(post: {
    id: number;
    published_at: string;
    category: { id: number };
  }): Promise<{ previous: RelatedPost | null; next: RelatedPost | null }> {
    const now = isoNow(this.clock);
    const at = [now, post.category.id, post.published_at, post.id] as const;
    const [[previous], [next]] = await Promise.all([
      this.prepared.older(...at),
      this.prepared.newer(...at),
    ]);
    return { previous: previous ?? null, next: next ?? null };
  }
}
