import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { TestClock } from '../../../test/helpers/test-clock.js';
import { BROWSERS } from '../../../test/helpers/visitors.js';
import { readStats } from '../../cli/stats-command.js';
import { apiPath, FORM_ROUTES } from '../../shared/paths.js';
import type { StatsSummary } from '../../shared/schemas/stats.js';

const NOW = Date.parse('2026-05-04T18:00:00Z');
const FEEDLY = 'Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; )';
const INOREADER = 'Inoreader/1.0 (+http://www.inoreader.com/feed-fetcher; 7 subscribers; )';
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'user-agent': BROWSERS[0] };

describe.each(ENGINES)(
  'analytics on %s: the gate, contact messages, feeds and searches',
  (engine) => {
    let h: ApiHarness;
    let stats: StatsSummary;

    beforeAll(async () => {
      h = await apiHarness(engine, {
        posts: manyPosts(5, 'news'),
        env: { CONTACT_ENABLED: '1', EMPLOYER_EMAIL: 'hiring@example.com' },
        clock: new TestClock(NOW),
      });
      const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
        h.app.inject({ method: 'POST', url, payload, headers });
      expect((await post(apiPath.employerCheck(), { email: 'nobody@example.com' })).json()).toEqual(
        {
          allowed: false,
        },
      );
      await post(apiPath.employerCheck(), { email: 'HIRING@example.com ' });
      // The native form counts as the JSON call does.
      const form = await h.app.inject({
        method: 'POST',
        url: FORM_ROUTES.employerCheck,
        payload: 'email=hiring%40example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN },
      });
      expect(form.statusCode).toBe(303);
      const message = {
        name: 'Ann',
        email: 'ann@example.com',
        subject: 'Hi',
        message: 'Hello there',
      };
      expect((await post(apiPath.contact(), message)).statusCode).toBe(201);
      // A refused message is no message.
      expect((await post(apiPath.contact(), { ...message, email: 'nope' })).statusCode).toBe(400);

      const get = (url: string, headers: Record<string, string>) =>
        h.app.inject({ method: 'GET', url, headers });
      for (const agent of [FEEDLY, FEEDLY, INOREADER, BROWSERS[2]])
        expect((await get('/rss.xml', { 'user-agent': agent })).statusCode).toBe(200);
      // The page's own searches: the first page is a search, the second is not another.
      await get(apiPath.search('number', 1), SAME_ORIGIN);
      await get(apiPath.search('number', 2), SAME_ORIGIN);
      await get(apiPath.search('Nothing  Here', 1), SAME_ORIGIN);
      await get(apiPath.search('nothing here', 1), SAME_ORIGIN);
      // Another site's script or a client of the API: not a reader of this site's pages.
      await get(apiPath.search('number', 1), { 'user-agent': 'curl/8.5.0' });
      await h.app.ctx.analytics!.flush();
      stats = await readStats(h.test.store, 1, NOW);
    });

    afterAll(async () => {
      await h?.close();
    });

    it('counts employer-gate attempts and unlocks, both ways of sending', () => {
      expect(stats.gate).toEqual({ attempts: 3, unlocks: 2 });
    });

    it('counts contact messages stored, not those refused', () => {
      expect(stats.contact).toEqual({ messages: 1 });
    });

    it('counts feed fetches and the subscribers feed readers report', () => {
      expect(stats.feeds).toEqual([
        {
          path: '/rss.xml',
          fetches: 4,
          subscribers: 49,
          readers: [
            { name: 'Feedly', subscribers: 42 },
            { name: 'Inoreader', subscribers: 7 },
          ],
        },
      ]);
      // Feed readers are bots to isbot: their fetches are counted as fetches, not as bot answers.
      expect(stats.bots).toEqual([]);
    });

    it('counts a search once, by its words, with what it found; the empty ones apart', () => {
      expect(stats.searches).toEqual([{ words: 'number', count: 1, found: 5 }]);
      expect(stats.unfound).toEqual([{ words: 'nothing here', count: 2, found: 0 }]);
      expect(stats.pages).toEqual([{ path: '/posts/:text', views: 4, visitors: 1 }]);
    });
  },
);
