import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { cacheControlFor, NO_STORE, publicCacheControl } from './cache-policy.js';
import {
  API_ROUTES,
  apiPath,
  FEED_ROUTES,
  feedPath,
  HEALTH_ROUTES,
  pagePath,
} from '../../shared/paths.js';

const PUBLIC = [
  '/',
  pagePath.posts(),
  pagePath.posts({ page: 2 }),
  '/story-1',
  pagePath.category(1),
  pagePath.resume(),
  feedPath.rss(),
  feedPath.sitemap(),
  feedPath.sitemapFile('pages', 1),
  feedPath.sitemapFile('posts', 1),
  FEED_ROUTES.robots,
  apiPath.posts(1),
  apiPath.post('story-1'),
  apiPath.search('story', 1),
  apiPath.postcates(),
  apiPath.site(),
  API_ROUTES.openapi,
];

describe('caching for browsers and shared caches', () => {
  let h: WebHarness;
  beforeAll(async () => {
    h = await webHarness('sqlite', {
      posts: manyPosts(30, 'news', 'story'),
      env: { CACHE_MAX_AGE: '30', CACHE_S_MAXAGE: '600', CACHE_STALE_WHILE_REVALIDATE: '120' },
    });
  });
  afterAll(() => h?.close());

  it('lets browsers keep public answers briefly and shared caches longer, revalidated by ETag', async () => {
    const expected =
      'public, max-age=30, s-maxage=600, stale-while-revalidate=120, stale-if-error=86400';
    for (const url of PUBLIC) {
      const res = await h.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(expected);
      expect(res.headers.vary, url).toBe('accept-encoding');
      const etag = String(res.headers.etag);
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await h.app.inject({
        url,
        headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      // A 304 carries what a cache needs to refresh its copy.
      for (const name of ['cache-control', 'etag', 'vary'])
        expect(again.headers[name], `${url} ${name}`).toBe(res.headers[name]);
    }
  });

  it('keeps errors and refusals out of every cache', async () => {
    const cases: [string, string, number][] = [
      ['GET', apiPath.post('nope'), 404],
      ['GET', '/nope/deeper', 404],
      ['GET', apiPath.posts(0), 400],
      ['GET', '/a%00b', 400],
      ['DELETE', API_ROUTES.posts, 405],
      ['GET', HEALTH_ROUTES.live, 200],
      ['GET', HEALTH_ROUTES.ready, 200],
    ];
    for (const [method, url, status] of cases) {
      const res = await h.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe(NO_STORE);
    }
    const check = () =>
      h.app.inject({
        method: 'POST',
        url: apiPath.employerCheck(),
        payload: { email: 'someone@example.com' },
        remoteAddress: '10.7.7.7',
      });
    let last = await check();
    expect(last.headers['cache-control']).toBe(NO_STORE);
    for (let i = 0; i < 12 && last.statusCode !== 429; i++) last = await check();
    expect(last.statusCode).toBe(429);
    expect(last.headers['cache-control']).toBe(NO_STORE);
  });

  it('marks the hashed build assets immutable, with validators', async () => {
    const page = await h.app.inject(pagePath.posts());
    const asset = /"(\/assets\/[^" ]+\.js)"/.exec(page.body)?.[1];
    expect(asset).toBeDefined();
    const res = await h.app.inject(asset!);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBeDefined();
    const again = await h.app.inject({
      url: asset!,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the policy', () => {
  it('has defaults for a CDN in front and never stores errors', () => {
    const value = publicCacheControl({ maxAge: 60, sharedMaxAge: 300, staleWhileRevalidate: 600 });
    expect(value).toBe(
      'public, max-age=60, s-maxage=300, stale-while-revalidate=600, stale-if-error=86400',
    );
    expect(cacheControlFor(200, value)).toBe(value);
    expect(cacheControlFor(301, value)).toBe(value);
    expect(cacheControlFor(404, value)).toBe(NO_STORE);
    expect(cacheControlFor(503, value)).toBe(NO_STORE);
  });
});
