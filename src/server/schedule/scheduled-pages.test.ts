import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts, type FixturePost } from '../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import type { Clock } from './clock.js';

const LAUNCH = '2030-06-01T12:00:00.000Z';
const T = Date.parse(LAUNCH);

const POSTS: FixturePost[] = [
  ...manyPosts(3, 'news', 'old').map((p, i) => (i === 0 ? { ...p, tags: ['rockets'] } : p)),
  {
    slug: 'launch',
    title: 'Quasar launch day',
    category: 'news',
    body: 'The quasar launches today.',
    date: LAUNCH,
    tags: ['rockets'],
  },
];

describe.each(ENGINES)('scheduled posts on the pages on %s (injected clock)', (engine) => {
  let h: WebHarness;
  const clock = new (class implements Clock {
    time = T - 60_000;
    now() {
      return this.time;
    }
  })();
  let newsId: number;
  const page = (url: string) => h.app.inject({ method: 'GET', url });
  const shows = async (url: string) => (await page(url)).body.includes('Quasar launch day');

  beforeAll(async () => {
    h = await webHarness(engine, { posts: POSTS, clock });
    const categories: Array<{ id: number; slug: string }> = (
      await h.app.inject({ url: '/api/postcates' })
    ).json();
    newsId = categories.find((c) => c.slug === 'news')!.id;
  });
  afterAll(() => h?.close());

  it('keeps the post off every page until its time, then shows it without an import', async () => {
    const urls = ['/posts', `/cate/${newsId}`, '/tag/rockets', '/posts/quasar', '/old-3'];
    expect((await page('/launch')).statusCode).toBe(404);
    for (const url of urls) expect(await shows(url), url).toBe(false);

    clock.time = T;
    await h.app.ctx.schedule.check();
    const post = await page('/launch');
    expect(post.statusCode).toBe(200);
    expect(post.body).toMatch(/<h1>Quasar launch day<\/h1>/);
    for (const url of urls) expect(await shows(url), url).toBe(true);
  });
});
