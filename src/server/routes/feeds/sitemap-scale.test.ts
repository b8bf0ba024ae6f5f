import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../../test/helpers/api-app.js';
import {
  BULK_IMPORT_DAY,
  insertPosts,
  type BulkPost,
} from '../../../../test/helpers/bulk-posts.js';
import { ENGINES } from '../../../../test/helpers/stores.js';
import { feedPath } from '../../../shared/paths.js';
import { SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS } from './sitemap.js';

const ORIGIN = 'https://fixture.example';
const PUBLIC_POSTS = 100_000;

/**
 * 100,000 public posts a minute apart from 2010 on, every third with its own `updated` date, and
 * among them 100 drafts and 100 scheduled for 2999 that no file may list.
 */
function bulkPosts(categoryId: number): BulkPost[] {
  const start = Date.UTC(2010, 0, 1);
  return Array.from({ length: PUBLIC_POSTS + 200 }, (_, i) => {
    const hidden = i % 1_000 === 999 ? 'draft' : i % 1_000 === 499 ? 'scheduled' : undefined;
    return {
      slug: `bulk-${i}`,
      category_id: categoryId,
      published_at: new Date(
        hidden === 'scheduled' ? Date.UTC(2999, 0, 1) + i : start + i * 60_000,
      ).toISOString(),
      draft: hidden === 'draft',
      modified_at: i % 3 === 0 ? new Date(Date.UTC(2020, 5, 1) + i * 1_000).toISOString() : null,
    };
  });
}

/** Each `<loc>` of a sitemap document with its `<lastmod>`, read by a conformant XML parser. */
function entriesOf(xml: string, root: string): Array<{ loc: string; lastmod?: string }> {
  const parser = new SaxesParser({ xmlns: true });
  const entries: Array<{ loc: string; lastmod?: string }> = [];
  let field: 'loc' | 'lastmod' | undefined;
  let rootName: string | undefined;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    rootName ??= tag.local;
    if (tag.local === 'url' || tag.local === 'sitemap') entries.push({ loc: '' });
    field = tag.local === 'loc' || tag.local === 'lastmod' ? tag.local : undefined;
  });
  parser.on('closetag', () => void (field = undefined));
  parser.on('text', (text) => {
    if (field) entries[entries.length - 1]![field] = (entries.at(-1)![field] ?? '') + text;
  });
  parser.write(xml).close();
  expect(rootName).toBe(root);
  return entries;
}

describe.each(ENGINES)('the sitemap of a site of 100,000 posts on %s', (engine) => {
  let h: ApiHarness;
  /** Every public post's URL and the lastmod it must have. */
  const expected = new Map<string, string>();
  const hidden = new Set<string>();

  beforeAll(async () => {
    h = await apiHarness(engine, {
      posts: [
        {
          slug: 'tagged',
          title: 'Tagged',
          category: 'news',
          body: 'B',
          date: '2009-06-01',
          tags: ['css'],
        },
        {
          slug: 'a-draft',
          title: 'Draft',
          category: 'news',
          body: 'B',
          date: '2009-06-02',
          draft: true,
        },
        { slug: 'later', title: 'Later', category: 'news', body: 'B', date: '2999-06-01' },
      ],
    });
    const { id } = await h.test.store.db
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', 'guides')
      .executeTakeFirstOrThrow();
    const posts = bulkPosts(id);
    await insertPosts(h.test.store.db, posts);
    for (const post of posts)
      if (post.draft || post.published_at.startsWith('2999')) hidden.add(`${ORIGIN}/${post.slug}`);
      else expected.set(`${ORIGIN}/${post.slug}`, post.modified_at ?? post.published_at);
    expected.set(`${ORIGIN}/tagged`, '2009-06-01T00:00:00.000Z');
    hidden.add(`${ORIGIN}/a-draft`).add(`${ORIGIN}/later`);
  });
  afterAll(() => h?.close());

  it('lists every public post once, in files of at most 50,000 URLs that its index names', async () => {
    const index = await h.app.inject(feedPath.sitemap());
    expect(index.statusCode).toBe(200);
    const files = entriesOf(index.body, 'sitemapindex').map((e) => e.loc);
    expect(files).toEqual(
      ['pages-1', 'tags-1', 'posts-1', 'posts-2', 'posts-3'].map(
        (f) => `${ORIGIN}/sitemap-${f}.xml`,
      ),
    );

    const seen = new Map<string, string | undefined>();
    const counts: number[] = [];
    const twice: string[] = [];
    for (const file of files) {
      const res = await h.app.inject(new URL(file).pathname);
      expect(res.statusCode, file).toBe(200);
      expect(res.rawPayload.length, file).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
      const entries = entriesOf(res.body, 'urlset');
      counts.push(entries.length);
      for (const { loc, lastmod } of entries) {
        if (seen.has(loc)) twice.push(loc);
        seen.set(loc, lastmod);
      }
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    // Full files, then the rest: posts-3 holds the one post past 100,000.
    expect(counts.slice(2)).toEqual([SITEMAP_MAX_URLS, SITEMAP_MAX_URLS, 1]);

    // Checked in bulk: 100,000 expect() calls cost seconds.
    expect(twice).toEqual([]);
    expect(expected.size).toBe(PUBLIC_POSTS + 1);
    const wrong = [...expected].filter(([loc, lastmod]) => seen.get(loc) !== lastmod);
    expect(wrong.slice(0, 5)).toEqual([]);
    expect([...hidden].filter((loc) => seen.has(loc))).toEqual([]);
    const others = [...seen.keys()].filter((loc) => !expected.has(loc));
    expect(others.sort()).toEqual(
      ['/', '/cate/1', '/cate/2', '/posts', '/resume', '/tag/css']
        .map((p) => `${ORIGIN}${p}`)
        .sort(),
    );
    expect([...seen.values()]).not.toContain(BULK_IMPORT_DAY);

    expect((await h.app.inject(feedPath.sitemapFile('posts', 4))).statusCode).toBe(404);
  });
});
