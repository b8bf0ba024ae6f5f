import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** What the publication schedule reads of the store. */
export class ScheduleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The date of the next post to become visible after `now` (post-queries.ts `visible`), or
   * undefined when none is scheduled: the first row of a range on the list's partial index.
   */
  async nextPublication(now: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .select('posts.published_at')
      .where('posts.draft', '=', 0)
      .where('posts.published_at', '>', now)
      .orderBy('posts.published_at', 'asc')
      .limit(1)
      .executeTakeFirst();
    return row?.published_at;
  }
}
