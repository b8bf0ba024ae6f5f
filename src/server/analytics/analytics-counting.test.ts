import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { listenLocally } from '../../../test/helpers/held-route.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { TestClock } from '../../../test/helpers/test-clock.js';
import {
  everyRowAsText,
  GOOGLEBOT,
  visit,
  visitors,
  type Visit,
  type Visitor,
} from '../../../test/helpers/visitors.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { readStats } from '../../cli/stats-command.js';
import { buildApp } from '../app.js';
import { mountWeb } from '../routes/web.js';
import { SEARCH_PATH } from './answer-kinds.js';

const NOW = Date.parse('2026-05-04T10:20:00Z');

/** The pages each visitor reads (some skip some), and what each counts as. */
const PAGES: Array<{
  url: (n: number) => string;
  counts: string;
  headers?: Record<string, string>;
}> = [
  { url: () => '/post-1', counts: '/post-1' },
  { url: () => '/post-2', counts: '/post-2' },
  { url: () => '/posts', counts: '/posts' },
  // A query of its own every time: never cached, always made by the app.
  { url: (n) => `/posts?page=1&v=${n}`, counts: '/posts' },
  { url: () => '/resume', counts: '/resume' },
  // The web app's own read when the reader moves to the post inside the app.
  {
    url: () => '/api/post/post-3',
    counts: '/post-3',
    headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
  },
  { url: () => '/posts/number', counts: SEARCH_PATH },
  { url: () => '/posts/zzzqqq', counts: SEARCH_PATH },
];

const reads = (visitor: number, page: number) =>
  (visitor + page) % 4 === 0 ? 0 : 1 + ((visitor * 7 + page) % 3);

describe.each(ENGINES)(
  'analytics on %s: views and visitors counted where answers are made',
  (engine) => {
    let h: WebHarness;
    let second: FastifyInstance;
    const ports: number[] = [];
    const answers: Visit[] = [];
    const clock = new TestClock(NOW);
    const people = visitors(8);
    const untracked: Visitor = { ...visitors(9)[8]!, dnt: true };
    const expected = new Map<string, { views: number; visitors: Set<string> }>();
    let views = 0;

    beforeAll(async () => {
      const env = { TRUST_PROXY: '1', ANALYTICS_FLUSH_SECONDS: '300' };
      h = await webHarness(engine, { posts: manyPosts(6, 'news'), env, clock });
      // A second instance on the same store.
      second = await buildApp({ config: h.config, store: h.test.store, web: mountWeb, clock });
      await second.ready();
      ports.push(await listenLocally(h.app), await listenLocally(second));

      let n = 0;
      const send = async (path: string, who: Visitor, headers?: Record<string, string>) => {
        n += 1;
        const answer = await visit(ports[n % 2]!, path, who, headers);
        answers.push(answer);
        return answer;
      };
      for (let round = 0; round < 2; round++)
        for (const [v, who] of [...people, untracked].entries())
          for (const [p, page] of PAGES.entries()) {
            const times = round === 0 ? reads(v, p) : reads(v, p) - 1;
            for (let t = 0; t < times; t++) {
              const answer = await send(page.url(n), who, page.headers);
              expect(answer.status, page.url(n)).toBe(200);
              views += 1;
              const counted = expected.get(page.counts) ?? { views: 0, visitors: new Set() };
              counted.views += 1;
              if (!who.dnt) counted.visitors.add(who.address + who.userAgent);
              expected.set(page.counts, counted);
            }
          }
      // A revalidation is a view too: the reader opened the page again.
      const first = await send('/post-2', people[1]!);
      const again = await send('/post-2', people[1]!, {
        'if-none-match': String(first.headers.etag),
      });
      expect(again.status).toBe(304);
      views += 2;
      expected.get('/post-2')!.views += 2;
      expected.get('/post-2')!.visitors.add(people[1]!.address + people[1]!.userAgent);
      // Not views: a bot, HEAD, a prefetch, a third party's API call, a missing page.
      await send('/post-1', { address: '198.51.100.7', userAgent: GOOGLEBOT });
      await send('/post-1', { address: '198.51.100.7', userAgent: GOOGLEBOT });
      await visit(ports[0]!, '/post-1', people[0]!, {}, 'HEAD');
      await send('/post-1', people[0]!, { 'sec-purpose': 'prefetch' });
      await send('/api/post/post-4', people[0]!);
      await send('/gone-post', people[2]!, { referer: 'https://news.example/front' });
      await send('/post-5', people[3]!, { referer: 'https://www.example.org/links' });
      views += 1;
      expected.set('/post-5', { views: 1, visitors: new Set(['x']) });

      await h.app.ctx.analytics!.flush();
      await second.ctx.analytics!.flush();
    });

    afterAll(async () => {
      await second?.close();
      await h?.close();
    });

    it('counts every view once and every visitor once per page, across both instances', async () => {
      const stats = await readStats(h.test.store, 1, clock.now());
      const pages = Object.fromEntries(stats.pages.map((p) => [p.path, [p.views, p.visitors]]));
      const wanted = Object.fromEntries(
        [...expected].map(([path, c]) => [path, [c.views, c.visitors.size]]),
      );
      expect(pages).toEqual(wanted);
      expect(stats.totals.views).toBe(views);
      expect(stats.totals.visitors).toBe(people.length);
      expect(stats.days).toEqual([{ day: '2026-05-04', views, visitors: people.length }]);
      expect(stats.hours.at(-1)).toEqual({ hour: '2026-05-04T10', views, visitors: people.length });
    });

    it('keeps bots, untracked readers, searches, missing pages and referrers apart', async () => {
      const stats = await readStats(h.test.store, 1, clock.now());
      expect(stats.bots).toEqual([{ name: 'Googlebot', count: 2 }]);
      const dntViews = PAGES.reduce(
        (sum, _page, p) => sum + Math.max(0, reads(8, p)) + Math.max(0, reads(8, p) - 1),
        0,
      );
      expect(stats.totals.untracked).toBe(dntViews);
      expect(stats.searches.map((s) => [s.words, s.found])).toEqual([['number', 6]]);
      expect(stats.unfound.map((s) => [s.words, s.found])).toEqual([['zzzqqq', 0]]);
      expect(stats.missing).toEqual([
        { path: '/gone-post', count: 1, referrers: [{ name: 'news.example', count: 1 }] },
      ]);
      expect(stats.referrers).toEqual([{ name: 'example.org', count: 1 }]);
      expect(stats.devices.reduce((sum, d) => sum + d.count, 0)).toBe(views - dntViews);
    });

    it('sets no cookie and stores no address or user agent, in any table', async () => {
      expect(answers.filter((a) => a.headers['set-cookie'] !== undefined)).toEqual([]);
      const stored = await everyRowAsText(h.test.store);
      for (const who of [...people, untracked]) {
        expect(stored).not.toContain(who.address);
        expect(stored).not.toContain(who.userAgent);
      }
      expect(stored).not.toContain('203.0.113.');
    });
  },
);
