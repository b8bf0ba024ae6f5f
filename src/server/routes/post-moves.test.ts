import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { newsPost, postFile, type FixturePost } from '../../../test/helpers/content-fixture.js';
import {
  documentedCalls,
  DocumentedSchemas,
  type OpenApiDocument,
} from '../../../test/helpers/openapi-document.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { API_ROUTES } from '../../shared/paths.js';
import { importContent } from '../content/import.service.js';

describe.each(ENGINES)('old post slugs over the API on %s', (engine) => {
  let harness: ApiHarness;
  const get = (url: string, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url, headers });
  /** Writes a post file of the harness's content folder, `aliases` in its front matter. */
  const write = (file: string, fields: FixturePost, aliases?: string[]) => {
    const text = postFile(fields);
    writeFileSync(
      join(harness.contentDir, 'posts', `${file}.md`),
      aliases ? text.replace(/^---\n/, `---\naliases: ${JSON.stringify(aliases)}\n`) : text,
    );
  };
  const reimport = async () => {
    await importContent(harness.test.store, {
      contentDir: harness.contentDir,
      imagesDir: harness.config.imagesDir,
      prune: true,
    });
    await harness.app.ctx.contentState.refresh();
  };

  beforeAll(async () => {
    harness = await apiHarness(engine, {
      posts: [
        newsPost('alpha'),
        newsPost('beta'),
        newsPost('gamma'),
        newsPost('secret', { draft: true }),
      ],
    });
    write('alpha', newsPost('alpha'), ['alpha-old']);
    write('beta', newsPost('beta-renamed'));
    write('secret', newsPost('secret', { draft: true }), ['secret-old']);
    rmSync(join(harness.contentDir, 'posts', 'gamma.md'));
    await reimport();
  });
  afterAll(async () => harness?.close());

  it('an alias and a renamed file’s old slug answer 301 to the current URL, cacheable', async () => {
    for (const [from, to] of [
      ['alpha-old', 'alpha'],
      ['beta', 'beta-renamed'],
    ]) {
      const response = await get(`/api/post/${from}`);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`/api/post/${to}`);
      expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
      expect(response.headers.etag).toBeTruthy();
      const followed = await get(response.headers.location!);
      expect(followed.statusCode).toBe(200);
      expect(followed.json().post.slug).toBe(to);
    }
    // The query string goes along; asked for again, the answer is stored (response-cache.ts).
    const withQuery = await get('/api/post/beta?ref=mail');
    expect(withQuery.headers.location).toBe('/api/post/beta-renamed?ref=mail');
    await get('/api/post/beta?ref=mail');
    expect(harness.app.ctx.responses.get('/api/post/beta?ref=mail')?.statusCode).toBe(301);
  });

  it('sends the 301 the OpenAPI document describes: a Location and no body', async () => {
    const doc: OpenApiDocument = (await get(API_ROUTES.openapi)).json();
    const call = documentedCalls(doc).find(
      (c) => c.method === 'GET' && c.path === API_ROUTES.post.replace(':slug', '{slug}'),
    )!;
    expect(call.operation.responses['301']?.content).toBeUndefined();
    const response = await get('/api/post/alpha-old');
    expect(response.statusCode).toBe(301);
    expect(response.body).toBe('');
    const answer = { statusCode: 301, headers: response.headers, body: response.body };
    expect(new DocumentedSchemas().undocumented(call, answer)).toEqual([]);
  });

  it('a pruned post answers 410 with the JSON error, cacheable; unknown slugs stay 404', async () => {
    const gone = await get('/api/post/gamma');
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toMatch(/^application\/json/);
    expect(gone.json()).toEqual({
      error: { code: 'gone', message: 'The post "gamma" was removed from this site' },
    });
    expect(gone.headers['cache-control']).toMatch(/^public/);
    const unknown = await get('/api/post/never-was');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('an alias of a draft is a plain 404: a draft is never announced', async () => {
    expect((await get('/api/post/secret-old')).statusCode).toBe(404);
  });

  it('a new post with a removed slug is live again', async () => {
    write('gamma-again', newsPost('gamma', { title: 'Gamma returns' }));
    await reimport();
    const back = await get('/api/post/gamma');
    expect(back.statusCode).toBe(200);
    expect(back.json().post.title).toBe('Gamma returns');
  });
});
