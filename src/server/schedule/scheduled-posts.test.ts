import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { postFile, type FixturePost } from '../../../test/helpers/content-fixture.js';
import {
  AHEAD_TITLE,
  LAUNCH,
  LAUNCH_POST,
  oldNews,
} from '../../../test/helpers/scheduled-fixture.js';
import { buildApp } from '../app.js';
import { importContent } from '../content/import.service.js';
import { openStore, type Store } from '../db/connection.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { TestClock } from '../../../test/helpers/test-clock.js';
import { API_ROUTES, apiPath, feedPath } from '../../shared/paths.js';

const LATER = '2030-06-02T00:00:00.000Z';
const T = Date.parse(LAUNCH);

const POSTS: FixturePost[] = [
  ...oldNews(4),
  {
    slug: 'quasar-history',
    title: 'A history of the quasar',
    category: 'guides',
    body: 'The quasar was named long ago.',
    date: '2024-12-01',
  },
  LAUNCH_POST,
  {
    slug: 'follow-up',
    title: 'After the quasar launch',
    category: 'guides',
    body: 'What happened after the quasar launch.',
    date: LATER,
  },
];

describe.each(ENGINES)('scheduled posts on %s (injected clock)', (engine) => {
  let h: ApiHarness;
  const clock = new TestClock(T - 90_000);
  let newsId: number;
  const get = (url: string) => h.app.inject({ method: 'GET', url });
  const json = async (url: string) => (await get(url)).json();
  const slugs = (cards: Array<{ slug: string }>) => cards.map((c) => c.slug);

  /** What every surface shows of the two scheduled posts. */
  const surfaces = async () => {
    const all = await json(apiPath.posts(1));
    const news = await json(apiPath.postsCate(newsId, 1));
    const categories: Array<{ id: number; post_count: number }> = await json(apiPath.postcates());
    const search = await get(apiPath.search('quasar', 1));
    const related = await json(apiPath.post('old-4'));
    const [rss, newsFeed, sitemap, tagFeed] = await Promise.all(
      [
        feedPath.rss(),
        feedPath.category('news'),
        feedPath.sitemapFile('posts', 1),
        feedPath.tag('rockets'),
      ].map(async (url) => (await get(url)).body),
    );
    const tagList: Array<{ slug: string; post_count: number }> = await json(apiPath.tags());
    return {
      listed: slugs(all.data),
      total: all.total,
      lastPage: all.last_page,
      newsTotal: news.total,
      newsLastPage: news.last_page,
      newsCount: categories.find((c) => c.id === newsId)!.post_count,
      search: slugs(search.json()).sort(),
      searchTotal: search.headers['x-total-count'],
      related: slugs(related.posts).includes('launch'),
      post: (await get(apiPath.post('launch'))).statusCode,
      laterPost: (await get(apiPath.post('follow-up'))).statusCode,
      rss: rss!.includes('/launch<'),
      newsFeed: newsFeed!.includes('/launch<'),
      sitemap: sitemap!.includes('/launch<'),
      tagTotal: (await json(apiPath.postsTag('rockets', 1))).total,
      tagCount: tagList.find((t) => t.slug === 'rockets')?.post_count,
      tagFeed: tagFeed!.includes('/launch<'),
      laterSitemap: sitemap!.includes('/follow-up<'),
    };
  };

  beforeAll(async () => {
    h = await apiHarness(engine, { posts: POSTS, clock, env: { PAGE_SIZE: '2' } });
    const categories: Array<{ id: number; slug: string }> = await json(apiPath.postcates());
    newsId = categories.find((c) => c.slug === 'news')!.id;
  });
  afterAll(() => h?.close());

  it('hides a post dated in the future everywhere, then shows it once the clock reaches its date', async () => {
    expect(h.app.ctx.schedule.next).toBe(T);
    expect(await surfaces()).toEqual({
      listed: ['old-4', 'old-3'],
      total: 5,
      lastPage: 3,
      newsTotal: 4,
      newsLastPage: 2,
      newsCount: 4,
      search: ['quasar-history'],
      searchTotal: '1',
      related: false,
      post: 404,
      laterPost: 404,
      rss: false,
      newsFeed: false,
      sitemap: false,
      tagTotal: 1,
      tagCount: 1,
      tagFeed: false,
      laterSitemap: false,
    });

    // A moment before its time nothing changes, cached or not.
    clock.time = T - 1;
    await h.app.ctx.schedule.check();
    expect((await surfaces()).post).toBe(404);

    clock.time = T;
    await h.app.ctx.schedule.check();
    expect(h.app.ctx.schedule.next).toBe(Date.parse(LATER));
    expect(await surfaces()).toEqual({
      listed: ['launch', 'old-4'],
      total: 6,
      lastPage: 3,
      newsTotal: 5,
      newsLastPage: 3,
      newsCount: 5,
      search: ['launch', 'quasar-history'],
      searchTotal: '2',
      related: true,
      post: 200,
      laterPost: 404,
      rss: true,
      newsFeed: true,
      sitemap: true,
      tagTotal: 2,
      tagCount: 2,
      tagFeed: true,
      laterSitemap: false,
    });

    clock.time = Date.parse(LATER) + 5;
    await h.app.ctx.schedule.check();
    expect(h.app.ctx.schedule.next).toBeUndefined();
    const after = await surfaces();
    expect(after.listed).toEqual(['follow-up', 'launch']);
    expect(after.total).toBe(7);
    expect(after.searchTotal).toBe('3');
    expect(after.laterPost).toBe(200);
    expect(after.laterSitemap).toBe(true);
  });
});

describe.each(ENGINES)('Cache-Control before a scheduled post on %s', (engine) => {
  let h: ApiHarness;
  const clock = new TestClock(T - 3600_000);
  beforeAll(async () => {
    h = await apiHarness(engine, {
      posts: POSTS,
      clock,
      env: { CACHE_MAX_AGE: '60', CACHE_S_MAXAGE: '300', CACHE_STALE_WHILE_REVALIDATE: '600' },
    });
  });
  afterAll(() => h?.close());

  const cacheControl = async (url: string) =>
    (await h.app.inject({ method: 'GET', url })).headers['cache-control'];

  it('keeps the usual lifetimes when the next publication is further off, and expires answers at it when sooner', async () => {
    const usual =
      'public, max-age=60, s-maxage=300, stale-while-revalidate=600, stale-if-error=86400';
    expect(await cacheControl(API_ROUTES.posts)).toBe(usual);
    clock.time = T - 120_500;
    expect(await cacheControl(API_ROUTES.posts)).toBe(
      'public, max-age=60, s-maxage=120, stale-while-revalidate=0, stale-if-error=86400',
    );
    // The same cached answer (and its 304s) counts down with the clock.
    clock.time = T - 9_200;
    const shortened =
      'public, max-age=9, s-maxage=9, stale-while-revalidate=0, stale-if-error=86400';
    expect(await cacheControl(API_ROUTES.posts)).toBe(shortened);
    expect(await cacheControl(feedPath.rss())).toBe(shortened);
    const etag = (await h.app.inject({ url: API_ROUTES.posts })).headers.etag as string;
    const revalidated = await h.app.inject({
      url: API_ROUTES.posts,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe(shortened);
  });
});

/** How far ahead the tests of the timers date their post, on the fake clock (< RECHECK_MS). */
const LEAD_MS = 5_000;

/**
 * A post dated `LEAD_MS` ahead of the (fake) clock, written into the content folder and imported
 * while the apps run; resolves once `learned` holds, which the apps reach by the store (I/O: a
 * poll or a notification), with no timer of the test's.
 */
async function importAhead(
  h: ApiHarness,
  learned: (post: { slug: string; at: number }) => Promise<boolean>,
): Promise<{ slug: string; at: number }> {
  const slug = 'launch-on-time';
  const at = Date.now() + LEAD_MS;
  const post = { ...LAUNCH_POST, slug, title: AHEAD_TITLE, date: new Date(at).toISOString() };
  writeFileSync(join(h.contentDir, 'posts', `${slug}.md`), postFile(post));
  await importContent(h.test.store, { contentDir: h.contentDir, imagesDir: h.config.imagesDir });
  while (!(await learned({ slug, at }))) await sleep(10);
  return { slug, at };
}

/**
 * Imports a post dated ahead under fake timers and Date, checks it hidden a millisecond before
 * its time and shown at it, moved by the apps' own timers alone (the test only moves time), and
 * each schedule then empty.
 */
async function expectLiveByTimer(
  h: ApiHarness,
  apps: FastifyInstance[],
  hidden: (slug: string) => Promise<boolean>,
  shown: (slug: string) => Promise<boolean>,
) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  try {
    const { slug, at } = await importAhead(
      h,
      async ({ slug, at }) => apps.every((app) => app.ctx.schedule.next === at) && hidden(slug),
    );
    await vi.advanceTimersByTimeAsync(at - Date.now() - 1);
    expect(await hidden(slug)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await shown(slug)).toBe(true);
    // Each schedule reads the next time from the store after publishing (I/O, not time).
    while (apps.some((app) => app.ctx.schedule.next !== undefined)) await sleep(10);
  } finally {
    vi.useRealTimers();
  }
}

describe.each(ENGINES)('a scheduled post going live by the timer on %s', (engine) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await apiHarness(engine, { posts: POSTS.slice(0, 5) });
  });
  afterAll(() => h?.close());

  it('appears at its time, with no further import and no call from the test', async () => {
    const status = async (slug: string) =>
      (await h.app.inject({ url: apiPath.post(slug) })).statusCode;
    // The list is asked twice, so that it is cached and only the timer drops it.
    const first = async () => {
      await h.app.inject({ url: API_ROUTES.posts });
      return (await h.app.inject({ url: API_ROUTES.posts })).json().data[0].slug as string;
    };
    await expectLiveByTimer(
      h,
      [h.app],
      async (slug) => (await status(slug)) === 404 && (await first()) !== slug,
      async (slug) => (await status(slug)) === 200 && (await first()) === slug,
    );
  });
});

describe('a scheduled post on two instances sharing one PostgreSQL store', () => {
  let h: ApiHarness;
  let second: FastifyInstance;
  let secondStore: Store;
  beforeAll(async () => {
    h = await apiHarness('postgres', { posts: POSTS.slice(0, 5) });
    secondStore = openStore(h.test.url);
    second = await buildApp({ config: h.config, store: secondStore });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondStore?.close();
    await h?.close();
  });

  it('goes live on both at its time, each by its own timer', async () => {
    const apps = [h.app, second];
    const statuses = (slug: string) =>
      Promise.all(
        apps.map(async (app) => (await app.inject({ url: apiPath.post(slug) })).statusCode),
      );
    await expectLiveByTimer(
      h,
      apps,
      async (slug) => (await statuses(slug)).every((s) => s === 404),
      async (slug) => (await statuses(slug)).every((s) => s === 200),
    );
  });
});
