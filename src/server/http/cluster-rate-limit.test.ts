import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../../../test/helpers/content-fixture.js';
import { WindowCounter } from './cluster-rate-limit.js';
import { apiPath, HEALTH_ROUTES } from '../../shared/paths.js';

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

// Runs the built command as a user would; `npm test` builds before it runs the tests.
if (!existsSync('dist/cli/main.js')) throw new Error('Run `npm run build` first');

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
  it('counts the employer check limit across workers, not per worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-cluster-'));
    const port = 3900 + Math.floor(Math.random() * 90);
    const server = spawn(process.execPath, ['bin/postfolio.js', 'serve', '--workers', '2'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: join(dir, 'cluster.db'),
        IMAGES_DIR: join(dir, 'images'),
        CONTENT_DIR: writeContent({ posts: manyPosts(3, 'news') }),
        EMPLOYER_EMAIL: 'hiring@example.com',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    try {
      // Both workers up: a health check answered by each of a few fresh connections.
      const deadline = Date.now() + 30_000;
      for (let answered = 0; answered < 4;) {
        if (Date.now() > deadline) throw new Error('the cluster did not start');
        const up = await fetch(`http://127.0.0.1:${port}${HEALTH_ROUTES.ready}`).then(
          (r) => r.ok,
          () => false,
        );
        answered = up ? answered + 1 : 0;
        await new Promise((r) => setTimeout(r, 200));
      }
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push(await employerCheck(port));
      // 10 a minute per client in all: counted per worker, 12 requests over 2 workers pass.
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }, 60_000);
});
