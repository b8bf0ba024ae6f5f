import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsPost, postFile } from '../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { importContent } from '../content/import.service.js';

/** One GET over a real socket, through the front door: status, headers and body as sent. */
function fetchRaw(port: number, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      request({ host: '127.0.0.1', port, path }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe.each(ENGINES)('old post slugs of pages through the built server on %s', (engine) => {
  let harness: WebHarness;
  let port: number;
  const get = (path: string) => fetchRaw(port, path);

  beforeAll(async () => {
    harness = await webHarness(engine, {
      posts: [newsPost('alpha'), newsPost('beta'), newsPost('gamma')],
    });
    const contentDir = harness.config.contentDir;
    const text = postFile(newsPost('alpha-renamed'));
    writeFileSync(
      join(contentDir, 'posts', 'alpha.md'),
      text.replace(/^---\n/, '---\naliases: ["alpha-first"]\n'),
    );
    rmSync(join(contentDir, 'posts', 'gamma.md'));
    await importContent(harness.test.store, {
      contentDir,
      imagesDir: harness.config.imagesDir,
      prune: true,
    });
    await harness.app.ctx.contentState.refresh();
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    port = (harness.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => harness?.close());

  it('an old slug and an alias answer 301 to the post page, the same again from the cache', async () => {
    for (const from of ['/alpha', '/alpha-first', '/alpha']) {
      const answer = await get(from);
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('/alpha-renamed');
      expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+/);
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect(harness.app.ctx.pages.get('/alpha')?.statusCode).toBe(301);
    const page = await get('/alpha-renamed');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>The alpha-renamed</h1>');
  });

  it('a pruned post is a 410 HTML page; an unknown slug stays 404', async () => {
    for (let i = 0; i < 2; i++) {
      const gone = await get('/gamma');
      expect(gone.status).toBe(410);
      expect(gone.headers['content-type']).toMatch(/^text\/html/);
      expect(gone.body).toContain('<h1>Gone</h1>');
      expect(gone.body).toContain('<meta name="robots" content="noindex">');
      expect(gone.headers['cache-control']).toMatch(/^public/);
    }
    expect((await get('/never-was')).status).toBe(404);
  });
});
