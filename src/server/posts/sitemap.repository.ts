import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isoNow, systemClock, type Clock } from '../schedule/clock.js';
import { visible } from './post-queries.js';

/** What the sitemap says of a post: its address and its dates. */
export interface SitemapPost {
  slug: string;
  published_at: string;
  modified_at: string | null;
}

/**
 * Rows read per statement while a sitemap file is written: a file of 50,000 posts is read in a
 * few steps, so what is held at once stays small whatever the size of the site.
 */
export const SITEMAP_BATCH = 5_000;

/**
 * The visible posts in the sitemap's order: oldest first, so that a new post joins the last file
 * and the others keep theirs. Counted by `PostsRepository.countPublished`.
 */
export class SitemapRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * `take` visible posts after the first `skip`, oldest first (date, then id), in batches of at
   * most `batch`. The first batch skips by OFFSET along the lists' index; each next one starts
   * after the last row read (a row-value bound on that index), so no batch reads the earlier ones
   * again. One instant decides what is visible for the whole walk.
   */
  async *posts(skip: number, take: number, batch = SITEMAP_BATCH): AsyncGenerator<SitemapPost[]> {
    const now = isoNow(this.clock);
    let after: { published_at: string; id: number } | undefined;
    for (let left = take; left > 0;) {
      let query = this.db.selectFrom('posts');
      // Before `visible`, as in post-queries.ts's `listed`: SQLite starts its range at this bound.
      if (after)
        query = query.where(
          sql<boolean>`(posts.published_at, posts.id) > (${after.published_at}, ${after.id})`,
        );
      const want = Math.min(batch, left);
      const rows = await query
        .where(visible(now))
        .select(['posts.id', 'posts.slug', 'posts.published_at', 'posts.modified_at'])
        .orderBy('posts.published_at')
        .orderBy('posts.id')
        .limit(want)
        .offset(after ? 0 : skip)
        .execute();
      const last = rows[rows.length - 1];
      if (!last) return;
      after = { published_at: last.published_at, id: last.id };
      left -= rows.length;
      yield rows.map(({ slug, published_at, modified_at }) => ({
        slug,
        published_at,
        modified_at,
      }));
      if (rows.length < want) return;
    }
  }
}
