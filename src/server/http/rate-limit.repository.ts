import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A key's attempts in its current window, and how long that window has left in ms. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/** The SQL of the rate limits' shared counts (PostgreSQL only: migration 019). */
export class RateLimitRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one attempt of `key` in one statement, atomic across every instance: a first attempt
   * opens a window of `timeWindow` ms, an attempt after the window ended opens the next one. The
   * database's clock decides, so that instances whose clocks differ share the same windows.
   */
  async incr(key: string, timeWindow: number): Promise<WindowCount> {
    const { rows } = await sql<WindowCount>`
      INSERT INTO rate_limit_counts AS counted (key, count, ends_at)
      VALUES (${key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN counted.ends_at <= now() THEN 1 ELSE counted.count + 1 END,
        ends_at = CASE WHEN counted.ends_at <= now() THEN excluded.ends_at ELSE counted.ends_at END
      RETURNING count AS current,
        ceil(extract(epoch FROM counted.ends_at - now()) * 1000)::integer AS ttl`.execute(this.db);
    return rows[0]!;
  }

  /** Deletes the counts whose window has ended. */
  async sweep(): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_counts')
      .where('ends_at', '<=', sql<Date>`now()`)
      .execute();
  }
}
