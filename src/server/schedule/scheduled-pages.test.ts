import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH, LAUNCH_POST, oldNews } from '../../../test/helpers/scheduled-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { TestClock } from '../../../test/helpers/test-clock.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { apiPath, pagePath } from '../../shared/paths.js';

const T = Date.parse(LAUNCH);

const POSTS = [...oldNews(3), LAUNCH_POST];

describe.each(ENGINES)('scheduled posts on the pages on %s (injected clock)', (engine) => {
  let h: WebHarness;
  const clock = new TestClock(T - 60_000);
  let newsId: number;
  const page = (url: string) => h.app.inject({ method: 'GET', url });
  const shows = async (url: string) => (await page(url)).body.includes('Quasar launch day');

  beforeAll(async () => {
    h = await webHarness(engine, { posts: POSTS, clock });
    const categories: Array<{ id: number; slug: string }> = (
      await h.app.inject({ url: apiPath.postcates() })
    ).json();
    newsId = categories.find((c) => c.slug === 'news')!.id;
  });
  afterAll(() => h?.close());

  it('keeps the post off every page until its time, then shows it without an import', async () => {
    const urls = [
      pagePath.posts(),
      pagePath.category(newsId),
      pagePath.tag('rockets'),
      pagePath.search('quasar'),
      '/old-3',
    ];
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
