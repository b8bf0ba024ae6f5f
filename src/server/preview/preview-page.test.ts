import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_POSTS } from '../../../test/helpers/preview-posts.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { pagePath } from '../../shared/paths.js';

describe.each(ENGINES)('the preview page on %s', (engine) => {
  let h: WebHarness;
  const get = (url: string) => h.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    h = await webHarness(engine, { posts: PREVIEW_POSTS });
  });
  afterAll(() => h?.close());

  it('renders the draft as its post page, under a Draft banner, noindex and never stored', async () => {
    const { token } = await h.app.ctx.preview.link('secret-plans');
    const url = pagePath.preview(token);
    for (let i = 0; i < 2; i++) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toMatch(/class="draft-banner" role="status"><strong[^>]*>Draft<\/strong>/);
      expect(res.body).toContain('Not published: only people with this link can see it.');
      expect(res.body).toMatch(/<h1>Secret plans<\/h1>/);
      expect(res.body).toContain('<strong>plans</strong>');
      // The secret that signs links never reaches the page.
      const secret = await h.app.ctx.preview['secret']();
      expect(res.body).not.toContain(secret);
    }
    expect(h.app.ctx.pages.get(url)).toBeUndefined();
    expect((await get('/secret-plans')).statusCode).toBe(404);
  });

  it('says when a scheduled post goes live', async () => {
    const { token } = await h.app.ctx.preview.link('coming-soon');
    const res = await get(pagePath.preview(token));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Scheduled for January 1, 2030: not public until then.');
  });

  it('leads a link to a post that has gone public to its page', async () => {
    const { token } = await h.app.ctx.preview.link('story-2');
    const res = await get(pagePath.preview(token));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/story-2');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers a wrong or tampered token with the plain 404 page', async () => {
    const { token } = await h.app.ctx.preview.link('secret-plans');
    const notFound = await get('/no-such-page-here');
    for (const bad of ['nonsense', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      const res = await get(pagePath.preview(bad));
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).not.toContain('class="draft-banner"');
      expect(res.body).not.toContain('Secret plans');
      expect(res.body.match(/<h1[^>]*>.*?<\/h1>/s)?.[0]).toBe(
        notFound.body.match(/<h1[^>]*>.*?<\/h1>/s)?.[0],
      );
    }
  });
});
