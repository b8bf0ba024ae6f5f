import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../../content/import.service.js';
import {
  postFile,
  writeContent,
  type FixturePost,
} from '../../../../test/helpers/content-fixture.js';
import { createTestStore, type TestStore } from '../../../../test/helpers/stores.js';
import { Fts5Search } from './fts5-search.js';
import { createPostSearch } from './search.js';
import { parseSearchText } from './search-query.js';

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
    expect(beyond).toEqual({ cards: [], total: 1 });
  });
});

describe('ranking a broad query within a window of the newest matches', () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    // 20 posts mention "heron"; the oldest one has it in its title.
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
  });
  afterAll(() => t?.drop());

  const pages = async (window: number, size: number) => {
    const search = new Fts5Search(t.store.db, window);
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
