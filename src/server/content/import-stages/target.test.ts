import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manyPosts, writeContent } from '../../../../test/helpers/content-fixture.js';
import { createTestStore, type TestStore } from '../../../../test/helpers/stores.js';
import { CONTENT_CHANNEL } from '../../content-state/content-state.js';
import { ContentRepository } from '../content.repository.js';
import { importContent } from '../import.service.js';
import { createImportTarget } from './target.js';

let t: TestStore | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.drop();
  t = undefined;
});

const journalMode = async (store: TestStore['store']) =>
  (await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(store.db)).rows[0]!
    .journal_mode;

const importSome = (store: TestStore['store']) =>
  importContent(store, {
    contentDir: writeContent({ posts: manyPosts(2, 'news') }),
    imagesDir: mkdtempSync(join(tmpdir(), 'pf-img-')),
  });

/** Spies on the repository's engine-specific statements. */
const spies = () => ({
  pause: vi.spyOn(ContentRepository.prototype, 'pauseSearchIndexMerges'),
  resume: vi.spyOn(ContentRepository.prototype, 'resumeSearchIndexMerges'),
  optimize: vi.spyOn(ContentRepository.prototype, 'optimizeSearchIndex'),
  notify: vi.spyOn(ContentRepository.prototype, 'notify'),
});

describe('the SQLite import target', () => {
  it('writes into a store without posts through a rollback journal, then back to WAL', async () => {
    t = await createTestStore('sqlite');
    const target = createImportTarget(t.store);
    expect(await target.run(() => journalMode(t!.store))).toBe('delete');
    expect(await journalMode(t.store)).toBe('wal');
    await importSome(t.store);
    expect(await target.run(() => journalMode(t!.store))).toBe('wal');
  });

  it('pauses merges once, from the threshold or a tenth of the store, and merges at the end', async () => {
    t = await createTestStore('sqlite');
    const calls = spies();
    const target = createImportTarget(t.store, { optimizeSearchFrom: 100 });
    await t.store.db.transaction().execute(async (trx) => {
      const bulk = target.bulkWrite(trx, 5000);
      await bulk.beforeBatch(400);
      expect(calls.pause).not.toHaveBeenCalled();
      await bulk.beforeBatch(500);
      await bulk.beforeBatch(900);
      expect(calls.pause).toHaveBeenCalledTimes(1);
      await bulk.afterPosts();
      await bulk.announce();
    });
    expect(calls.resume).toHaveBeenCalledTimes(1);
    expect(calls.optimize).toHaveBeenCalledTimes(1);
    expect(calls.notify).not.toHaveBeenCalled();
  });

  it('leaves the index to FTS5 after a small write', async () => {
    t = await createTestStore('sqlite');
    const calls = spies();
    await t.store.db.transaction().execute(async (trx) => {
      const bulk = createImportTarget(t!.store).bulkWrite(trx, 0);
      await bulk.beforeBatch(999);
      await bulk.afterPosts();
    });
    expect(calls.pause).not.toHaveBeenCalled();
    expect(calls.resume).not.toHaveBeenCalled();
    expect(calls.optimize).not.toHaveBeenCalled();
  });
});

describe('the PostgreSQL import target', () => {
  const searchIndexes = async (store: TestStore['store']) =>
    (
      await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes
        WHERE tablename = 'posts' AND indexname = 'posts_search_idx'`.execute(store.db)
    ).rows.length;

  it('builds the search index after a bulk load into an empty store, and announces', async () => {
    t = await createTestStore('postgres');
    const calls = spies();
    const drop = vi.spyOn(ContentRepository.prototype, 'dropSearchIndex');
    const target = createImportTarget(t.store, { optimizeSearchFrom: 100 });
    await target.run(() =>
      t!.store.db.transaction().execute(async (trx) => {
        const bulk = target.bulkWrite(trx, 0);
        await bulk.beforeBatch(99);
        expect(drop).not.toHaveBeenCalled();
        await bulk.beforeBatch(100);
        await bulk.beforeBatch(10_000);
        expect(drop).toHaveBeenCalledTimes(1);
        await bulk.afterPosts();
        await bulk.announce();
      }),
    );
    expect(await searchIndexes(t.store)).toBe(1);
    expect(calls.notify).toHaveBeenCalledExactlyOnceWith(CONTENT_CHANNEL);
    expect(calls.pause).not.toHaveBeenCalled();
    expect(calls.optimize).not.toHaveBeenCalled();
  });

  it('keeps the index of a store that holds posts, and restores it when the import fails', async () => {
    t = await createTestStore('postgres');
    const drop = vi.spyOn(ContentRepository.prototype, 'dropSearchIndex');
    const target = createImportTarget(t.store, { optimizeSearchFrom: 1 });
    await t.store.db.transaction().execute(async (trx) => {
      await target.bulkWrite(trx, 5).beforeBatch(10_000);
    });
    expect(drop).not.toHaveBeenCalled();
    await expect(
      t.store.db.transaction().execute(async (trx) => {
        await target.bulkWrite(trx, 0).beforeBatch(10_000);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(drop).toHaveBeenCalledTimes(1);
    expect(await searchIndexes(t.store)).toBe(1);
  });
});
