import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import {
  startServe,
  type ServeFolders,
  type ServeProcess,
} from '../../../test/helpers/serve-process.js';
import { ENGINES, pgAdmin, pgDatabaseUrl, uniqueDatabase } from '../../../test/helpers/stores.js';
import { everyRowAsText, GOOGLEBOT, visit, visitors } from '../../../test/helpers/visitors.js';
import type { StatsSummary } from '../../shared/schemas/stats.js';
import { openStore } from '../db/connection.js';
import type { Engine } from '../db/schema.js';
import { StatsService } from './stats.service.js';
import { BUILT_CLI } from '../../../test/helpers/built-cli.js';

const POSTS = manyPosts(4, 'news');

/** `postfolio stats --json` of the build on a store. */
function statsJson(databaseUrl: string): StatsSummary {
  const run = spawnSync(process.execPath, [BUILT_CLI, 'stats', '--json', '--days', '2'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as StatsSummary;
}

/** A store of its own for the engine: a PostgreSQL database, or undefined (serve makes a file). */
async function storeUrl(engine: Engine, made: string[]): Promise<string | undefined> {
  if (engine === 'sqlite') return undefined;
  const name = uniqueDatabase('postfolio_analytics');
  await pgAdmin(`CREATE DATABASE ${name}`);
  made.push(name);
  return pgDatabaseUrl(name);
}

const PAGES: Array<[string, string, Record<string, string>?]> = [
  ['/post-1', '/post-1'],
  ['/post-2', '/post-2'],
  ['/posts', '/posts'],
  ['/posts?page=1&v=', '/posts'],
  ['/api/post/post-3', '/post-3', { 'sec-fetch-site': 'same-origin' }],
];

describe.each(ENGINES)('analytics of serve processes on %s', (engine) => {
  const running: ServeProcess[] = [];
  const databases: string[] = [];
  afterAll(async () => {
    for (const serve of running) if (serve.child.exitCode === null) serve.child.kill('SIGKILL');
    await Promise.all(running.map((serve) => serve.exited));
    for (const name of databases) await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('adds up two instances of two workers each: exactly N views and K visitors a page; SIGTERM loses none', async () => {
    const url = await storeUrl(engine, databases);
    const env = {
      TRUST_PROXY: '1',
      ANALYTICS_FLUSH_SECONDS: '300',
      LOG_LEVEL: 'warn',
      ...(url ? { DATABASE_URL: url } : {}),
    };
    const first = await startServe(POSTS, ['--workers', '2'], env);
    running.push(first);
    const shared: ServeFolders = first;
    const second = await startServe(POSTS, ['--workers', '2'], {
      ...env,
      DATABASE_URL: url ?? shared.store,
      CONTENT_DIR: shared.contentDir,
      IMAGES_DIR: shared.imagesDir,
    });
    running.push(second);

    const people = visitors(6);
    const expected = new Map<string, { views: number; visitors: Set<number> }>();
    let n = 0;
    for (let round = 0; round < 3; round++)
      for (const [v, who] of people.entries())
        for (const [p, [path, counts, headers]] of PAGES.entries()) {
          if ((v + p + round) % 3 === 0) continue;
          n += 1;
          const port = (n % 2 ? first : second).port;
          const answer = await visit(port, path.endsWith('=') ? `${path}${n}` : path, who, {
            connection: 'close',
            ...headers,
          });
          expect(answer.status).toBe(200);
          expect(answer.headers['set-cookie']).toBeUndefined();
          const page = expected.get(counts) ?? { views: 0, visitors: new Set() };
          page.views += 1;
          page.visitors.add(v);
          expected.set(counts, page);
        }
    await visit(first.port, '/post-1', { address: '198.51.100.9', userAgent: GOOGLEBOT });

    // The dashboard link the CLI prints opens on either instance, and nowhere once altered.
    const link = spawnSync(process.execPath, [BUILT_CLI, 'stats', '--link', '--expires', '1h'], {
      env: { ...process.env, DATABASE_URL: url ?? shared.store },
      encoding: 'utf8',
    });
    expect(link.status, link.stderr).toBe(0);
    const path = new URL(link.stdout.trim()).pathname;
    for (const serve of [first, second]) {
      const page = await fetch(`http://127.0.0.1:${serve.port}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<svg');
    }
    const altered = `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;
    expect((await fetch(`http://127.0.0.1:${second.port}${altered}`)).status).toBe(404);

    // Nothing was written yet (300 s between writes): the drain of SIGTERM writes it all.
    for (const serve of [first, second]) serve.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(await second.exited).toBe(0);

    const stats = statsJson(url ?? shared.store);
    expect(Object.fromEntries(stats.pages.map((p) => [p.path, [p.views, p.visitors]]))).toEqual(
      Object.fromEntries([...expected].map(([path, c]) => [path, [c.views, c.visitors.size]])),
    );
    expect(stats.totals.views).toBe(n);
    expect(stats.totals.visitors).toBe(people.length);
    expect(stats.bots).toEqual([{ name: 'Googlebot', count: 1 }]);

    const store = openStore(url ?? shared.store);
    try {
      const stored = await everyRowAsText(store);
      for (const who of people) {
        expect(stored).not.toContain(who.address);
        expect(stored).not.toContain(who.userAgent);
      }
    } finally {
      await store.close();
    }
  }, 120_000);

  it('loses at most the batch in memory to kill -9', async () => {
    const url = await storeUrl(engine, databases);
    const serve = await startServe(POSTS, [], {
      TRUST_PROXY: '1',
      ANALYTICS_FLUSH_SECONDS: '1',
      LOG_LEVEL: 'warn',
      ...(url ? { DATABASE_URL: url } : {}),
    });
    running.push(serve);
    const people = visitors(3);
    // One after another: a burst of renders on a loaded host could be shed (503), not counted.
    const send = async (count: number) => {
      for (let i = 0; i < count; i++)
        expect((await visit(serve.port, '/post-1', people[i % 3]!)).status).toBe(200);
    };
    await send(12);
    const store = openStore(url ?? serve.store);
    try {
      const views = async () =>
        (await new StatsService(store.db).summary(2, Date.now())).totals.views;
      // The first batch is written within a second or so.
      await expect.poll(views, { timeout: 10_000, interval: 100 }).toBe(12);
      await send(12);
      serve.child.kill('SIGKILL');
      expect(await serve.exited).toBeNull();
      const after = await views();
      expect(after).toBeGreaterThanOrEqual(12);
      expect(after).toBeLessThanOrEqual(24);
      const summary = await new StatsService(store.db).summary(2, Date.now());
      expect(summary.totals.visitors).toBe(3);
    } finally {
      await store.close();
    }
  }, 60_000);
});
