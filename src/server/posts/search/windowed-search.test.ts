import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../../content/import.service.js';
import { writeContent, type FixturePost } from '../../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../../test/helpers/stores.js';
import type { Engine } from '../../db/schema.js';
import { Fts5Search } from './fts5-search.js';
import { PostgresSearch } from './postgres-search.js';
import { parseSearchText } from './search-query.js';

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

describe.each(ENGINES)(
  'ranking a broad query within a window of the newest matches on %s',
  (engine) => {
    let t: TestStore;
    beforeAll(async () => {
      t = await storeOfHerons(engine);
    });
    afterAll(() => t?.drop());

    const pages = async (window: number, size: number, unrankedAbove?: number) => {
      const search =
        engine === 'sqlite'
          ? new Fts5Search(t.store.db, window, unrankedAbove)
          : new PostgresSearch(t.store.db, window, unrankedAbove);
      const slugs: string[] = [];
      for (let offset = 0; offset < 20; offset += size) {
        const page = await search.search(parseSearchText('heron'), size, offset);
        expect(page.total).toBe(20);
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
  },
);

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
