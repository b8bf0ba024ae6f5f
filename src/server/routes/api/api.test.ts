import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importContent } from '../../content/import.service.js';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  ApiError,
  CategoryList,
  PostPage,
  PostWithRelated,
  SearchResults,
  type Category,
  type PostCard,
} from '../../../shared/schemas/api.js';
import { apiHarness, type ApiHarness } from '../../../../test/helpers/api-app.js';
import {
  manyPosts,
  writeContent,
  type FixturePost,
} from '../../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../../test/helpers/stores.js';
import { API_ROUTES, apiPath, HEALTH_ROUTES, imagePath } from '../../../shared/paths.js';

const POSTS: FixturePost[] = [
  ...manyPosts(25, 'news', 'story'),
  {
    slug: 'zephyr-caching-explained',
    title: 'Zephyr caching explained',
    category: 'guides',
    summary: 'How the cache works.',
    body: '## Why\n\nA post about caches and invalidation.\n\n```ts\nconst x = 1;\n```\n',
    date: '2024-06-01',
  },
  {
    slug: 'another-article',
    title: 'Another article',
    category: 'guides',
    summary: 'Something else entirely.',
    body: 'Deep in this body the word zephyr appears once, among many other words about gardening.',
    date: '2024-07-01',
  },
  {
    slug: 'secret-draft',
    title: 'Zephyr draft never shown',
    category: 'guides',
    body: 'zephyr zephyr zephyr',
    date: '2024-08-01',
    draft: true,
  },
];
const CATEGORIES = { news: 'News', guides: 'Guides', empty: 'Empty shelf' };

function expectShape(schema: TSchema, body: unknown) {
  expect(Value.Errors(schema, body)).toEqual([]);
}

describe.each(ENGINES)('JSON API on %s', (engine) => {
  let h: ApiHarness;
  let categories: Category[];
  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });
  const idOf = (slug: string) => categories.find((c) => c.slug === slug)!.id;

  beforeAll(async () => {
    h = await apiHarness(engine, {
      posts: POSTS,
      categories: CATEGORIES,
      env: { EMPLOYER_EMAIL: '  Boss@Example.COM ', PAGE_SIZE: '12' },
    });
    categories = (await get(apiPath.postcates())).json();
  });
  afterAll(() => h?.close());

  it('lists categories in config order with published post counts', async () => {
    const res = await get(apiPath.postcates());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectShape(CategoryList, res.json());
    expect(categories.map((c) => [c.name, c.post_count])).toEqual([
      ['News', 25],
      ['Guides', 2],
      ['Empty shelf', 0],
    ]);
  });

  it('pages all posts newest first, without drafts', async () => {
    const res = await get(apiPath.posts(1));
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expectShape(PostPage, page);
    expect(page).toMatchObject({ current_page: 1, last_page: 3, per_page: 12, total: 27 });
    expect(page.data).toHaveLength(12);
    const dates = page.data.map((p: PostCard) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page.data[0]).toMatchObject({
      slug: 'story-25',
      name: 'story number 25',
      image: 'cover.svg',
    });
  });

  it('defaults to page 1, gives a short last page and an empty page past the end', async () => {
    expect((await get(API_ROUTES.posts)).json().current_page).toBe(1);
    const last = (await get(apiPath.posts(3))).json();
    expect(last.data).toHaveLength(3);
    expect(last.data.map((p: PostCard) => p.slug)).not.toContain('secret-draft');
    const past = (await get(apiPath.posts(4))).json();
    expect(past).toMatchObject({ data: [], current_page: 4, last_page: 3, total: 27 });
    expect((await get(apiPath.posts(10000))).statusCode).toBe(200);
  });

  it.each(['0', '-1', 'abc', '1.5', '10001', '', '1e3x', '99999999999999999999', '1&page=2'])(
    'refuses page=%s with a 400 JSON error',
    async (page) => {
      const res = await get(`/api/posts?page=${page}`);
      expect(res.statusCode).toBe(400);
      expectShape(ApiError, res.json());
      expect(res.json().error.code).toBe('bad_request');
    },
  );

  it('pages one category, and an empty one', async () => {
    const res = await get(apiPath.postsCate(idOf('news'), 2));
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expectShape(PostPage, page);
    expect(page).toMatchObject({ current_page: 2, last_page: 3, total: 25 });
    expect(page.data.every((p: PostCard) => p.category_id === idOf('news'))).toBe(true);
    const empty = (await get(apiPath.postsCate(idOf('empty'), 1))).json();
    expect(empty).toMatchObject({ data: [], last_page: 1, total: 0, current_page: 1 });
  });

  it('answers 404 for an unknown category and 400 for a malformed id', async () => {
    const missing = await get(apiPath.postsCate(99999, 1));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    for (const id of ['abc', '0', '-3', '1.5', '3000000000']) {
      const res = await get(`/api/postsCate/${id}`);
      expect(res.statusCode, id).toBe(400);
      expectShape(ApiError, res.json());
    }
    expect((await get(`/api/postsCate/${idOf('news')}?page=x`)).statusCode).toBe(400);
  });

  it('shows a post with related posts: same category first, never itself', async () => {
    const res = await get(apiPath.post('zephyr-caching-explained'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectShape(PostWithRelated, body);
    expect(body.post.title).toBe('Zephyr caching explained');
    expect(body.post.content).toContain('<h2');
    expect(body.post.content).toContain(
      '<pre class="shiki" tabindex="0"><code class="language-ts">',
    );
    expect(body.post.category).toMatchObject({ slug: 'guides', name: 'Guides' });
    expect(body.posts[0]).toEqual({
      name: 'Another article',
      slug: 'another-article',
      image: 'cover.svg',
    });
    expect(body.posts.map((p: { slug: string }) => p.slug)).not.toContain(
      'zephyr-caching-explained',
    );
    expect(body.posts.map((p: { slug: string }) => p.slug)).not.toContain('secret-draft');
    expect(body.posts.length).toBe(5);
  });

  it('answers 404 for an unknown slug or a draft, 400 for what is no slug', async () => {
    for (const slug of ['no-such-post', 'secret-draft']) {
      const res = await get(apiPath.post(slug));
      expect(res.statusCode, slug).toBe(404);
      expectShape(ApiError, res.json());
    }
    for (const slug of ['🙂', 'a b', 'Zephyr-Caching-Explained', 'x'.repeat(121)]) {
      const res = await get(apiPath.post(slug));
      expect(res.statusCode, slug).toBe(400);
      expectShape(ApiError, res.json());
    }
  });

  it('ranks a title match above a body match and keeps drafts out of search', async () => {
    const res = await get(apiPath.search('zephyr', 1));
    expect(res.statusCode).toBe(200);
    const cards = res.json();
    expectShape(SearchResults, cards);
    expect(cards.map((c: PostCard) => c.slug)).toEqual([
      'zephyr-caching-explained',
      'another-article',
    ]);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['x-last-page']).toBe('1');
    expect(res.headers.link).toContain('rel="first"');
  });

  it('pages search results through headers', async () => {
    const res = await get(apiPath.search('story', 2));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(12);
    expect(res.headers['x-total-count']).toBe('25');
    expect(res.headers['x-total-capped']).toBe('false');
    expect(res.headers['x-last-page']).toBe('3');
    expect(res.headers.link).toContain('</api/posts/story?page=3>; rel="next"');
    expect(res.headers.link).toContain('</api/posts/story?page=1>; rel="prev"');
    const past = await get(apiPath.search('story', 9));
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('25');
  });

  it('matches phrases and stems', async () => {
    expect((await get(apiPath.search('"caching explained"', 1))).json()).toHaveLength(1);
    expect((await get(apiPath.search('"explained caching"', 1))).json()).toHaveLength(0);
    const stemmed = (await get(apiPath.search('caches', 1))).json().map((c: PostCard) => c.slug);
    expect(stemmed).toContain('zephyr-caching-explained');
  });

  it.each([
    '"',
    '*',
    'AND',
    'zephyr AND',
    'NEAR(',
    'NEAR(zephyr',
    '-',
    '-zephyr',
    '"unbalanced zephyr',
    'title:zephyr',
    '(zephyr',
    '^zephyr',
    '{zephyr}',
    "zephyr' OR 1=1 --",
    '\\',
    'a'.repeat(500),
    '🙂',
    '中文搜索',
    'zephyr 🙂 中文',
    '%',
    '%25',
  ])('treats %j as plain text, never as syntax', async (text) => {
    const res = await get(apiPath.search(text, 1));
    expect(res.statusCode).toBe(200);
    expectShape(SearchResults, res.json());
  });

  it.each(['(zephyr', '^zephyr', '{zephyr}', '"zephyr', 'zephyr"', '*zephyr*', 'ZEPHYR'])(
    'drops the syntax of %j and searches its words',
    async (text) => {
      const res = await get(apiPath.search(text, 1));
      expect(res.json().map((c: PostCard) => c.slug)).toEqual([
        'zephyr-caching-explained',
        'another-article',
      ]);
    },
  );

  it('refuses search text over 500 characters and bad pages', async () => {
    expect((await get(apiPath.search('a'.repeat(501), 1))).statusCode).toBe(400);
    expect((await get(apiPath.search('zephyr', 0))).statusCode).toBe(400);
  });

  it('answers repeat requests with 304 through the ETag', async () => {
    const first = await get(apiPath.posts(1));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    const again = await get(apiPath.posts(1), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(apiPath.posts(2), { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    // As a proxy that compresses passes it back (weakened), and in a list of several.
    for (const sent of [`W/${etag}`, `"other", ${etag}`, '*'])
      expect((await get(apiPath.posts(1), { 'if-none-match': sent })).statusCode, sent).toBe(304);
    expect((await get(apiPath.posts(1), { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('compresses cached responses for clients that accept it, and says it varies', async () => {
    const plain = await get(apiPath.posts(1));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await get(apiPath.posts(1), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await get(apiPath.posts(1), { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Each encoded form has its own ETag; any of them revalidates the others.
    expect(gzip.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gz"`);
  });

  it('sends the security headers on API responses and errors', async () => {
    for (const url of [API_ROUTES.posts, API_ROUTES.posts, '/api/nope', apiPath.posts(0)]) {
      const res = await get(url);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves a cached URL unchanged, and still validates URLs it has not seen', async () => {
    const first = await get(apiPath.posts(2));
    const cached = await get(apiPath.posts(2));
    expect(cached.statusCode).toBe(200);
    expect(cached.body).toBe(first.body);
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.headers['cache-control']).toBe(first.headers['cache-control']);
    expect((await get('/api/posts?page=2&page=3')).statusCode).toBe(400);
  });

  it('answers unknown API routes with a 404 JSON error', async () => {
    const res = await get('/api/unknown/route');
    expect(res.statusCode).toBe(404);
    expectShape(ApiError, res.json());
  });

  it('reports health and readiness', async () => {
    expect((await get(HEALTH_ROUTES.live)).json()).toEqual({ status: 'ok' });
    expect((await get(HEALTH_ROUTES.ready)).json()).toEqual({ status: 'ok', database: engine });
  });

  it('serves images with long-lived caching and no path traversal', async () => {
    // The content's file name answers with its current file, named by its hash: immutable.
    const moved = await get(imagePath('cover.svg'));
    expect(moved.statusCode).toBe(302);
    expect(moved.headers['cache-control']).not.toContain('immutable');
    const image = await get(moved.headers.location as string);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toContain('immutable');
    for (const url of [
      '/images/../site.yaml',
      '/images/%2e%2e/site.yaml',
      '/images/..%2fsite.yaml',
      '/images/%2e%2e%2f%2e%2e%2fetc/passwd',
      imagePath('nope.svg'),
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('publishes an OpenAPI document of every call', async () => {
    const doc = (await get(API_ROUTES.openapi)).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/postcates',
      '/api/posts',
      '/api/postsCate/{categoryId}',
      '/api/post/{slug}',
      '/api/posts/{text}',
      '/api/employer-check',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(
      doc.paths['/api/posts'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('last_page');
    expect(JSON.stringify(doc)).not.toContain('boss@example.com');
  });

  describe('employer check', () => {
    const check = (payload: unknown, ip = '10.0.0.1') =>
      h.app.inject({
        method: 'POST',
        url: apiPath.employerCheck(),
        payload: payload as object,
        remoteAddress: ip,
      });

    it('accepts the configured address trimmed and in any case, refuses others', async () => {
      expect((await check({ email: 'boss@example.com' })).json()).toEqual({ allowed: true });
      expect((await check({ email: '  BOSS@example.com\t' })).json()).toEqual({ allowed: true });
      expect((await check({ email: 'boss@example.co' })).json()).toEqual({ allowed: false });
      expect((await check({ email: '' })).json()).toEqual({ allowed: false });
    });

    it('refuses malformed bodies with 400', async () => {
      for (const payload of [{}, { email: 42 }, { email: 'x'.repeat(400) }]) {
        const res = await check(payload, '10.0.0.2');
        expect(res.statusCode).toBe(400);
        expectShape(ApiError, res.json());
      }
      const notJson = await h.app.inject({
        method: 'POST',
        url: apiPath.employerCheck(),
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
        remoteAddress: '10.0.0.3',
      });
      expect(notJson.statusCode).toBe(400);
      expectShape(ApiError, notJson.json());
    });

    it('rate-limits each client', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await check({ email: 'guess@x.com' }, '10.0.0.9')).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      const limited = await check({ email: 'boss@example.com' }, '10.0.0.9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');
      expect((await check({ email: 'boss@example.com' }, '10.0.0.10')).statusCode).toBe(200);
    });
  });

  // Runs last: it changes the content the other tests read.
  it('drops cached responses and counts when an import changes content', async () => {
    const before = await get(apiPath.posts(1));
    expect(before.json().total).toBe(27);
    const extra: FixturePost = {
      slug: 'late-news',
      title: 'Late zephyr news',
      category: 'news',
      body: 'Fresh.',
      // The newest post, yet in the past: a later date would be scheduled, hidden until then.
      date: '2026-01-01',
    };
    const dir = writeContent({ posts: [...POSTS, extra], categories: CATEGORIES });
    await importContent(h.test.store, { contentDir: dir, imagesDir: h.config.imagesDir });
    await vi.waitFor(async () => expect((await get(apiPath.posts(1))).json().total).toBe(28), {
      timeout: 3000,
    });
    const after = await get(apiPath.posts(1), {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().data[0].slug).toBe('late-news');
    expect((await get(apiPath.postsCate(idOf('news'), 1))).json().total).toBe(26);
    expect((await get(apiPath.search('zephyr', 1))).json().map((c: PostCard) => c.slug)).toContain(
      'late-news',
    );
  });

  it('keeps the contact endpoint closed unless enabled', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: apiPath.contact(),
      payload: { name: 'A', email: 'a@b.co', subject: 'S', message: 'M' },
    });
    expect(res.statusCode).toBe(404);
  });
});
