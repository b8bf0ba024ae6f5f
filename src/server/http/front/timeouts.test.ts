import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../../test/helpers/api-app.js';
import { manyPosts } from '../../../../test/helpers/content-fixture.js';
import { HttpSocket } from '../../../../test/helpers/http-socket.js';
import { HEALTH_ROUTES } from '../../../shared/paths.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes `text` a byte every `everyMs` until it is written or the socket closes; `done` tells
 * whether all of it was written.
 */
function trickle(socket: HttpSocket, text: string, everyMs: number): { done: boolean } {
  const progress = { done: false };
  void (async () => {
    for (const byte of text) {
      if (socket.isClosed) return;
      socket.write(byte);
      await sleep(everyMs);
    }
    progress.done = true;
  })();
  return progress;
}

// The timeouts are set on the server the front door makes (Fastify's options reach only servers
// Fastify makes itself), so they are tested over real sockets.
describe('timeouts and limits of the listener', () => {
  let h: ApiHarness;
  let port: number;
  beforeAll(async () => {
    h = await apiHarness('sqlite', {
      posts: manyPosts(3, 'news'),
      env: { HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '450', KEEP_ALIVE_TIMEOUT_MS: '300' },
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as { port: number }).port;
  });
  afterAll(() => h?.close());

  it('answers a request whose headers trickle in (slowloris) with 408 and closes it', async () => {
    const socket = await HttpSocket.open(port);
    const started = Date.now();
    socket.write('GET /api/posts HTTP/1.1\r\nHost: x\r\n');
    // Four seconds of trickle, if nothing cut it.
    const head = trickle(socket, `X-Slow: ${'a'.repeat(200)}\r\n\r\n`, 20);
    const answer = await socket.read();
    expect(answer.statusCode).toBe(408);
    expect(head.done).toBe(false);
    // Node does not tell which URL an unfinished head asked for: the answer is the site's page.
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    await socket.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('answers a body that trickles in past the request timeout with 408', async () => {
    const socket = await HttpSocket.open(port);
    const body = JSON.stringify({ email: 'someone@example.com' });
    socket.write(
      `POST /api/employer-check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // Over a second and a half of trickle, if nothing cut it: the request timeout is 450 ms.
    const trickled = trickle(socket, body, 40);
    const answer = await socket.read();
    expect(answer.statusCode).toBe(408);
    expect(trickled.done).toBe(false);
    await socket.closed;
  });

  it('closes a kept-alive connection that stays idle past the keep-alive timeout', async () => {
    const socket = await HttpSocket.open(port);
    const answer = await socket.get(HEALTH_ROUTES.live);
    // Whole seconds: 300 ms rounds down.
    expect(answer.headers['keep-alive']).toBe('timeout=0');
    const idle = Date.now();
    await socket.closed;
    expect(Date.now() - idle).toBeGreaterThanOrEqual(200);
  });

  it('answers a body over the limit with 413 payload_too_large, sent or only announced', async () => {
    const big = JSON.stringify({ email: 'x'.repeat(70_000) });
    const sent = await HttpSocket.open(port);
    sent.write(
      `POST /api/employer-check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
    );
    const answer = await sent.read();
    expect(answer.statusCode).toBe(413);
    expect(JSON.parse(answer.body.toString()).error.code).toBe('payload_too_large');
    sent.destroy();
    // Refused from the announced length, before the body arrives.
    const announced = await HttpSocket.open(port);
    announced.write(
      'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n',
    );
    const early = await announced.read();
    expect(early.statusCode).toBe(413);
    expect(JSON.parse(early.body.toString()).error.code).toBe('payload_too_large');
    announced.destroy();
  });
});
