import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../../test/helpers/api-app.js';
import { manyPosts } from '../../../../test/helpers/content-fixture.js';
import { HeldRoute, listenLocally } from '../../../../test/helpers/held-route.js';
import { HttpSocket } from '../../../../test/helpers/http-socket.js';
import { LoadShedder, SLICE_MS, type OverloadConfig } from './load-shedder.js';
import { apiPath, HEALTH_ROUTES, imagePath, pagePath } from '../../../shared/paths.js';

const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A shedder whose app and refusals write down the URLs they got, in order. */
function shedderFor(config: OverloadConfig) {
  const started: string[] = [];
  const refused: string[] = [];
  const responses = new Map<string, ServerResponse & { destroyed: boolean }>();
  const shedder = new LoadShedder(
    config,
    (req) => started.push(req.url!),
    (req) => refused.push(req.url!),
  );
  const admit = (url: string) => {
    const res = Object.assign(new EventEmitter(), {
      destroyed: false,
    }) as unknown as ServerResponse & {
      destroyed: boolean;
    };
    responses.set(url, res);
    shedder.admit({ url } as IncomingMessage, res);
  };
  return { shedder, started, refused, responses, admit };
}

describe('LoadShedder', () => {
  it('starts requests while the slice has room, then in order in the next turns', async () => {
    const { started, admit, shedder } = shedderFor({ maxDelayMs: 1000, maxInFlight: 0 });
    admit('/a');
    spin(SLICE_MS + 1);
    admit('/b');
    admit('/c');
    expect(started).toEqual(['/a']);
    expect(shedder.queued).toBe(2);
    await nextTurn();
    expect(started).toEqual(['/a', '/b', '/c']);
    expect(shedder.busy).toBe(3);
  });

  it('refuses at once when the oldest waiting request is later than the bound, and waiting ones gone past it', async () => {
    const { started, refused, admit } = shedderFor({ maxDelayMs: 20, maxInFlight: 0 });
    admit('/a');
    spin(SLICE_MS + 1);
    admit('/b');
    spin(25);
    admit('/c');
    expect(refused).toEqual(['/c']);
    await nextTurn();
    expect(refused).toEqual(['/c', '/b']);
    expect(started).toEqual(['/a']);
    // Liveness, readiness and static files are never refused nor made to wait.
    for (const url of [
      HEALTH_ROUTES.live,
      HEALTH_ROUTES.ready,
      '/assets/app.js',
      imagePath('a.png'),
    ])
      admit(url);
    expect(started.slice(1)).toEqual([
      HEALTH_ROUTES.live,
      HEALTH_ROUTES.ready,
      '/assets/app.js',
      imagePath('a.png'),
    ]);
  });

  it('bounds the requests in the app; a waiting one starts when one closes', async () => {
    const { started, admit, responses, shedder } = shedderFor({ maxDelayMs: 0, maxInFlight: 1 });
    admit('/a');
    admit('/b');
    await nextTurn();
    expect(started).toEqual(['/a']);
    responses.get('/a')!.emit('close');
    expect(shedder.busy).toBe(0);
    await nextTurn();
    expect(started).toEqual(['/a', '/b']);
  });

  it('refuses a waiting request once late even when no place frees up', async () => {
    const { started, refused, admit } = shedderFor({ maxDelayMs: 20, maxInFlight: 1 });
    admit('/a');
    admit('/b');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(started).toEqual(['/a']);
    expect(refused).toEqual(['/b']);
  });

  it('drops a waiting request whose client went away', async () => {
    const { started, refused, admit, responses } = shedderFor({ maxDelayMs: 0, maxInFlight: 1 });
    admit('/a');
    admit('/b');
    admit('/c');
    responses.get('/b')!.destroyed = true;
    responses.get('/a')!.emit('close');
    await nextTurn();
    expect(started).toEqual(['/a', '/c']);
    expect(refused).toEqual([]);
  });

  it('passes every request straight to the app when both bounds are 0', () => {
    const { started, admit, shedder } = shedderFor({ maxDelayMs: 0, maxInFlight: 0 });
    admit('/a');
    spin(SLICE_MS + 1);
    admit('/b');
    expect(started).toEqual(['/a', '/b']);
    expect(shedder.busy).toBe(0);
  });
});

describe('shed answers over a socket', () => {
  let h: ApiHarness;
  let port: number;
  const slow = new HeldRoute();
  beforeAll(async () => {
    h = await apiHarness('sqlite', {
      posts: manyPosts(5, 'news', 'story'),
      // One request in the app at a time: while one is held, the next uncached one waits 50 ms
      // for a place, then is refused.
      env: { OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_MAX_DELAY_MS: '50' },
      beforeReady: (app) => slow.mount(app),
    });
    port = await listenLocally(h.app);
  });
  afterAll(async () => {
    slow.open();
    await h?.close();
  });

  it('answers 503 with Retry-After at once, JSON for the API and a page elsewhere; cached answers still flow', async () => {
    const client = await HttpSocket.open(port);
    // Asked twice, so that the answer is stored (response-cache.ts).
    for (let ask = 0; ask < 2; ask++)
      expect((await client.get(apiPath.posts(1))).statusCode).toBe(200);
    const held = await HttpSocket.open(port);
    held.write('GET /api/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const api = await client.get(apiPath.search('story', 1));
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('1');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");
    expect(JSON.parse(api.body.toString()).error.code).toBe('overloaded');
    // The connection stays open: a refusal is cheap, a reconnection is not.
    expect(api.headers['connection']).toBe('keep-alive');

    const page = await client.get(pagePath.posts({ page: 2 }));
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('1');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.toString()).toContain('Temporarily unavailable');

    expect((await client.get(apiPath.posts(1))).statusCode).toBe(200);
    expect((await client.get(HEALTH_ROUTES.live)).statusCode).toBe(200);

    slow.open();
    expect((await held.read()).statusCode).toBe(200);
    expect((await client.get(apiPath.search('story', 1))).statusCode).toBe(200);
    client.destroy();
    held.destroy();
  });
});
