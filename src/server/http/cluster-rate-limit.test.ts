import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { startServe, type ServeProcess } from '../../../test/helpers/serve-process.js';
import { WindowCounter } from './cluster-rate-limit.js';
import { apiPath } from '../../shared/paths.js';

describe('WindowCounter', () => {
  it('counts per key within a window and starts again after it', () => {
    const counter = new WindowCounter();
    expect(counter.incr('a', 1000, 0)).toEqual({ current: 1, ttl: 1000 });
    expect(counter.incr('a', 1000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(counter.incr('b', 1000, 400)).toEqual({ current: 1, ttl: 1000 });
    expect(counter.incr('a', 1000, 1000)).toEqual({ current: 1, ttl: 1000 });
  });

  it('stays within its bound by dropping keys whose window ended', () => {
    const counter = new WindowCounter(2);
    counter.incr('a', 100, 0);
    counter.incr('b', 1000, 0);
    counter.incr('c', 1000, 200); // 'a' has ended: dropped to make room
    expect(counter.incr('b', 1000, 300).current).toBe(2);
    expect(counter.incr('c', 1000, 300).current).toBe(2);
  });
});

/** A POST on a connection of its own, so the cluster hands each to the next worker. */
function employerCheck(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email: 'someone@example.com' });
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: apiPath.employerCheck(),
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('serve --workers 2', () => {
  let serve: ServeProcess | undefined;
  afterAll(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exited;
  });

  it('counts the employer check limit across workers, not per worker', async () => {
    serve = await startServe(manyPosts(3, 'news'), ['--workers', '2'], {
      EMPLOYER_EMAIL: 'hiring@example.com',
      LOG_LEVEL: 'info',
    });
    // Both workers up: each says so once it listens.
    await serve.printed(/Server listening[^]*Server listening/);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await employerCheck(serve.port));
    // 10 a minute per client in all: counted per worker, 12 requests over 2 workers pass.
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
  }, 60_000);
});
