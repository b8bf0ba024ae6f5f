import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCard } from '../../../shared/schemas/api.js';
import { apiHarness, type ApiHarness } from '../../../../test/helpers/api-app.js';
import type { FixturePost } from '../../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../../test/helpers/stores.js';
import { apiPath } from '../../../shared/paths.js';

// Words that appear only inside a file name, a path or a dotted name: both engines split them
// at punctuation, as SQLite's unicode61 tokenizer does.
const POSTS: FixturePost[] = [
  {
    slug: 'decision-record',
    title: 'Where the posts live',
    category: 'news',
    summary: 'A record of a choice.',
    body: 'The choice is written down in 0007-use-sqlite-for-the-content-store.md for later readers.',
    date: '2026-01-03',
  },
  {
    slug: 'code-path',
    title: 'Reading the code',
    category: 'news',
    summary: 'A tour.',
    body: 'Open src/server/quokka_index.ts and call makeWombat.build() to begin.',
    date: '2026-01-02',
  },
  {
    slug: 'unrelated',
    title: 'Nothing here',
    category: 'news',
    summary: 'Plain words.',
    body: 'A post about gardens and rain.',
    date: '2026-01-01',
  },
];

describe.each(ENGINES)('search for words inside file names and code on %s', (engine) => {
  let h: ApiHarness;
  const slugsFound = async (text: string) => {
    const res = await h.app.inject({ url: apiPath.search(text, 1) });
    expect(res.statusCode).toBe(200);
    return res.json<SearchCard[]>().map((card) => card.slug);
  };

  beforeAll(async () => {
    h = await apiHarness(engine, { posts: POSTS, categories: { news: 'News' } });
  });
  afterAll(() => h?.close());

  it('finds a word that appears only inside a hyphenated file name', async () => {
    expect(await slugsFound('sqlite')).toEqual(['decision-record']);
    expect(await slugsFound('content store')).toEqual(['decision-record']);
    expect(await slugsFound('"use sqlite"')).toEqual(['decision-record']);
  });

  it('finds the parts of a path, a snake_case name and a dotted call', async () => {
    expect(await slugsFound('quokka')).toEqual(['code-path']);
    expect(await slugsFound('server')).toEqual(['code-path']);
    expect(await slugsFound('build')).toEqual(['code-path']);
  });

  it('still finds nothing for a word no post holds', async () => {
    expect(await slugsFound('zeppelin')).toEqual([]);
  });
});
