import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../../test/helpers/api-app.js';
import { manyPosts } from '../../../../test/helpers/content-fixture.js';
import { conditionsOf } from './cached-answer.js';
import { apiPath } from '../../../shared/paths.js';

// Over a real socket: the first two requests are answered by Fastify (the second stores the
// answer: response-cache.ts), repeats by the cache in front.
describe('answers from the cache in front of the app', () => {
  let h: ApiHarness;
  let base: string;
  /** Requests that reached Fastify. */
  let reachedApp = 0;
  beforeAll(async () => {
    h = await apiHarness('sqlite', {
      posts: manyPosts(30, 'news'),
      beforeReady: (app) =>
        app.addHook('onRequest', async () => {
          reachedApp += 1;
        }),
    });
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => h?.close());

  const SAME = [
    'etag',
    'cache-control',
    'vary',
    'content-type',
    'content-security-policy',
    'x-content-type-options',
  ];

  it('sends the same status, body and headers as the app did', async () => {
    const first = await fetch(`${base}${apiPath.posts(2)}`);
    await fetch(`${base}${apiPath.posts(2)}`);
    const reached = reachedApp;
    const again = await fetch(`${base}${apiPath.posts(2)}`);
    expect(reachedApp).toBe(reached);
    expect(again.status).toBe(first.status);
    expect(await again.text()).toBe(await first.text());
    for (const name of SAME) expect(again.headers.get(name), name).toBe(first.headers.get(name));
    const search = `${base}${apiPath.search('post', 1)}`;
    const a = await fetch(search);
    const b = await fetch(search);
    expect(b.headers.get('x-total-count')).toBe(a.headers.get('x-total-count'));
    expect(b.headers.get('link')).toBe(a.headers.get('link'));
  });

  it('answers 304, compressed bodies and HEAD from the cache', async () => {
    const first = await fetch(`${base}${apiPath.posts(1)}`);
    const etag = first.headers.get('etag')!;
    const plain = await first.text();
    const notModified = await fetch(`${base}${apiPath.posts(1)}`, {
      headers: { 'if-none-match': etag },
    });
    expect(notModified.status).toBe(304);
    for (const sent of [`W/${etag}`, `"other", W/${etag}`]) {
      const weak = await fetch(`${base}${apiPath.posts(1)}`, {
        headers: { 'if-none-match': sent },
      });
      expect(weak.status, sent).toBe(304);
    }
    // fetch decodes brotli itself: the text arriving intact shows the body was valid brotli.
    const br = await fetch(`${base}${apiPath.posts(1)}`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(plain);
    // Each encoded form is its own representation, with its own strong ETag; a cache that
    // stored it revalidates with that tag and gets a 304 carrying it.
    // (fetch accepts gzip, so the first answer was the gzip form.)
    expect(etag).toMatch(/-gz"$/);
    const identity = etag.replace(/-gz"$/, '"');
    const brTag = br.headers.get('etag')!;
    expect(brTag).toBe(`${identity.slice(0, -1)}-br"`);
    const brAgain = await fetch(`${base}${apiPath.posts(1)}`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': brTag },
    });
    expect(brAgain.status).toBe(304);
    expect(brAgain.headers.get('etag')).toBe(brTag);
    expect(brAgain.headers.get('vary')).toBe('accept-encoding');
    const gzip = await fetch(`${base}${apiPath.posts(1)}`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': `W/${brTag}` },
    });
    expect(gzip.status).toBe(304);
    expect(gzip.headers.get('etag')).toBe(etag);
    const plainTag = await fetch(`${base}${apiPath.posts(1)}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plainTag.headers.get('etag')).toBe(identity);
    const head = await fetch(`${base}${apiPath.posts(1)}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('leaves uncached URLs and other methods to the app', async () => {
    const reached = reachedApp;
    expect((await fetch(`${base}${apiPath.posts(0)}`)).status).toBe(400);
    expect((await fetch(`${base}${apiPath.posts(0)}`)).status).toBe(400);
    expect(reachedApp).toBe(reached + 2);
    const post = await fetch(`${base}${apiPath.employerCheck()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@y.z' }),
    });
    expect(await post.json()).toEqual({ allowed: false });
  });
});

describe('conditionsOf', () => {
  it('finds the two headers in any case, joining repeats as req.headers does', () => {
    expect(
      conditionsOf([
        'Host',
        'x',
        'IF-NONE-MATCH',
        '"a"',
        'Accept-Encoding',
        'gzip',
        'accept-encoding',
        'br',
        'if-none-matcher',
        'no',
      ]),
    ).toEqual({ ifNoneMatch: '"a"', acceptEncoding: 'gzip, br' });
    expect(conditionsOf(['Host', 'x'])).toEqual({});
  });
});
