import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { contractProblems } from '../../../test/helpers/error-contract.js';
import { rawRequest, type RawAnswer } from '../../../test/helpers/raw-http.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { API_ROUTES, apiPath, feedPath, pagePath } from '../../shared/paths.js';

type Method = 'GET' | 'HEAD' | 'POST' | 'DELETE' | 'PROPFIND' | 'OPTIONS' | 'PUT';

const pathOf = (url: string) => url.split('?')[0]!;

function expectContract(method: string, url: string, res: LightMyRequestResponse | RawAnswer) {
  const body = 'body' in res ? res.body : '';
  const seen = {
    method,
    path: pathOf(url),
    statusCode: res.statusCode,
    headers: res.headers,
    body,
  };
  expect(contractProblems(seen), `${method} ${url}`).toEqual([]);
}

describe.each(ENGINES)('the error contract on %s', (engine) => {
  let h: WebHarness;
  const inject = async (method: Method, url: string, extra: object = {}) => {
    const res = await h.app.inject({ method, url, ...extra });
    expectContract(method, url, res);
    return res;
  };

  beforeAll(async () => {
    h = await webHarness(engine, {
      posts: manyPosts(5, 'news', 'story'),
      env: { CONTACT_ENABLED: '1', EMPLOYER_EMAIL: 'boss@example.com' },
    });
  });
  afterAll(() => h?.close());

  it('refuses NUL in a path or query before the database: 400, JSON for the API, a page elsewhere', async () => {
    for (const url of ['/api/post/%00', '/api/posts/x%00y', '/api/posts?page=1&x=%00']) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('bad_request');
    }
    for (const url of [
      '/a%00b',
      '/%00',
      '/feeds/%00.xml',
      '/posts/%00',
      '/posts?q=%00',
      '/cate/1%00',
    ]) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain('Bad request');
    }
  });

  it('answers malformed percent-encoding and overlong or surrogate UTF-8 with bad_url', async () => {
    for (const url of [
      '/api/post/%E0%A4%A',
      '/api/posts/%FF',
      '/api/post/%C0%80',
      '/api/post/%ED%A0%80',
      '/api/posts/a%',
    ]) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('bad_url');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'none'");
    }
    for (const url of ['/%zz', '/posts/%ED%A0%80', '/%E0%A4%A']) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('answers page URLs that fail with an HTML page, known paths asked otherwise with 405', async () => {
    expect((await inject('GET', '/index.html')).statusCode).toBe(404);
    for (const [method, url] of [
      ['PROPFIND', pagePath.posts()],
      ['DELETE', '/'],
      ['PUT', pagePath.search('story')],
      ['POST', feedPath.rss()],
    ] as const) {
      const res = await inject(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
  });

  it('gives API errors stable codes', async () => {
    const cases: [Method, string, number, string, object?][] = [
      ['GET', '/api/nope', 404, 'not_found'],
      ['DELETE', API_ROUTES.posts, 405, 'method_not_allowed'],
      ['OPTIONS', apiPath.employerCheck(), 405, 'method_not_allowed'],
      ['GET', apiPath.posts(0), 400, 'bad_request'],
      ['GET', apiPath.postsCate(99999, 1), 404, 'not_found'],
      [
        'POST',
        apiPath.employerCheck(),
        413,
        'payload_too_large',
        { payload: { email: 'x'.repeat(70_000) } },
      ],
      [
        'POST',
        apiPath.employerCheck(),
        415,
        'unsupported_media_type',
        { payload: 'x', headers: { 'content-type': 'application/x-nope' } },
      ],
    ];
    for (const [method, url, status, code, extra] of cases) {
      const res = await inject(method, url, { remoteAddress: '10.9.9.9', ...extra });
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.json().error.code, `${method} ${url}`).toBe(code);
    }
    expect((await inject('DELETE', API_ROUTES.posts)).headers.allow).toBe('GET, HEAD');
  });

  it('refuses text the database cannot store in a JSON body, and absurdly deep bodies', async () => {
    const contact = (message: unknown) =>
      inject('POST', apiPath.contact(), {
        payload: { name: 'A', email: 'a@example.com', subject: 'S', message },
        remoteAddress: `10.8.0.${Math.floor(Math.random() * 250)}`,
      });
    for (const message of ['a\u0000b', 'lone \uD800 surrogate', 'lone \uDC00 low']) {
      const res = await contact(message);
      expect(res.statusCode, JSON.stringify(message)).toBe(400);
      expect(res.json().error.code).toBe('bad_request');
    }
    expect((await contact('a pair 🙂 is fine')).statusCode).toBe(201);
    const deep = `{"email":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await inject('POST', apiPath.employerCheck(), {
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('keeps HEAD working, errors included', async () => {
    for (const url of ['/', API_ROUTES.posts, pagePath.posts()]) {
      const res = await inject('HEAD', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe('');
    }
    for (const url of ['/nope/deeper', '/api/nope', '/%zz', '/api/post/%00']) {
      const res = await inject('HEAD', url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body).toBe('');
    }
  });

  describe('over a socket', () => {
    let port: number;
    beforeAll(async () => {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      port = (h.app.server.address() as { port: number }).port;
    });
    const raw = async (target: string, headers = 'Host: x\r\n', method = 'GET') => {
      const res = await rawRequest(
        port,
        `${method} ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`,
      );
      expect(res, `${method} ${target}`).toBeDefined();
      expectContract(method, target, res!);
      return res!;
    };

    it("answers the HTTP parser's 431 and 400 in the contract, by path", async () => {
      const big = `Host: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n`;
      const api = await raw(API_ROUTES.posts, big);
      expect(api.statusCode).toBe(431);
      expect(JSON.parse(api.body).error.code).toBe('header_too_large');
      const page = await raw(pagePath.posts(), big);
      expect(page.statusCode).toBe(431);
      expect(page.body).toContain('Request headers too large');
      const nul = await raw('/api/po\0sts');
      expect(nul.statusCode).toBe(400);
      expect(JSON.parse(nul.body).error.code).toBe('bad_url');
      expect((await raw(pagePath.posts(), 'Host: x\r\nBad Header: y\r\n')).statusCode).toBe(400);
      expect((await raw(pagePath.posts(), 'Host: x\r\n', 'FOO')).statusCode).toBe(400);
    });

    it('answers a missing Host and an unsupported Expect in the contract', async () => {
      // (A URL in the cache in front is answered before this check, as the cache's own answer.)
      const noHost = await raw(apiPath.post('story-1'), '');
      expect(noHost.statusCode).toBe(400);
      expect(JSON.parse(noHost.body).error.code).toBe('bad_request');
      const expectation = await raw(pagePath.posts(), 'Host: x\r\nExpect: teapot\r\n');
      expect(expectation.statusCode).toBe(417);
    });

    it('answers cached and uncached requests with the same security headers', async () => {
      for (const target of [
        apiPath.posts(1),
        pagePath.posts(),
        '/api/post/%00',
        '/a%00b',
        '/%zz',
      ]) {
        const first = await raw(target);
        const again = await raw(target);
        expect(again.statusCode, target).toBe(first.statusCode);
        expect(again.headers['content-security-policy'], target).toBe(
          first.headers['content-security-policy'],
        );
      }
    });
  });
});
