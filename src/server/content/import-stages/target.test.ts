import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manyPosts, writeContent } from '../../../../test/helpers/content-fixture.js';
import { createTestStore, type TestStore } from '../../../../test/helpers/stores.js';
import { Fts5IndexUpkeep, PostgresIndexUpkeep } from './search-index-upkeep.js';
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

/** Spies on each engine's search index upkeep. */
const spies = () => ({
  pause: vi.spyOn(Fts5IndexUpkeep.prototype, 'defer'),
  merge: vi.spyOn(Fts5IndexUpkeep.prototype, 'finish'),
  drop: vi.spyOn(PostgresIndexUpkeep.prototype, 'defer'),
  notify: vi.spyOn(PostgresIndexUpkeep.prototype, 'announce'),
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
    expect(calls.merge).toHaveBeenCalledTimes(1);
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
    expect(calls.merge).not.toHaveBeenCalled();
  });
});

describe('the PostgreSQL import target', () => {
  const searchIndexes = async (store: TestStore['store']) =>
    (
      await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes
        WHERE tablename = 'posts'
          AND indexname IN ('posts_search_idx', 'posts_title_search_idx')`.execute(store.db)
    ).rows.length;

  it('builds the search indexes after a bulk load into an empty store, and announces', async () => {
    t = await createTestStore('postgres');
    const calls = spies();
    const { drop } = calls;
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
    expect(await searchIndexes(t.store)).toBe(2);
    expect(calls.notify).toHaveBeenCalledTimes(1);
    expect(calls.pause).not.toHaveBeenCalled();
    expect(calls.merge).not.toHaveBeenCalled();
  });

  it('keeps the indexes of a store that holds posts, and restores them when the import fails', async () => {
    t = await createTestStore('postgres');
    const { drop } = spies();
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
    expect(await searchIndexes(t.store)).toBe(2);
  });
});
