import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { TestClock } from '../../../test/helpers/test-clock.js';
import { BROWSERS, GOOGLEBOT } from '../../../test/helpers/visitors.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { readStats } from '../../cli/stats-command.js';
import { STATS_ROUTES } from '../../shared/paths.js';
import type { StatsSummary } from '../../shared/schemas/stats.js';
import { BEACON_SCRIPT, BEACON_TAG } from './beacon-script.js';

const NOW = Date.parse('2026-05-04T09:00:00Z');
const READER = { 'user-agent': BROWSERS[0], 'sec-fetch-site': 'same-origin' };

describe.each(ENGINES)('the first-party beacon on %s (ANALYTICS_BEACON=on)', (engine) => {
  let h: WebHarness;
  let stats: StatsSummary;
  let page: string;

  beforeAll(async () => {
    h = await webHarness(engine, {
      posts: manyPosts(2, 'news'),
      env: { ANALYTICS_BEACON: 'on' },
      clock: new TestClock(NOW),
    });
    const get = (url: string) => h.app.inject({ url, headers: { 'user-agent': BROWSERS[0] } });
    page = (await get('/post-1')).body;
    await get('/post-1');
    await get('/posts/number');
    const report = (body: object, headers: Record<string, string> = READER) =>
      h.app.inject({
        method: 'POST',
        url: STATS_ROUTES.beacon,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
      });
    const answers = [
      await report({ url: '/post-1?utm_source=letter', referrer: 'https://news.example/a' }),
      await report({ url: '/post-2', referrer: '' }),
      await report({ url: '/posts/number' }),
      // Not views: another site's page, a bot, no page of the site, no report at all.
      await report({ url: '/post-2' }, { ...READER, 'sec-fetch-site': 'cross-site' }),
      await report({ url: '/post-2' }, { ...READER, 'user-agent': GOOGLEBOT }),
      await report({ url: '/api/post/post-2' }),
      await report({ url: 'https://elsewhere.example/' }),
      await h.app.inject({
        method: 'POST',
        url: STATS_ROUTES.beacon,
        payload: 'nonsense',
        headers: { ...READER, 'content-type': 'text/plain' },
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 204));
    expect(answers.every((a) => a.headers['cache-control'] === 'no-store')).toBe(true);
    await h.app.ctx.analytics!.flush();
    stats = await readStats(h.test.store, 1, NOW);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('puts the script on every page, served from the site itself', async () => {
    expect(page).toContain(BEACON_TAG);
    const script = await h.app.inject({ url: STATS_ROUTES.beaconScript });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toBe(BEACON_SCRIPT);
    expect(script.headers['set-cookie']).toBeUndefined();
  });

  it('counts the views pages report, not the pages the server answered', () => {
    expect(stats.pages).toEqual([
      { path: '/post-1', views: 1, visitors: 1 },
      { path: '/post-2', views: 1, visitors: 1 },
      { path: '/posts/:text', views: 1, visitors: 1 },
    ]);
    expect(stats.referrers).toEqual([{ name: 'news.example', count: 1 }]);
    expect(stats.sources).toEqual([{ name: 'letter', count: 1 }]);
    expect(stats.bots).toEqual([{ name: 'Googlebot', count: 1 }]);
    // The search the server answered is still counted by its words.
    expect(stats.searches).toEqual([{ words: 'number', count: 1, found: 2 }]);
  });
});

describe('without ANALYTICS_BEACON', () => {
  it('has neither the script nor the report', async () => {
    const h = await webHarness('sqlite', { posts: manyPosts(1, 'news') });
    try {
      expect((await h.app.inject({ url: '/post-1' })).body).not.toContain(
        STATS_ROUTES.beaconScript,
      );
      expect((await h.app.inject({ url: STATS_ROUTES.beaconScript })).statusCode).toBe(404);
      const report = await h.app.inject({
        method: 'POST',
        url: STATS_ROUTES.beacon,
        payload: '{}',
      });
      expect(report.statusCode).toBe(404);
    } finally {
      await h.close();
    }
  });
});
