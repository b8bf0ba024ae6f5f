import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_CSP } from '../http/security-headers.js';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { imagePath } from '../../shared/paths.js';

const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="1" height="1"/></svg>';
const HTML = '<!doctype html><script>alert(document.cookie)</script>';

// The import is meant to publish real images only; serving must be safe even if it did not.
describe('serving the images folder', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await apiHarness('sqlite', { posts: manyPosts(2, 'news') });
    const dir = h.config.imagesDir;
    writeFileSync(join(dir, 'evil.svg'), SCRIPTED_SVG);
    writeFileSync(join(dir, 'evil.html'), HTML);
    writeFileSync(join(dir, 'evil.svg.html'), HTML);
    writeFileSync(join(dir, 'evil.HTM'), HTML);
    writeFileSync(join(dir, 'evil'), HTML);
    writeFileSync(join(dir, 'evil.js'), 'alert(1)');
    writeFileSync(join(dir, 'fake.png'), HTML);
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'nested', 'page.html'), HTML);
  });
  afterAll(() => h?.close());

  const expectImageHeaders = (headers: Record<string, unknown>, url: string) => {
    expect(headers['content-security-policy'], url).toBe(IMAGE_CSP);
    expect(headers['x-content-type-options'], url).toBe('nosniff');
  };

  it('serves an SVG as image/svg+xml in a sandbox that runs no script', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await h.app.inject({ method, url: imagePath('evil.svg') });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expectImageHeaders(res.headers, `${method} /images/evil.svg`);
    }
    expect(IMAGE_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });

  it('keeps the image headers on a revalidated answer', async () => {
    // The content's own name answers with its current file, named by its hash.
    const url = (await h.app.inject(imagePath('cover.svg'))).headers.location as string;
    const first = await h.app.inject(url);
    const again = await h.app.inject({
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expectImageHeaders(again.headers, 'cover.svg (304)');
  });

  it('answers 404 for every file that does not have an image extension', async () => {
    for (const url of [
      imagePath('evil.html'),
      imagePath('evil.svg.html'),
      imagePath('evil.HTM'),
      imagePath('evil'),
      imagePath('evil.js'),
      '/images/nested/page.html',
      '/images/evil.html?.svg',
      '/images/evil.html%3F.svg',
      '/images/evil.html%23.svg',
      '/images/',
      '/images/nested/',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await h.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expectImageHeaders(res.headers, url);
        expect(res.body).not.toContain('alert');
      }
    }
  });

  it('serves a file named as an image with its extension type, never sniffed', async () => {
    const res = await h.app.inject(imagePath('fake.png'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expectImageHeaders(res.headers, 'fake.png');
  });

  it('sends the image headers on every other error under /images/', async () => {
    for (const url of [
      '/images/%00.svg',
      '/images/%E0%A4%A.svg',
      '/images/..%2fsite.yaml',
      '/images/.hidden.svg',
    ]) {
      const res = await h.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expectImageHeaders(res.headers, url);
    }
    const post = await h.app.inject({ method: 'POST', url: imagePath('evil.svg') });
    expect(post.statusCode).toBe(405);
    expectImageHeaders(post.headers, 'POST /images/evil.svg');
  });
});
