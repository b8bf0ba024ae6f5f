import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../../test/helpers/content-fixture.js';
import { HeldRoute, listenLocally } from '../../../../test/helpers/held-route.js';
import { decodedBody } from '../../../../test/helpers/error-contract.js';
import { HttpSocket, withoutDate, type WireAnswer } from '../../../../test/helpers/http-socket.js';
import { TestClock } from '../../../../test/helpers/test-clock.js';
import { webHarness, type WebHarness } from '../../../../test/helpers/web-app.js';
import { apiPath, FEED_ROUTES, feedPath, pagePath } from '../../../shared/paths.js';
import { DRAIN_FIRST_REQUEST_MS, DRAIN_IDLE_MS } from './front-door.js';

/**
 * Every URL is asked while no cache holds it (the app answers, and stores the answer on the second
 * ask: response-cache.ts), then again (the cache).
 */
const URLS = [
  apiPath.posts(1),
  apiPath.post('story-2'),
  apiPath.search('story', 1),
  apiPath.postcates(),
  pagePath.posts(),
  '/story-3',
  feedPath.rss(),
  FEED_ROUTES.robots,
  '/nope/not-here',
];
const ENCODINGS: Record<string, string>[] = [
  {},
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'br' },
];

/**
 * The same status, headers (but the date) and body. A brotli body is compared decoded: the cache
 * compresses an answer asked for again once more, to keep (response-cache.ts), so its bytes and
 * their length may differ from the first answer's.
 */
function expectSameAnswer(a: WireAnswer, b: WireAnswer, what: string) {
  expect(b.statusCode, what).toBe(a.statusCode);
  const { 'content-length': lengthA, ...headersA } = withoutDate(a.headers);
  const { 'content-length': lengthB, ...headersB } = withoutDate(b.headers);
  expect(headersB, what).toEqual(headersA);
  expect([lengthA, lengthB], what).toEqual([String(a.body.length), String(b.body.length)]);
  const encoding = a.headers['content-encoding'];
  if (encoding !== 'br') expect(b.body.equals(a.body), what).toBe(true);
  else expect(decodedBody(b.body, encoding), what).toBe(decodedBody(a.body, encoding));
}

interface LogLine {
  level: number;
  msg: string;
  url?: string;
  way?: string;
  statusCode?: number;
}

describe('the front door: the same answer whether the cache or the app made it', () => {
  let h: WebHarness;
  let port: number;
  const lines: LogLine[] = [];
  /** Requests that reached Fastify. */
  let reachedApp = 0;
  const slow = new HeldRoute();
  /** Stands still unless the test moves it: the drain's idle and first-request times. */
  const drainClock = new TestClock(0);

  beforeAll(async () => {
    h = await webHarness('sqlite', {
      posts: manyPosts(5, 'news', 'story'),
      drainClock,
      logger: {
        level: 'debug',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(JSON.parse(String(chunk)) as LogLine);
            done();
          },
        }),
      },
      beforeReady: (app) => {
        app.addHook('onRequest', async () => {
          reachedApp += 1;
        });
        slow.mount(app);
      },
    });
    port = await listenLocally(h.app);
  });
  afterAll(async () => {
    slow.open();
    await h?.close();
  });

  it('sends the same status, headers (but the date) and body, in every encoding', async () => {
    const socket = await HttpSocket.open(port);
    try {
      for (const encoding of ENCODINGS)
        for (const base of URLS) {
          // A query of its own per encoding, so that the first request of each is a miss.
          const url = `${base}${base.includes('?') ? '&' : '?'}e=${encoding['accept-encoding'] ?? 'none'}`;
          const what = `${url} ${JSON.stringify(encoding)}`;
          const reached = reachedApp;
          const first = await socket.get(url, encoding);
          expect(reachedApp, what).toBe(reached + 1);
          const second = await socket.get(url, encoding);
          expect(reachedApp, what).toBe(reached + 2);
          const again = await socket.get(url, encoding);
          // An error is never stored: every answer came from the app.
          expect(reachedApp, what).toBe(first.statusCode === 404 ? reached + 3 : reached + 2);
          expectSameAnswer(first, second, what);
          expectSameAnswer(first, again, what);
          expect(again.headers['connection'], what).toBe('keep-alive');
        }
    } finally {
      socket.destroy();
    }
  });

  it('writes one debug line per request either way, with how it was answered', async () => {
    const socket = await HttpSocket.open(port);
    for (let ask = 0; ask < 3; ask++) await socket.get('/api/posts?page=1&log=1');
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mine = lines.filter((line) => line.url === '/api/posts?page=1&log=1');
    expect(mine.map((line) => [line.level, line.msg, line.way, line.statusCode])).toEqual([
      [20, 'request', 'app', 200],
      [20, 'request', 'app', 200],
      [20, 'request', 'cache', 200],
    ]);
    // Fastify's own request lines are off: one line per request, not three.
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('during shutdown answers open connections alike from the cache and the app, then closes', async () => {
    const earlier = await HttpSocket.open(port);
    const asked = await earlier.get('/posts?page=1&drain=1', { 'accept-encoding': 'gzip' });
    earlier.destroy();
    // Has had its answer and stays open, quiet: a kept-alive connection.
    const keptAlive = await HttpSocket.open(port);
    expect((await keptAlive.get('/api/posts?page=1&drain=kept')).statusCode).toBe(200);
    const held = await HttpSocket.open(port);
    const [one, two, three, late] = await Promise.all(
      [1, 2, 3, 4].map(() => HttpSocket.open(port)),
    );
    held.write('GET /api/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await slow.reached;
    const closing = h.app.close();
    while (h.app.server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
    // New connections are refused from now on.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve('connected'));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    // Opened before the drain: the first asks the app (the URL's second ask, so its answer is
    // stored), the second gets the cached answer.
    const reached = reachedApp;
    const fromApp = await one!.get('/posts?page=1&drain=1', { 'accept-encoding': 'gzip' });
    const fromCache = await two!.get('/posts?page=1&drain=1', { 'accept-encoding': 'gzip' });
    expect(reachedApp).toBe(reached + 1);
    expect(fromApp.statusCode).toBe(200);
    expect(fromApp.body.equals(asked.body)).toBe(true);
    expectSameAnswer(fromApp, fromCache, 'during the drain');
    expect(fromApp.headers['connection']).toBe('close');
    await Promise.all([one!.closed, two!.closed]);
    // The request in flight is answered in full, and its connection closed after it.
    slow.open();
    const answer = await held.read();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['connection']).toBe('close');
    // Quiet for the idle time: the kept-alive connection is closed.
    drainClock.time += DRAIN_IDLE_MS;
    await keptAlive.closed;
    // A connection whose client writes its first request late (a busy client process) is
    // answered, although it has been quiet as long as the kept-alive one that was closed.
    expect(late!.isClosed).toBe(false);
    const lateAnswer = await late!.get('/api/posts?page=1&drain=late');
    expect(lateAnswer.statusCode).toBe(200);
    expect(lateAnswer.headers['connection']).toBe('close');
    // A connection that stays quiet is closed once it is old enough, and then the close completes.
    expect(three!.isClosed).toBe(false);
    drainClock.time += DRAIN_FIRST_REQUEST_MS;
    await three!.closed;
    await closing;
  });
});
