import { afterEach, describe, expect, it } from 'vitest';
import { keepAliveLoad, type KeepAliveSummary } from '../../bench/lib/keepalive-load.js';
import { manyPosts } from '../../test/helpers/content-fixture.js';
import { startServe, type ServeProcess } from '../../test/helpers/serve-process.js';
import { apiPath, pagePath } from '../shared/paths.js';

const POSTS = manyPosts(120, 'news', 'story');
/**
 * 60 clients asking as fast as they can overload a shared test host: the shedder would refuse
 * some with 503s, which are complete answers but not what these tests look for. Its queue still
 * runs (requests wait their turn, in slices); only the refusals are put far away.
 */
const ENV = { OVERLOAD_MAX_DELAY_MS: '10000' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the clients have had `count` answers in all (or 30 s have gone): the load is
 * measured by what it did, not by how long it ran, so that a slow host waits longer.
 */
async function answeredAtLeast(load: { summary: KeepAliveSummary }, count: number) {
  const waitUntil = Date.now() + 30_000;
  while (load.summary.answered < count && Date.now() < waitUntil) await sleep(5);
}

/**
 * Cached and uncached URLs mixed: a few lists and pages every client asks again and again (the
 * cache in front answers them), post views and pages of 120 posts, and searches that are each
 * asked once (the app answers them).
 */
function mixedPaths(): string[] {
  const paths: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const n = (i % 120) + 1;
    paths.push(
      [apiPath.posts(1), pagePath.posts(), pagePath.post('story-1')][i % 3]!,
      apiPath.post(`story-${n}`),
      pagePath.post(`story-${n}`),
      apiPath.search(`story ${i}`, 1),
    );
  }
  return paths;
}

function expectNoneDropped(summary: KeepAliveSummary) {
  expect(summary.droppedDetails, 'dropped requests').toEqual([]);
  expect(summary.dropped).toBe(0);
  expect(summary.timedOut).toBe(0);
  expect(Object.keys(summary.statuses).filter((status) => status !== '200')).toEqual([]);
}

describe('signals to `postfolio serve`, under keep-alive load', () => {
  let serve: ServeProcess | undefined;
  afterEach(() => {
    serve?.child.kill('SIGKILL');
  });

  /** SIGTERM under the load once `ready` resolves; what the clients saw, checked in full. */
  async function sigtermUnderLoad(ready: (load: { summary: KeepAliveSummary }) => Promise<void>) {
    serve = await startServe(POSTS, [], ENV);
    const load = keepAliveLoad({ port: serve.port, paths: mixedPaths(), connections: 60 });
    await ready(load);
    serve.child.kill('SIGTERM');
    const code = await serve.exited;
    const summary = await load.stop();
    // Exit 0 and "drained": every connection was done before the drain's deadline, which would
    // have cut the ones left ("drain deadline"), and before the exit deadline (exit 1).
    expect(code).toBe(0);
    expectNoneDropped(summary);
    // The drain told every client: their next answers closed their connections.
    expect(summary.connectionClose).toBeGreaterThan(0);
    expect(serve.output()).toMatch(/"msg":"drained"/);
    expect(serve.output()).not.toMatch(/drain deadline/);
  }

  it('SIGTERM: answers every request in flight and on open connections, then exits 0', async () => {
    // Signalled under steady load: the connections all open and answered for a while, and at
    // least 100 answers in (a busy host takes longer than a quiet one to get there).
    await sigtermUnderLoad(async (load) => {
      await answeredAtLeast(load, 100);
      expect(load.summary.answered).toBeGreaterThanOrEqual(100);
    });
  });

  it('SIGTERM while the clients are still connecting: the connections queued are answered too', async () => {
    // At the first answer most of the 60 connections are still being opened: some are complete
    // in the kernel but not yet accepted, which closing the listener would reset.
    await sigtermUnderLoad(async (load) => {
      await answeredAtLeast(load, 1);
    });
  });

  it('SIGHUP with --workers 2: restarts both workers one at a time, without a failed request', async () => {
    serve = await startServe(POSTS, ['--workers', '2'], ENV);
    const load = keepAliveLoad({ port: serve.port, paths: mixedPaths(), connections: 60 });
    await answeredAtLeast(load, 100);
    serve.child.kill('SIGHUP');
    await serve.printed(/workers restarted/);
    const replaced = serve.output().match(/worker \d+ replaced by \d+/g) ?? [];
    expect(replaced).toHaveLength(2);
    const atRestart = load.summary.answered;
    // The new workers answer for a while before the load stops.
    await answeredAtLeast(load, atRestart + 100);
    const summary = await load.stop();
    expectNoneDropped(summary);
    // The port never stopped taking connections.
    expect(summary.refused).toBe(0);
    expect(summary.answered).toBeGreaterThan(atRestart);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
  });
});
