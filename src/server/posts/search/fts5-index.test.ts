import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Fts5IndexUpkeep } from '../../content/import-stages/search-index-upkeep.js';
import { importContent } from '../../content/import.service.js';
import {
  manyPosts,
  postFile,
  writeContent,
  type FixturePost,
} from '../../../../test/helpers/content-fixture.js';
import { createTestStore, type TestStore } from '../../../../test/helpers/stores.js';
import { createPostSearch } from './search.js';
import { parseSearchText } from './search-query.js';
import { SEARCH_INDEX_WRITE_BUFFER } from '../../db/migrations/005-search-index-write-buffer.js';

const post: FixturePost = {
  slug: 'otter',
  title: 'Otter notes',
  category: 'news',
  body: 'About otters.',
  date: '2026-01-01',
};

describe('the SQLite full-text index through publish, unpublish and edits', () => {
  let t: TestStore;
  let dir: string;
  const imagesDir = mkdtempSync(join(tmpdir(), 'pf-img-'));
  const find = async (text: string) =>
    (await createPostSearch(t.store.db, 'sqlite').search(parseSearchText(text), 10, 0)).cards.map(
      (c) => c.slug,
    );
  const reimport = async (changes: Partial<FixturePost>) => {
    writeFileSync(join(dir, 'posts', 'otter.md'), postFile({ ...post, ...changes }));
    await importContent(t.store, { contentDir: dir, imagesDir });
  };
  // FTS5's own check of the index's internal consistency (a row indexed twice fails it). Rank 0:
  // the comparison with the posts table does not apply, since drafts are in posts but not indexed.
  const integrityCheck = () =>
    sql`INSERT INTO posts_fts (posts_fts, rank) VALUES ('integrity-check', 0)`.execute(t.store.db);

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    dir = writeContent({ posts: [{ ...post, draft: true }] });
    await importContent(t.store, { contentDir: dir, imagesDir });
  });
  afterAll(() => t?.drop());

  it("gathers the terms of a bulk write in a 64 MB buffer rather than FTS5's 1 MB", async () => {
    const { rows } = await sql<{
      v: number;
    }>`SELECT v FROM posts_fts_config WHERE k = 'hashsize'`.execute(t.store.db);
    expect(rows).toEqual([{ v: SEARCH_INDEX_WRITE_BUFFER }]);
  });

  it('keeps a draft out of the index, then indexes it when published', async () => {
    expect(await find('otter')).toEqual([]);
    await integrityCheck();
    await reimport({ draft: false });
    expect(await find('otter')).toEqual(['otter']);
    await integrityCheck();
  });

  it('follows an edited title and drops an unpublished post', async () => {
    await reimport({ title: 'Beaver notes' });
    expect(await find('beaver')).toEqual(['otter']);
    await integrityCheck();
    await reimport({ title: 'Beaver notes', draft: true });
    expect(await find('beaver')).toEqual([]);
    await integrityCheck();
  });

  it('counts and ranks in the index alone', async () => {
    await reimport({ draft: false });
    const page = await createPostSearch(t.store.db, 'sqlite').search(
      parseSearchText('otters'),
      10,
      0,
    );
    expect(page.total).toBe(1);
    const beyond = await createPostSearch(t.store.db, 'sqlite').search(
      parseSearchText('otters'),
      10,
      10,
    );
    expect(beyond).toEqual({ cards: [], total: 1, capped: false });
  });
});

describe('the SQLite full-text index after a bulk import', () => {
  const segments = async (t: TestStore) =>
    (
      await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM posts_fts_idx`.execute(
        t.store.db,
      )
    ).rows[0]!.n;
  const bulkImport = async (optimizeSearchFrom: number) => {
    const t = await createTestStore('sqlite');
    const contentDir = writeContent({ posts: manyPosts(900, 'news', 'bulk') });
    const imagesDir = mkdtempSync(join(tmpdir(), 'pf-img-'));
    await importContent(t.store, { contentDir, imagesDir, optimizeSearchFrom });
    return t;
  };

  it('is merged into one segment when the import wrote many posts', async () => {
    const t = await bulkImport(500);
    try {
      expect(await segments(t)).toBe(1);
      const page = await createPostSearch(t.store.db, 'sqlite').search(
        parseSearchText('bulk'),
        10,
        0,
      );
      expect(page.total).toBe(900);
    } finally {
      await t.drop();
    }
  });

  it('is left to FTS5 when the import wrote fewer than the threshold', async () => {
    const t = await bulkImport(10_000);
    try {
      expect(await segments(t)).toBeGreaterThan(1);
    } finally {
      await t.drop();
    }
  });

  const automerge = async (t: TestStore) =>
    (
      await sql<{
        v: number;
      }>`SELECT v FROM posts_fts_config WHERE k = 'automerge'`.execute(t.store.db)
    ).rows.map((r) => r.v);

  it("pauses FTS5's merges once the import will merge at its end, and restores them", async () => {
    const pause = vi.spyOn(Fts5IndexUpkeep.prototype, 'defer');
    try {
      const t = await bulkImport(500);
      try {
        expect(pause).toHaveBeenCalledTimes(1);
        expect(await automerge(t)).toEqual([4]);
        await sql`INSERT INTO posts_fts (posts_fts, rank) VALUES ('integrity-check', 0)`.execute(
          t.store.db,
        );
      } finally {
        await t.drop();
      }
      pause.mockClear();
      const small = await bulkImport(10_000);
      try {
        expect(pause).not.toHaveBeenCalled();
        expect(await automerge(small)).toEqual([]);
      } finally {
        await small.drop();
      }
    } finally {
      pause.mockRestore();
    }
  });

  it('leaves the merge setting as it was when the bulk import is refused', async () => {
    const t = await createTestStore('sqlite');
    try {
      const contentDir = writeContent({ posts: manyPosts(900, 'news', 'bulk') });
      writeFileSync(join(contentDir, 'posts', 'zz-bad.md'), '# no front matter\n');
      const imagesDir = mkdtempSync(join(tmpdir(), 'pf-img-'));
      const pause = vi.spyOn(Fts5IndexUpkeep.prototype, 'defer');
      try {
        await expect(
          importContent(t.store, { contentDir, imagesDir, optimizeSearchFrom: 500 }),
        ).rejects.toThrow(/zz-bad\.md/);
        expect(pause).toHaveBeenCalledTimes(1);
      } finally {
        pause.mockRestore();
      }
      expect(await automerge(t)).toEqual([]);
    } finally {
      await t.drop();
    }
  });
});
