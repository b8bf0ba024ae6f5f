import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { apiHarness } from '../../../test/helpers/api-app.js';
import { manyPosts, siteFixture, writeContent } from '../../../test/helpers/content-fixture.js';
import { dumpContent, dumpMessages } from '../../../test/helpers/db-dump.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { importContent } from '../content/import.service.js';
import { openStore, type Store } from '../db/connection.js';
import type { Engine } from '../db/schema.js';
import { backupStore, defaultBackupFile } from './backup.service.js';
import { restoreStore } from './restore.service.js';
import { apiPath } from '../../shared/paths.js';

/** Two versions of one site: the same slugs, every title, body and the site's title changed. */
function siteVersions(count: number) {
  const version = (name: string) => {
    const site = siteFixture({ news: 'News', guides: 'Guides' });
    site.site.title = `Site ${name}`;
    const posts = manyPosts(count, 'news').map((post, i) => ({
      ...post,
      title: `${name} ${i + 1}`,
      body: `${post.body}\nWritten for version ${name}.\n`,
    }));
    return writeContent({ posts, site });
  };
  return { a: version('Alpha'), b: version('Beta') };
}

const backupsDir = mkdtempSync(join(tmpdir(), 'postfolio-backups-'));
const backupFile = (engine: Engine) =>
  join(backupsDir, defaultBackupFile(engine).split('/').at(-1)!);
const stores: TestStore[] = [];
async function freshStore(engine: Engine): Promise<TestStore> {
  const test = await createTestStore(engine);
  stores.push(test);
  return test;
}
afterAll(async () => {
  await Promise.all(stores.map((test) => test.drop()));
});

/** Starts test/helpers/store-traffic.ts on the store; resolves once it has written `rounds` rounds. */
async function startTraffic(url: string, dirs: { a: string; b: string }, rounds: number) {
  const imagesDir = mkdtempSync(join(tmpdir(), 'postfolio-images-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/helpers/store-traffic.ts', url, dirs.a, dirs.b, imagesDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let written = 0;
  const started = Date.now();
  child.stdout.on('data', (chunk: Buffer) => {
    written += chunk.toString().split('\n').filter(Boolean).length;
  });
  while (written < rounds) {
    if (child.exitCode !== null) throw new Error('the traffic process ended early');
    if (Date.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error(`the traffic process wrote ${written} rounds in 30 s`);
    }
    await sleep(20);
  }
  return {
    written: () => written,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    },
  };
}

/**
 * What must hold in any snapshot of the traffic: each import whole (its posts and site config),
 * the messages of each writer a prefix, and a ledger entry's two tables in step.
 */
async function expectConsistent(store: Store) {
  const posts = await store.db.selectFrom('posts').select('title').execute();
  const versions = new Set(posts.map((post) => post.title.split(' ')[0]));
  expect(posts).toHaveLength(40);
  expect(versions.size, 'posts of two imports in one snapshot').toBe(1);
  const state = await store.db.selectFrom('content_state').select('site_json').executeTakeFirst();
  const site = JSON.parse(state!.site_json!) as { site: { title: string } };
  expect(site.site.title).toBe(`Site ${[...versions][0]}`);
  const subjects = (
    await store.db.selectFrom('contact_messages').select('subject').orderBy('id').execute()
  ).map((m) => m.subject);
  const numbered = (prefix: string) =>
    subjects.filter((s) => s.startsWith(prefix)).map((s) => Number(s.slice(prefix.length)));
  const rounds = numbered('message ');
  expect(rounds).toEqual(rounds.map((_, i) => i + 1));
  const entries = numbered('ledger ');
  expect(entries).toEqual(entries.map((_, i) => i + 1));
  const guides = await store.db
    .selectFrom('categories')
    .select('description')
    .where('slug', '=', 'guides')
    .executeTakeFirstOrThrow();
  // An import sets the description back to the site config's; otherwise it names the last entry.
  if (guides.description !== '') expect(guides.description).toBe(`ledger ${entries.length}`);
  return guides.description !== '';
}

/** A dump without what a restore moves on purpose: the content version and its time. */
async function comparable(store: Store) {
  const dump = await dumpContent(store);
  const messages = await dumpMessages(store);
  return {
    ...dump,
    content_state: dump.content_state.map((row) => ({
      ...(row as object),
      version: 0,
      updated_at: '',
    })),
    messages,
  };
}

describe.each(ENGINES)('backup and restore on %s', (engine) => {
  it('backs up while a writer and readers run; each backup restores to one consistent state', async () => {
    const dirs = siteVersions(40);
    const source = await freshStore(engine);
    await importContent(source.store, { contentDir: dirs.a, imagesDir: join(backupsDir, 'img') });
    const traffic = await startTraffic(source.url, dirs, 2);
    const files: string[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        const before = traffic.written();
        const result = await backupStore(source.store, backupFile(engine));
        expect(result.schema).toMatch(/^\d{3}-/);
        files.push(result.file);
        // The traffic goes on between (and, on PostgreSQL, during) the backups.
        while (traffic.written() === before) await sleep(10);
      }
    } finally {
      await traffic.stop();
    }
    let ledgerChecked = 0;
    for (const file of files) {
      const restored = await freshStore(engine);
      await restoreStore(restored.store, file);
      if (await expectConsistent(restored.store)) ledgerChecked += 1;
    }
    expect(ledgerChecked).toBeGreaterThan(0);
    // At rest, a backup restores to exactly what the store holds.
    const quiet = await backupStore(source.store, backupFile(engine));
    const restored = await freshStore(engine);
    const before = await comparable(restored.store);
    const result = await restoreStore(restored.store, quiet.file);
    expect(await comparable(restored.store)).toEqual(await comparable(source.store));
    expect(await comparable(restored.store)).not.toEqual(before);
    expect(result.version).toBeGreaterThan(1);
  }, 120_000);

  it('moves the content version, so that a running server serves the restored content', async () => {
    const dirs = siteVersions(5);
    const harness = await apiHarness(engine, { posts: [] });
    try {
      await importContent(harness.test.store, {
        contentDir: dirs.a,
        imagesDir: harness.config.imagesDir,
      });
      const title = async () => {
        const response = await harness.app.inject({ url: apiPath.post('post-1') });
        return (response.json() as { post: { title: string } }).post.title;
      };
      const eventually = async (expected: string) => {
        for (const started = Date.now(); Date.now() - started < 5000; await sleep(25))
          if ((await title()) === expected) return;
        expect(await title()).toBe(expected);
      };
      await eventually('Alpha 1');
      const { file } = await backupStore(harness.test.store, backupFile(engine));
      await importContent(harness.test.store, {
        contentDir: dirs.b,
        imagesDir: harness.config.imagesDir,
      });
      await eventually('Beta 1');
      // Restored by another process's connection, as `postfolio restore` would.
      const other = openStore(harness.test.url, { poolSize: 2 });
      try {
        await restoreStore(other, file);
      } finally {
        await other.close();
      }
      await eventually('Alpha 1');
    } finally {
      await harness.close();
    }
  }, 60_000);
});
