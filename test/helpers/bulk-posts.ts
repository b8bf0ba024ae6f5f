import type { Insertable, Kysely } from 'kysely';
import { batches, ROWS_PER_INSERT } from '../../src/server/db/batches.js';
import type { Database, PostsTable } from '../../src/server/db/schema.js';

/** What a bulk post differs by; the rest is the same small text for every one. */
export interface BulkPost {
  slug: string;
  category_id: number;
  published_at: string;
  draft?: boolean;
  modified_at?: string | null;
}

/** The day every bulk post was "imported": a sitemap must never give it as a post's change. */
export const BULK_IMPORT_DAY = '2026-06-30T12:00:00.000Z';

const row = (post: BulkPost): Insertable<PostsTable> => ({
  slug: post.slug,
  title: `Post ${post.slug}`,
  category_id: post.category_id,
  summary: 'A post written straight into the store',
  image: 'cover.svg',
  content_html: '<p>Body</p>',
  body_text: 'Body',
  published_at: post.published_at,
  draft: post.draft ? 1 : 0,
  modified_at: post.modified_at ?? null,
  image_alt: null,
  source_path: null,
  source_hash: null,
  created_at: BULK_IMPORT_DAY,
  updated_at: BULK_IMPORT_DAY,
});

/**
 * Writes `posts` straight into the posts table, a statement per ROWS_PER_INSERT rows in one
 * transaction: 100,000 posts in seconds, where the import would take minutes. Nothing else of an
 * import is written (tags, images, content version), so the app must not have cached what these
 * change.
 */
export async function insertPosts(db: Kysely<Database>, posts: readonly BulkPost[]) {
  await db.transaction().execute(async (trx) => {
    for (const batch of batches(posts, ROWS_PER_INSERT))
      await trx.insertInto('posts').values(batch.map(row)).execute();
  });
}
