import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPosts, type BulkPost } from '../../../test/helpers/bulk-posts.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { TestClock } from '../../../test/helpers/test-clock.js';
import { SitemapRepository, type SitemapPost } from './sitemap.repository.js';

const NOW = Date.parse('2026-03-01T00:00:00.000Z');

/** 60 posts: two to a day (the second's id is higher), every 7th a draft, every 11th scheduled. */
function fixture(categoryId: number): BulkPost[] {
  return Array.from({ length: 60 }, (_, i) => {
    const day = new Date(Date.UTC(2025, 0, 1 + Math.floor(i / 2)));
    return {
      slug: `p-${i}`,
      category_id: categoryId,
      published_at: (i % 11 === 10 ? new Date(NOW + 86_400_000 * (i + 1)) : day).toISOString(),
      draft: i % 7 === 6,
      modified_at: i % 3 === 0 ? '2026-02-01T10:00:00.000Z' : null,
    };
  });
}

describe.each(ENGINES)('the sitemap walk of the posts on %s', (engine) => {
  let t: TestStore;
  let repository: SitemapRepository;
  let visible: string[];
  beforeAll(async () => {
    t = await createTestStore(engine);
    const { id } = await t.store.db
      .insertInto('categories')
      .values({ slug: 'news', name: 'News', description: '', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const posts = fixture(id);
    await insertPosts(t.store.db, posts);
    // Oldest first; a day's two posts in the order they were written (by id).
    visible = posts.filter((p) => !p.draft && Date.parse(p.published_at) <= NOW).map((p) => p.slug);
    repository = new SitemapRepository(t.store.db, new TestClock(NOW));
  });
  afterAll(() => t?.drop());

  const walk = async (skip: number, take: number, batch: number) => {
    const sizes: number[] = [];
    const rows: SitemapPost[] = [];
    for await (const rowsOfBatch of repository.posts(skip, take, batch)) {
      sizes.push(rowsOfBatch.length);
      rows.push(...rowsOfBatch);
    }
    return { sizes, rows };
  };

  it('gives every visible post once, oldest first, in batches of at most the size asked', async () => {
    const { sizes, rows } = await walk(0, 1_000, 7);
    expect(rows.map((r) => r.slug)).toEqual(visible);
    expect(Math.max(...sizes)).toBe(7);
    expect(sizes.slice(0, -1).every((n) => n === 7)).toBe(true);
    const first = rows.find((r) => r.slug === 'p-0')!;
    expect(first).toEqual({
      slug: 'p-0',
      published_at: '2025-01-01T00:00:00.000Z',
      modified_at: '2026-02-01T10:00:00.000Z',
    });
    expect(rows.find((r) => r.slug === 'p-1')!.modified_at).toBeNull();
  });

  it('splits the walk into files that meet without a gap or an overlap', async () => {
    const parts = [];
    for (let skip = 0; skip < visible.length; skip += 13)
      parts.push(...(await walk(skip, 13, 5)).rows.map((r) => r.slug));
    expect(parts).toEqual(visible);
    expect((await walk(visible.length, 13, 5)).rows).toEqual([]);
    expect((await walk(10, 3, 50)).rows.map((r) => r.slug)).toEqual(visible.slice(10, 13));
  });
});
