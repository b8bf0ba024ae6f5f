import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { PREVIEW_POSTS } from '../../../test/helpers/preview-posts.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { TestClock } from '../../../test/helpers/test-clock.js';
import { PreviewRepository } from './preview.repository.js';
import { PreviewService } from './preview.service.js';
import { signPreview } from './preview-token.js';
import { API_ROUTES, apiPath } from '../../shared/paths.js';

const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' };

describe.each(ENGINES)('private previews on %s', (engine) => {
  let h: ApiHarness;
  const clock = new TestClock(Date.parse('2026-11-23T12:00:00Z'));
  const get = (url: string) => h.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    h = await apiHarness(engine, { posts: PREVIEW_POSTS, clock });
  });
  afterAll(() => h?.close());

  it('open a draft, exactly as the post API would show it, privately and for the link only', async () => {
    expect((await get(apiPath.post('secret-plans'))).statusCode).toBe(404);
    const { token, status } = await h.app.ctx.preview.link('secret-plans');
    expect(status).toBe('draft');
    const cachedBefore = h.app.ctx.responses.size;
    const res = await get(apiPath.preview(token));
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject(PRIVATE);
    const body = res.json();
    expect(body.post.title).toBe('Secret plans');
    expect(body.post.content).toContain('<strong>plans</strong>');
    expect(body.preview).toEqual({ status: 'draft', expires_at: '2026-11-30T12:00:00.000Z' });
    // Its related posts are public ones, as the page will show them.
    expect(body.posts.map((p: { slug: string }) => p.slug)).toEqual([
      'story-3',
      'story-2',
      'story-1',
    ]);
    expect(h.app.ctx.responses.size).toBe(cachedBefore);
    expect(h.app.ctx.responses.get(apiPath.preview(token))).toBeUndefined();
    // The draft stays out of everything public.
    expect((await get(apiPath.post('secret-plans'))).statusCode).toBe(404);
    expect((await get(API_ROUTES.posts)).json().total).toBe(3);
  });

  it('open a scheduled post before its time', async () => {
    const { token, status } = await h.app.ctx.preview.link('coming-soon');
    expect(status).toBe('scheduled');
    const res = await get(apiPath.preview(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().preview.status).toBe('scheduled');
    expect((await get(apiPath.post('coming-soon'))).statusCode).toBe(404);
  });

  it('answer a plain 404 to a wrong, tampered, expired or foreign token', async () => {
    const { token } = await h.app.ctx.preview.link('secret-plans', 60_000);
    const [payload, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(`${Math.floor(clock.time / 1000) + 60}:coming-soon`).toString(
      'base64url',
    );
    const wrong = [
      'nonsense',
      `${payload}.${mac.slice(0, -2)}xy`,
      `${forged}.${mac}`,
      signPreview('some-other-secret-of-32-characters-or-more', {
        slug: 'secret-plans',
        expiresAt: clock.time + 60_000,
      }),
    ];
    for (const bad of wrong) {
      const res = await get(apiPath.preview(bad));
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such preview' } });
    }
    expect((await get(apiPath.preview(token))).statusCode).toBe(200);
    clock.time += 60_000;
    expect((await get(apiPath.preview(token))).statusCode).toBe(404);
  });

  it('answer 404 for a link whose post is gone, and refuse to make one for an unknown slug', async () => {
    const secret = await new PreviewRepository(h.test.store.db).secret();
    const token = signPreview(secret, { slug: 'never-written', expiresAt: clock.time + 60_000 });
    expect((await get(apiPath.preview(token))).statusCode).toBe(404);
    await expect(h.app.ctx.preview.link('never-written')).rejects.toThrow(
      'No post has the slug "never-written"',
    );
  });

  it('keep one random secret in the store for every process, unless PREVIEW_SECRET is set', async () => {
    const repository = new PreviewRepository(h.test.store.db);
    const secrets = await Promise.all([1, 2, 3].map(() => repository.secret()));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A link made by another process (the CLI) on the same store opens here.
    const cli = new PreviewService({ repository, clock });
    const { token } = await cli.link('secret-plans');
    expect((await get(apiPath.preview(token))).statusCode).toBe(200);
    // With PREVIEW_SECRET, links of the store's secret no longer open, and the reverse.
    const configured = new PreviewService({
      repository,
      clock,
      secret: 'configured-secret-of-at-least-32-chars',
    });
    const own = await configured.link('secret-plans');
    expect((await get(apiPath.preview(own.token))).statusCode).toBe(404);
    await expect(configured.open(token)).rejects.toThrow('No such preview');
  });
});
