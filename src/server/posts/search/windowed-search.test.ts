import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../../content/import.service.js';
import {
  manyPosts,
  writeContent,
  type FixturePost,
} from '../../../../test/helpers/content-fixture.js';
import { createTestStore, type TestStore } from '../../../../test/helpers/stores.js';
import type { Engine } from '../../db/schema.js';
import { Fts5Search } from './fts5-search.js';
import { parseSearchText } from './search-query.js';
import { SEARCH_RESULTS_CAP } from './search-types.js';

/** A store of 20 posts that mention "heron"; the oldest one has it in its title. */
async function storeOfHerons(engine: Engine): Promise<TestStore> {
  const t = await createTestStore(engine);
  const posts: FixturePost[] = Array.from({ length: 20 }, (_, i) => ({
    slug: `bird-${String(i).padStart(2, '0')}`,
    title: i === 0 ? 'Heron watching' : `Bird note ${i}`,
    category: 'news',
    body: `A heron ${'and a heron '.repeat(i % 3)}was seen.`,
    date: `2026-01-${String(i + 1).padStart(2, '0')}`,
  }));
  const dir = writeContent({ posts });
  await importContent(t.store, {
    contentDir: dir,
    imagesDir: mkdtempSync(join(tmpdir(), 'pf-img-')),
  });
  return t;
}

describe('ranking a broad query within a window of the newest matches on SQLite', () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await storeOfHerons('sqlite');
  });
  afterAll(() => t?.drop());

  const pages = async (window: number, size: number, unrankedAbove?: number) => {
    const search = new Fts5Search(t.store.db, window, unrankedAbove);
    const slugs: string[] = [];
    for (let offset = 0; offset < 20; offset += size) {
      const page = await search.search(parseSearchText('heron'), size, offset);
      expect(page.total).toBe(20);
      expect(page.capped).toBe(false);
      slugs.push(...page.cards.map((c) => c.slug));
    }
    return slugs;
  };

  it('pages through every match exactly once, across the window edge', async () => {
    for (const [window, size] of [
      [5, 3],
      [7, 4],
      [1000, 6],
    ] as const) {
      const slugs = await pages(window, size);
      expect(slugs).toHaveLength(20);
      expect(new Set(slugs).size).toBe(20);
    }
  });

  it('lists a query with more matches than it ranks newest first, every match once', async () => {
    const slugs = await pages(5, 6, 10);
    expect(slugs).toEqual(
      Array.from({ length: 20 }, (_, i) => `bird-${String(19 - i).padStart(2, '0')}`),
    );
  });

  it('ranks exactly when the window holds every match, a title match first', async () => {
    expect((await pages(1000, 5))[0]).toBe('bird-00');
  });

  it('ranks only inside the window for broader queries', async () => {
    const slugs = await pages(5, 5);
    // The title match is the oldest post, outside the newest five, so it is not ranked first.
    expect(slugs[0]).not.toBe('bird-00');
    expect(slugs.slice(0, 5).sort()).toEqual([
      'bird-15',
      'bird-16',
      'bird-17',
      'bird-18',
      'bird-19',
    ]);
  });
});

describe('FTS5 ranking the newest window in one pass', () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await storeOfHerons('sqlite');
  });
  afterAll(() => t?.drop());

  it('ranks the window as bm25 ranks the matches above its oldest one, ties newest first', async () => {
    // The reference: the window's floor (the 7th newest match), then the matches from it up
    // ranked by bm25 with the newest first among equals, as two separate statements.
    const { rows: floor } = await sql<{ id: number }>`
      SELECT rowid AS id FROM posts_fts WHERE posts_fts MATCH 'heron'
      ORDER BY rowid DESC LIMIT 1 OFFSET 6`.execute(t.store.db);
    const { rows: reference } = await sql<{ slug: string }>`
      SELECT p.slug FROM posts_fts f JOIN posts p ON p.id = f.rowid
      WHERE posts_fts MATCH 'heron' AND f.rowid >= ${floor[0]!.id}
      ORDER BY bm25(posts_fts, 10.0, 4.0, 1.0), f.rowid DESC`.execute(t.store.db);
    const ranked = await new Fts5Search(t.store.db, 7).search(parseSearchText('heron'), 7, 0);
    expect(ranked.cards.map((c) => c.slug)).toEqual(reference.map((r) => r.slug));
  });
});

describe('FTS5 ranking every match at once when the newest posts hold few', () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await storeOfHerons('sqlite');
  });
  afterAll(() => t?.drop());

  /** The same engine without the shortcut: it counts the matches, then ranks them. */
  class CountingFirst extends Fts5Search {
    calls = 0;
    protected override async allRankedIfFew(): Promise<null> {
      this.calls += 1;
      return null;
    }
  }

  /** Every page of `text` at `size` a page, and the totals the pages gave. */
  async function everyPage(search: Fts5Search, text: string, size: number) {
    const pages: { total: number; slugs: string[] }[] = [];
    for (let offset = 0; offset < 24; offset += size) {
      const page = await search.search(parseSearchText(text), size, offset);
      pages.push({ total: page.total, slugs: page.cards.map((c) => c.slug) });
    }
    return pages;
  }

  it('gives the pages and totals of counting first, for few matches, one and none', async () => {
    const countingFirst = new CountingFirst(t.store.db);
    for (const text of ['heron', 'heron watching', '"a heron was"', 'watching', 'albatross'])
      for (const size of [5, 12])
        expect(await everyPage(new Fts5Search(t.store.db), text, size)).toEqual(
          await everyPage(countingFirst, text, size),
        );
    expect(countingFirst.calls).toBeGreaterThan(0);
  });

  it('does not count the matches apart when they are few', async () => {
    class Counted extends Fts5Search {
      counts = 0;
      protected override count(...args: Parameters<Fts5Search['count']>) {
        this.counts += 1;
        return super.count(...args);
      }
    }
    const few = new Counted(t.store.db);
    expect((await few.search(parseSearchText('heron'), 5, 0)).total).toBe(20);
    expect(few.counts).toBe(0);
    const many = new Counted(t.store.db, 10);
    expect((await many.search(parseSearchText('heron'), 5, 0)).total).toBe(20);
    expect(many.counts).toBe(1);
  });

  it('counts first when the sample finds the matches too many for its window', async () => {
    // 20 herons and a window of 10: the sample (the whole store here) tells, and the window's
    // plan ranks the newest 10 then lists the rest, as counting first does.
    const pages = await everyPage(new Fts5Search(t.store.db, 10), 'heron', 6);
    expect(pages.every((page) => page.total === 20)).toBe(true);
    expect(pages.flatMap((page) => page.slugs).slice(10)).toEqual(
      Array.from({ length: 10 }, (_, i) => `bird-${String(9 - i).padStart(2, '0')}`),
    );
    expect(pages).toEqual(await everyPage(new CountingFirst(t.store.db, 10), 'heron', 6));
  });

  it('leaves out a post scheduled for later, from the total too', async () => {
    await sql`UPDATE posts SET published_at = '2999-01-01T00:00:00.000Z' WHERE slug = 'bird-19'`.execute(
      t.store.db,
    );
    const page = await new Fts5Search(t.store.db).search(parseSearchText('heron'), 30, 0);
    expect(page.total).toBe(19);
    expect(page.cards.map((c) => c.slug)).not.toContain('bird-19');
    expect(page).toEqual(
      await new CountingFirst(t.store.db).search(parseSearchText('heron'), 30, 0),
    );
  });
});

describe('a search of more matches than it counts, on SQLite', () => {
  it('counts the first 1,000, says more match, and pages no further', async () => {
    const t = await createTestStore('sqlite');
    try {
      await importContent(t.store, {
        contentDir: writeContent({ posts: manyPosts(SEARCH_RESULTS_CAP + 1, 'news') }),
        imagesDir: mkdtempSync(join(tmpdir(), 'pf-img-')),
      });
      const search = new Fts5Search(t.store.db);
      const last = await search.search(parseSearchText('number'), 12, SEARCH_RESULTS_CAP - 4);
      expect(last).toMatchObject({ total: SEARCH_RESULTS_CAP, capped: true });
      expect(last.cards).toHaveLength(4);
      const past = await search.search(parseSearchText('number'), 12, SEARCH_RESULTS_CAP);
      expect(past).toEqual({ cards: [], total: SEARCH_RESULTS_CAP, capped: true });
      // One match fewer is counted exactly.
      await sql`DELETE FROM posts WHERE slug = 'post-1'`.execute(t.store.db);
      expect(await search.search(parseSearchText('number'), 12, 0)).toMatchObject({
        total: SEARCH_RESULTS_CAP,
        capped: false,
      });
    } finally {
      await t.drop();
    }
  });
});
