import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Where a post stands: a draft, scheduled for later, or public. */
export interface PostState {
  draft: boolean;
  published_at: string;
}

/** The store's side of previews: the secret kept in the database, and a post's state. */
export class PreviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The store's preview secret, made on first use. Processes racing to make it all insert with
   * ON CONFLICT DO NOTHING and then read the one row that won.
   */
  async secret(): Promise<string> {
    const row = await this.read();
    if (row) return row;
    await this.db
      .insertInto('preview_secrets')
      .values({
        id: 1,
        secret: randomBytes(32).toString('base64url'),
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const made = await this.read();
    if (!made) throw new Error('The preview secret could not be stored');
    return made;
  }

  private async read(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('preview_secrets')
      .select('secret')
      .where('id', '=', 1)
      .executeTakeFirst();
    return row?.secret;
  }

  /** Whether the post with this slug is a draft, and its date; undefined when there is none. */
  async postState(slug: string): Promise<PostState | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .select(['draft', 'published_at'])
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row && { draft: Number(row.draft) === 1, published_at: row.published_at };
  }
}
