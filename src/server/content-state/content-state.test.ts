import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manyPosts, writeContent } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { importContent } from '../content/import.service.js';
import { openStore, type Store } from '../db/connection.js';
import { CONTENT_CHANNEL, ContentStateWatcher, type ContentState } from './content-state.js';

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
  });

  /** A watcher as the app builds it: polling on SQLite, listening on PostgreSQL. */
  async function watch(store: Store): Promise<ContentState[]> {
    const seen: ContentState[] = [];
    watcher = new ContentStateWatcher(store.db, { pollMs: 50, listen: store.listen });
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
    await vi.waitFor(() => expect(seen.at(-1)!.site?.categories.length).toBeGreaterThan(0), {
      timeout: 2000,
    });
    expect(seen.at(-1)!.version).toBeGreaterThan(seen[0]!.version);
  });

  if (engine !== 'postgres') return;

  it('uses notifications on PostgreSQL, and listens again after its connection is killed', async () => {
    test = await createTestStore(engine);
    expect(test.store.listen).toBeDefined();
    const seen = await watch(test.store);
    const listeners = sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND query = ${`LISTEN ${CONTENT_CHANNEL}`}`;
    await vi.waitFor(async () =>
      expect((await listeners.execute(test.store.db)).rows).toHaveLength(1),
    );

    const { rows } = await listeners.execute(test.store.db);
    await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(test.store.db);
    await vi.waitFor(
      async () => {
        const again = (await listeners.execute(test.store.db)).rows;
        expect(again).toHaveLength(1);
        expect(again[0]!.pid).not.toBe(rows[0]!.pid);
      },
      { timeout: 5000 },
    );

    const before = seen.at(-1)!.version;
    await importElsewhere(test.url, 3);
    // The backstop poll is 30 s: a change seen within 2 s came by notification.
    await vi.waitFor(() => expect(seen.at(-1)!.version).toBeGreaterThan(before), {
      timeout: 2000,
    });
  });
});
