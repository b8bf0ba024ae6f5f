import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { importContent } from '../content/import.service.js';
import { openStore, type Store } from '../db/connection.js';
import { mountWeb } from './web.js';
import { dropStale } from '../cache/invalidation.js';
import { manyPosts, writeContent } from '../../../test/helpers/content-fixture.js';
import { createTestStore, type TestStore } from '../../../test/helpers/stores.js';
import { TcpProxy } from '../../../test/helpers/tcp-proxy.js';
import { WEB_DIR } from '../../../test/helpers/web-app.js';
import { apiPath, HEALTH_ROUTES, pagePath } from '../../shared/paths.js';

describe('PostgreSQL going away and coming back', () => {
  let test: TestStore;
  let proxied: Store;
  let app: FastifyInstance;
  const proxy = new TcpProxy('127.0.0.1', 5432);
  let n = 0;
  // Distinct search texts miss the response cache, so every request reaches the database.
  const search = () => app.inject(apiPath.search(`post${n++}`, 1));

  beforeAll(async () => {
    test = await createTestStore('postgres');
    const contentDir = writeContent({ posts: manyPosts(30, 'news') });
    const config = loadConfig({
      IMAGES_DIR: mkdtempSync(join(tmpdir(), 'pf-img-')),
      CONTENT_DIR: contentDir,
      WEB_DIR,
    });
    await importContent(test.store, { contentDir, imagesDir: config.imagesDir });
    await proxy.start();
    const url = new URL(test.url);
    url.port = String(proxy.port);
    proxied = openStore(url.toString(), { poolSize: 4 });
    app = await buildApp({ config, store: proxied, contentPollMs: 100, web: mountWeb });
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    await proxy.cut();
    await test?.drop();
  });

  it('answers 503 with Retry-After during the outage, never 500, and recovers after it', async () => {
    expect((await search()).statusCode).toBe(200);
    await proxy.cut();
    const during = await search();
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.json().error.code).toBe('unavailable');
    expect((await app.inject(HEALTH_ROUTES.ready)).statusCode).toBe(503);
    // Cached responses are still served while the database is away.
    await proxy.start();
    // Asked twice, so that the answer is stored (response-cache.ts).
    for (let ask = 0; ask < 2; ask++)
      expect((await app.inject(apiPath.posts(1))).statusCode).toBe(200);
    await proxy.cut();
    expect((await app.inject(apiPath.posts(1))).statusCode).toBe(200);
    await proxy.start();
    let recovered = 0;
    for (let i = 0; i < 50 && recovered !== 200; i++) {
      recovered = (await search()).statusCode;
      expect([200, 503]).toContain(recovered);
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(200);
    expect((await app.inject(HEALTH_ROUTES.ready)).statusCode).toBe(200);
  });

  it('answers pages with the HTML 503 page and Retry-After during the outage, cached pages still', async () => {
    const page = (path: string) => app.inject(path);
    // Asked twice, so that the page is stored (response-cache.ts).
    for (let ask = 0; ask < 2; ask++) expect((await page(pagePath.posts())).statusCode).toBe(200);
    await proxy.cut();
    try {
      for (const path of [
        '/post-3',
        pagePath.posts({ page: 2 }),
        pagePath.category(1),
        pagePath.search('word'),
      ]) {
        const during = await page(path);
        expect(during.statusCode, path).toBe(503);
        expect(during.headers['retry-after'], path).toBe('5');
        expect(during.headers['cache-control'], path).toBe('no-store');
        expect(during.headers['content-type'], path).toMatch(/^text\/html/);
        expect(during.body, path).toContain('Temporarily unavailable');
      }
      expect((await page(pagePath.posts())).statusCode).toBe(200);
    } finally {
      await proxy.start();
    }
    let recovered = 0;
    for (let i = 0; i < 50 && recovered !== 200; i++) {
      recovered = (await page('/post-3')).statusCode;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(200);
  });

  it('answers the landing page and the résumé with 503 too when what they read of the images was dropped', async () => {
    // As a move of the content the import did not describe (a restore, a new site config) does:
    // every cached answer and the images read go, to be read again on the next request.
    dropStale(app.ctx, app.ctx.posts, null);
    await proxy.cut();
    try {
      for (const path of [pagePath.landing(), pagePath.resume()]) {
        const during = await app.inject(path);
        expect(during.statusCode, path).toBe(503);
        expect(during.headers['retry-after'], path).toBe('5');
        expect(during.body, path).toContain('Temporarily unavailable');
      }
    } finally {
      await proxy.start();
    }
    let recovered = 0;
    for (let i = 0; i < 50 && recovered !== 200; i++) {
      recovered = (await app.inject(pagePath.landing())).statusCode;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(200);
  });
});
