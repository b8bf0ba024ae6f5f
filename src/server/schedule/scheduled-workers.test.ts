import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { startServe, type ServeProcess } from '../../../test/helpers/serve-process.js';
import { apiPath } from '../../shared/paths.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The status of one GET on a connection of its own, so that the workers take turns. */
function status(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a scheduled post under serve --workers 2 (the build)', () => {
  let serve: ServeProcess | undefined;
  afterAll(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exited;
  });

  it('goes live on every worker within a second of its time, with no import', async () => {
    // Far enough ahead for the primary to import and both workers to start.
    const at = Date.now() + 35_000;
    serve = await startServe(
      [
        ...manyPosts(3, 'news', 'story'),
        {
          slug: 'launch',
          title: 'Launch',
          category: 'news',
          body: 'Now.',
          date: new Date(at).toISOString(),
        },
      ],
      ['--workers', '2'],
    );
    const { port } = serve;
    expect(Date.now()).toBeLessThan(at - 500);
    const round = () =>
      Promise.all(Array.from({ length: 8 }, () => status(port, apiPath.post('launch'))));
    expect(new Set(await round())).toEqual(new Set([404]));
    await sleep(Math.max(0, at - Date.now()));
    let allLive: number | undefined;
    while (allLive === undefined && Date.now() < at + 3000) {
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push(await status(port, apiPath.post('launch')));
      if (statuses.every((s) => s === 200)) allLive = Date.now();
      else await sleep(20);
    }
    expect(allLive, serve.output()).toBeDefined();
    expect(allLive! - at).toBeLessThan(1000);
    // Both workers answered (each logs its own pid at start).
    expect(new Set(serve.output().match(/"pid":\d+/g)).size).toBeGreaterThanOrEqual(2);
  }, 90_000);
});
