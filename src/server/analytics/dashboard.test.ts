import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { TestClock } from '../../../test/helpers/test-clock.js';
import { BROWSERS } from '../../../test/helpers/visitors.js';
import { apiPath, statsPath } from '../../shared/paths.js';
import { signPreview } from '../preview/preview-token.js';

const NOW = Date.parse('2026-05-04T10:00:00Z');
const HOSTILE = '<script>alert(1)</script>';

/** Replaces the character at `at` with another of the base64url alphabet. */
const flip = (text: string, at: number) =>
  `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;

describe.each(ENGINES)('the analytics dashboard on %s', (engine) => {
  let h: ApiHarness;
  const clock = new TestClock(NOW);
  let token: string;
  let expiresAt: number;

  beforeAll(async () => {
    h = await apiHarness(engine, { posts: manyPosts(3, 'news'), clock });
    const reader = { 'user-agent': BROWSERS[1], 'sec-fetch-site': 'same-origin' };
    for (const slug of ['post-1', 'post-1', 'post-2'])
      await h.app.inject({ url: apiPath.post(slug), headers: reader });
    await h.app.inject({ url: apiPath.search(HOSTILE, 1), headers: reader });
    await h.app.ctx.analytics!.flush();
    ({ token, expiresAt } = await h.app.ctx.analytics!.links.sign(3_600_000));
  });

  afterAll(async () => {
    await h?.close();
  });

  it('draws the summary as SVG with tables, with no script, private and unindexed', async () => {
    const res = await h.app.inject({ url: statsPath.dashboard(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['set-cookie']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const html = res.body;
    expect(html).not.toMatch(/<script|\son\w+=|style="/i);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html.match(/<svg /g)?.length).toBeGreaterThanOrEqual(4);
    expect(html.match(/<table>/g)?.length).toBe(html.match(/<svg /g)?.length);
    expect(html).toMatch(/<th scope="row">\/post-1<\/th><td>2<\/td><td>1<\/td>/);
    // A reader's search words are text, never markup.
    expect(html).not.toContain(HOSTILE.toLowerCase());
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The ranges keep the token.
    expect(html).toContain(`href="${statsPath.dashboard(token, 7)}"`);
    const week = await h.app.inject({ url: statsPath.dashboard(token, 7) });
    expect(week.body).toContain('2026-04-28 to 2026-05-04');
  });

  it('refuses a link altered anywhere, signed for a preview, or expired', async () => {
    for (let at = 0; at < token.length; at += 7) {
      if (token[at] === '.') continue;
      const res = await h.app.inject({ url: statsPath.dashboard(flip(token, at)) });
      expect(res.statusCode, `character ${at}`).toBe(404);
      expect(res.body).not.toContain('<svg');
    }
    const secret = await h.app.ctx.preview.secret();
    const preview = signPreview(secret, { slug: 'dashboard', expiresAt });
    expect((await h.app.inject({ url: statsPath.dashboard(preview) })).statusCode).toBe(404);
    clock.time = expiresAt;
    expect((await h.app.inject({ url: statsPath.dashboard(token) })).statusCode).toBe(404);
    clock.time = NOW;
    expect((await h.app.inject({ url: statsPath.dashboard(token) })).statusCode).toBe(200);
  });
});

describe('with ANALYTICS=off', () => {
  it('counts nothing and has no dashboard', async () => {
    const h = await apiHarness('sqlite', {
      posts: manyPosts(1, 'news'),
      env: { ANALYTICS: 'off' },
    });
    try {
      expect(h.app.ctx.analytics).toBeUndefined();
      await h.app.inject({
        url: apiPath.post('post-1'),
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect((await h.app.inject({ url: statsPath.dashboard('x.y') })).statusCode).toBe(404);
      const rows = await h.test.store.db.selectFrom('analytics_counts').selectAll().execute();
      expect(rows).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
