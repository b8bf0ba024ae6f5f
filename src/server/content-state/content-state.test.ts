import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manyPosts, writeContent } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { importContent } from '../content/import.service.js';
import { openStore, type Store } from '../db/connection.js';
import { listenOnPostgres, type Listen } from '../db/notifications.js';
import { CONTENT_CHANNEL, ContentStateWatcher, type ContentState } from './content-state.js';

/** Asks `holds` until it does: what it waits for comes by the store (I/O), not by time. */
async function until(holds: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await holds())) await sleep(10);
}

/** An import run by another instance: through a store of its own. */
async function importElsewhere(url: string, posts: number): Promise<void> {
  const other = openStore(url);
  try {
    await importContent(other, {
      contentDir: writeContent({ posts: manyPosts(posts, 'news') }),
      imagesDir: mkdtempSync(join(tmpdir(), 'pf-img-')),
    });
  } finally {
    await other.close();
  }
}

describe.each(ENGINES)('content state watch on %s', (engine) => {
  let test: TestStore;
  let watcher: ContentStateWatcher | undefined;
  afterEach(async () => {
    await watcher?.stop();
    await test?.drop();
    vi.useRealTimers();
  });

  /** A watcher as the app builds it: polling on SQLite, listening on PostgreSQL. */
  async function watch(store: Store, listen: Listen | undefined = store.listen) {
    const seen: ContentState[] = [];
    watcher = new ContentStateWatcher(store.db, { pollMs: 50, listen });
    watcher.onChange((state) => seen.push(state));
    await watcher.start();
    return seen;
  }

  it('sees an import run by another instance and reads the new site config', async () => {
    test = await createTestStore(engine);
    const seen = await watch(test.store);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.site).toBeNull();
    await importElsewhere(test.url, 2);
    await until(() => seen.at(-1)!.site !== null);
    expect(seen.at(-1)!.site?.categories.length).toBeGreaterThan(0);
    expect(seen.at(-1)!.version).toBeGreaterThan(seen[0]!.version);
  });

  it('announces a version once when refreshes overlap (a NOTIFY, the poll and a caller at once)', async () => {
    test = await createTestStore(engine);
    const seen = await watch(test.store, undefined);
    await sql`UPDATE content_state SET version = version + 1 WHERE id = 1`.execute(test.store.db);
    await Promise.all([watcher!.refresh(), watcher!.refresh(), watcher!.refresh()]);
    expect(seen.map((state) => state.version)).toEqual([seen[0]!.version, seen[0]!.version + 1]);
  });

  if (engine !== 'postgres') return;

  it('uses notifications on PostgreSQL, and listens again after its connection is killed', async () => {
    test = await createTestStore(engine);
    expect(test.store.listen).toBeDefined();
    // The backstop poll (setInterval, every 30 s) never runs: every change seen came by
    // notification. The listener connects again 20 ms after it lost its connection (1 s in the app).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const seen = await watch(test.store, listenOnPostgres(pg.Client, test.url, 20));
    const listeners = sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND query = ${`LISTEN ${CONTENT_CHANNEL}`}`;
    const listening = async () => (await listeners.execute(test.store.db)).rows.map((r) => r.pid);
    await until(async () => (await listening()).length === 1);

    const [killed] = await listening();
    await sql`SELECT pg_terminate_backend(${killed})`.execute(test.store.db);
    await until(async () => {
      const again = await listening();
      return again.length === 1 && again[0] !== killed;
    });

    const before = seen.at(-1)!.version;
    await importElsewhere(test.url, 3);
    await until(() => seen.at(-1)!.version > before);
  });
});
