import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { expiresBeforePublication, importAhead } from '../../../test/helpers/scheduled-fixture.js';
import { startServe, type ServeProcess } from '../../../test/helpers/serve-process.js';
import { apiPath } from '../../shared/paths.js';
import { importContent } from '../content/import.service.js';
import { openStore } from '../db/connection.js';
import { RECHECK_MS } from './publication-schedule.js';

interface Answer {
  status: number;
  cacheControl: string;
  body: string;
}

/** One GET on a connection of its own, so that the workers take turns. */
function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cacheControl: String(res.headers['cache-control'] ?? ''),
          body,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const firstSlug = (list: Answer) =>
  (JSON.parse(list.body) as { data: { slug: string }[] }).data[0]?.slug;

/** A request line of the server's debug log. */
interface RequestLine {
  msg: string;
  pid: number;
  time: number;
  url: string;
  statusCode: number;
}

function requestLines(output: string, url: string): RequestLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as RequestLine)
    .filter((line) => line.msg === 'request' && line.url === url);
}

describe('a scheduled post under serve --workers 2 (the build)', () => {
  let serve: ServeProcess | undefined;
  afterAll(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exited;
  });

  it('goes live on every worker at its time, from each worker’s own timer', async () => {
    // Debug: each request's line names the worker (pid) that answered and when.
    const running = await startServe(manyPosts(3, 'news', 'story'), ['--workers', '2'], {
      LOG_LEVEL: 'debug',
    });
    serve = running;
    const { port } = running;
    const store = openStore(running.store);
    // Eight connections of each kind: the primary hands them to the two workers in turn.
    const round = (slug: string) =>
      Promise.all([
        Promise.all(Array.from({ length: 8 }, () => get(port, apiPath.post(slug)))),
        Promise.all(Array.from({ length: 8 }, () => get(port, apiPath.posts(1)))),
      ]);

    let scheduled: { slug: string; at: number };
    try {
      // The post is imported while the workers run, and every worker must have read it before
      // its time: the import's change reaches them by the store (content-state.ts).
      scheduled = await importAhead(
        running.contentDir,
        () =>
          importContent(store, { contentDir: running.contentDir, imagesDir: running.imagesDir }),
        async ({ slug, retry }) => {
          const [posts, lists] = await round(slug);
          // The primary hands a connection to a worker that is free, so one round may go to one
          // worker alone: both must have answered the post hidden (their log lines name them).
          const hiddenBy = new Set(
            requestLines(running.output(), apiPath.post(slug))
              .filter((line) => line.statusCode === 404)
              .map((line) => line.pid),
          );
          // Hidden, and every answer's lifetime ends at its time: each worker has its timer.
          return (
            hiddenBy.size === 2 &&
            posts.every((a) => a.status === 404) &&
            lists.every((a) => a.status === 200 && firstSlug(a) !== slug) &&
            lists.every((a) => expiresBeforePublication(a.cacheControl, retry))
          );
        },
      );
    } finally {
      await store.close();
    }
    const { slug, at } = scheduled;

    // No import from here on: only the workers' own timers can show the post.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    // Sooner than the backstop's read of the store (RECHECK_MS), which would show it late.
    const giveUp = at + RECHECK_MS / 2;
    for (;;) {
      const [posts, lists] = await round(slug);
      if (posts.every((a) => a.status === 200) && lists.every((a) => firstSlug(a) === slug)) break;
      expect(Date.now(), `still hidden after ${RECHECK_MS / 2} ms`).toBeLessThan(giveUp);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // Both workers answered 404 before its time, and 200 only from its time on (their own clocks).
    // Their log lines reach this process after the answers: wait until each worker's 200 is in.
    const byWorker = new Map<number, RequestLine[]>();
    await expect
      .poll(() => {
        byWorker.clear();
        for (const line of requestLines(running.output(), apiPath.post(slug)))
          byWorker.set(line.pid, [...(byWorker.get(line.pid) ?? []), line]);
        return [...byWorker.values()].filter((lines) => lines.some((l) => l.statusCode === 200))
          .length;
      })
      .toBe(2);
    expect(byWorker.size, running.output().slice(-3000)).toBe(2);
    for (const lines of byWorker.values()) {
      expect(lines.some((l) => l.statusCode === 404 && l.time < at)).toBe(true);
      const live = lines.filter((l) => l.statusCode === 200);
      expect(live.length).toBeGreaterThan(0);
      expect(live.every((l) => l.time >= at)).toBe(true);
    }
  }, 90_000);
});
