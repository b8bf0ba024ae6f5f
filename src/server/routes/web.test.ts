import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_ROUTES, pagePath } from '../../shared/paths.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { importContent } from '../content/import.service.js';
import { mountWeb } from './web.js';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { writeContent } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const WEB_DIR = 'dist/web';
const SECRET = 'hiring.manager@secret.example';

// Server rendering needs the web build; `npm test` builds before it runs the tests.
if (!existsSync(join(WEB_DIR, 'server', 'entry.server.js')))
  throw new Error('Run `npm run build` first');

describe.each(ENGINES)('server-rendered pages on %s', (engine) => {
  let app: FastifyInstance;
  let test: TestStore;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    test = await createTestStore(engine);
    const contentDir = writeContent({
      posts: [
        ...manyPosts(14, 'news', 'story'),
        {
          slug: 'hostile',
          title: 'Hostile <b>title</b>',
          category: 'guides',
          body: 'Hi <img src=x onerror=alert(1)><script>alert(2)</script>',
          date: '2026-05-01',
        },
      ],
    });
    const config = loadConfig({
      CONTENT_DIR: contentDir,
      IMAGES_DIR: mkdtempSync(join(tmpdir(), 'pf-img-')),
      WEB_DIR,
      EMPLOYER_EMAIL: SECRET,
    });
    await importContent(test.store, { contentDir, imagesDir: config.imagesDir });
    app = await buildApp({ config, store: test.store, web: mountWeb });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
  });

  it('renders the post list with content, title, description, canonical and Open Graph', async () => {
    const res = await get(pagePath.posts());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>All posts · Fixture Site</title>');
    expect(res.body).toContain('<meta name="description" content="A site made by the tests">');
    expect(res.body).toContain('<link rel="canonical" href="https://fixture.example/posts">');
    // Another address of the same page names the page's own.
    expect((await get('/posts?page=abc&utm_source=mail')).body).toContain(
      '<link rel="canonical" href="https://fixture.example/posts">',
    );
    expect(res.body).toContain('<meta property="og:title"');
    expect(res.body).toContain('story number 14');
    expect(res.body).toMatch(/<\/div>\s*<script type="application\/json" data-hydration>/);
  });

  it('renders a post with its escaped title and sanitized body', async () => {
    const res = await get('/hostile');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Hostile &lt;b&gt;title&lt;/b&gt;');
    expect(res.body).not.toMatch(/onerror|<script>alert/);
    expect(res.body).toContain('<meta property="og:type" content="article">');
  });

  it('sends a strict Content-Security-Policy and no inline script', async () => {
    for (const url of ['/', pagePath.posts(), pagePath.resume(), '/hostile', '/nope']) {
      const res = await get(url);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
      // JSON data blocks (hydration data, JSON-LD) are never run: CSP does not apply to them.
      const inlineScripts = [
        ...res.body.matchAll(
          /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(ld\+)?json")[^>]*>/g,
        ),
      ];
      expect(inlineScripts, url).toEqual([]);
    }
  });

  it('inlines the stylesheet and allows exactly it by hash', async () => {
    const res = await get(pagePath.posts());
    const styles = [...res.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(styles[0]).toContain('.card-grid');
    const hash = createHash('sha256').update(styles[0]!).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(res.body).not.toMatch(/<link rel="stylesheet"/);
  });

  it('registers a page route for each pattern of PAGE_ROUTES, which the web app routes alike', () => {
    // src/web/routes.test.ts holds the web app's route table to the same patterns.
    for (const pattern of Object.values(PAGE_ROUTES))
      expect(app.hasRoute({ method: 'GET', url: pattern }), pattern).toBe(true);
  });

  it('answers unknown content with a real 404 page', async () => {
    for (const url of [
      '/no-such-post',
      pagePath.category(99999),
      '/cate/abc',
      '/a/b/c',
      pagePath.posts({ category: 999 }),
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Page not found');
    }
  });

  it('answers a page asked for with a trailing slash with a 301 to its one address', async () => {
    for (const [url, location] of [
      ['/posts/', pagePath.posts()],
      ['/resume/', pagePath.resume()],
      ['/story-1/', pagePath.post('story-1')],
      ['/cate/1//', pagePath.category(1)],
      ['/posts/story/?page=2', pagePath.search('story', 2)],
      ['/posts/?category=1&page=2', '/posts?category=1&page=2'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
      expect(res.body, url).toBe('');
    }
    // Without its slash, `//host/` would be an address on another host.
    expect((await get('//evil.example/')).headers.location).toBeUndefined();
  });

  it("keeps a search's live count out of its heading, right after it", async () => {
    const html = (await get(pagePath.search('story'))).body;
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>([\s\S]*?)<\/p>/.exec(html);
    expect(heading?.[1]).toBe('Search results for “story”');
    expect(heading?.[2]).toMatch(/^<p [^>]*role="status"[^>]*>14 posts match “story”$/);
  });

  it('declares no canonical address on a 404 page', async () => {
    const res = await get('/no-such-post');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('rel="canonical"');
    expect(res.body).not.toContain('og:url');
    expect((await get('/story-1')).body).toContain(
      '<link rel="canonical" href="https://fixture.example/story-1">',
    );
  });

  it('answers a list or search page past the last one with the 404 page', async () => {
    // 15 posts at 12 a page: two pages of all posts, at most two of a category.
    expect((await get(pagePath.posts({ page: 2 }))).statusCode).toBe(200);
    expect((await get(pagePath.search('story', 2))).statusCode).toBe(200);
    for (const url of [
      pagePath.posts({ page: 3 }),
      pagePath.posts({ page: 999 }),
      pagePath.category(1, 3),
      pagePath.search('story', 3),
      pagePath.search('story', 999),
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('Page not found');
    }
  });

  it('never answers odd paths with a 500', async () => {
    for (const url of [
      '//',
      '//evil.example/x',
      '/%',
      '/%E0%A4%A',
      '/posts/%00',
      '/posts/a%2Fb',
      '/cate/%FF',
      `/${'a'.repeat(5000)}`,
      '/posts?page=abc',
      '/resume?x=<script>',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('redirects the search form without JavaScript to the search route', async () => {
    const res = await get('/posts?q=story%20two');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/posts/story%20two');
  });

  it('answers a repeated page with 304', async () => {
    const first = await get(pagePath.posts({ page: 2 }));
    expect(first.statusCode).toBe(200);
    const again = await get(pagePath.posts({ page: 2 }), {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  it('logs what the site’s read threw, with the address, and answers the app’s error page', async () => {
    // The root loader's read fails: React Router renders its error page, which the server sends.
    const failure = new Error('the disk is on fire');
    const read = vi.spyOn(app.ctx.images, 'byName').mockRejectedValueOnce(failure);
    const logged = vi.spyOn(app.log, 'error');
    try {
      const res = await get(pagePath.posts({ page: 3 }));
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Something went wrong while showing this page.');
      expect(res.body).not.toContain('the disk is on fire');
      expect(logged).toHaveBeenCalledWith(
        { err: failure, url: pagePath.posts({ page: 3 }) },
        'page failed to render',
      );
      // A page that is not found is no failure of the server's.
      logged.mockClear();
      expect((await get(pagePath.post('no-such-post'))).statusCode).toBe(404);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
      logged.mockRestore();
    }
  });

  it('keeps the employer address out of every page and asset', async () => {
    const pages = await Promise.all(['/', pagePath.resume(), pagePath.posts()].map((u) => get(u)));
    const assets = readdirSync(join(WEB_DIR, 'client', 'assets')).map((f) =>
      readFileSync(join(WEB_DIR, 'client', 'assets', f), 'utf8'),
    );
    for (const text of [...pages.map((p) => p.body), ...assets])
      expect(text.toLowerCase()).not.toContain(SECRET);
  });

  it('loads no app code before the first paint, and names every module the app needs', async () => {
    const html = (await get(pagePath.posts())).body;
    const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(scripts).toHaveLength(1);
    const boot = (await get(scripts[0]!)).body;
    expect(boot.length).toBeLessThan(2048);
    expect(boot).toContain('requestAnimationFrame');
    // It imports nothing statically: a module it imported would be one more request before the
    // first paint, after the script's own (vite.config.ts, plainDynamicImports).
    expect(boot).not.toMatch(/\bimport\s*[{*\w]|\bfrom\s*["'`]/);
    const named = /<meta name="postfolio-modules" content="([^"]+)">/.exec(html)?.[1]?.split(' ');
    expect(named?.some((href) => href.includes('posts-route'))).toBe(true);
    // The app entry, in whichever chunk the build put it.
    const manifest = JSON.parse(
      readFileSync(join(WEB_DIR, 'client', '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    expect(named).toContain(`/${manifest['entry.client.tsx']!.file}`);
    for (const href of named!) {
      const res = await get(href);
      expect(res.statusCode, href).toBe(200);
      expect(res.headers['content-type'], href).toContain('javascript');
      // Every module a named module imports statically is named too: the boot script preloads
      // them all at once, so no module waits for another to arrive before it is requested.
      for (const [, imported] of res.body.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g))
        expect(named, `${href} imports ${imported}`).toContain(`/assets/${imported}`);
    }
  });

  it('serves hashed assets with immutable caching and no source maps or manifest', async () => {
    const html = (await get(pagePath.posts())).body;
    // A module the boot script loads (the script itself is too small to be worth compressing).
    const script = /<meta name="postfolio-modules" content="([^" ]+)/.exec(html)![1]!;
    const res = await get(script);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    const br = await get(script, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(res.rawPayload.length / 2);
    expect((await get('/index.html')).statusCode).toBe(404);
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });
});
