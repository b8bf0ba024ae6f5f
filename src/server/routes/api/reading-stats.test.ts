import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../../test/helpers/api-app.js';
import type { FixturePost } from '../../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../../test/helpers/stores.js';
import { API_ROUTES, apiPath } from '../../../shared/paths.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const POSTS: FixturePost[] = [
  {
    slug: 'long-read',
    title: 'A long read',
    category: 'news',
    body: `## First part\n\n${words(500)}\n\n## Second part\n\n${words(200)}\n\n### A detail\n\nThe end.\n`,
    date: '2025-03-01',
  },
  {
    slug: 'short-note',
    title: 'A short note',
    category: 'news',
    body: 'Five words in this note.',
    date: '2025-03-02',
  },
];

describe.each(ENGINES)('reading time, word count and contents in the API on %s', (engine) => {
  let h: ApiHarness;
  const get = async (url: string) => (await h.app.inject({ method: 'GET', url })).json();

  beforeAll(async () => {
    h = await apiHarness(engine, { posts: POSTS, categories: { news: 'News' } });
  });
  afterAll(() => h.close());

  it('gives a post its counts, stored at import', async () => {
    const { post } = await get(apiPath.post('long-read'));
    // The headings' words count too: 500 + 200 + "First part", "Second part", "A detail", "The end".
    expect(post.word_count).toBe(708);
    expect(post.reading_minutes).toBe(3);
    const { post: short } = await get(apiPath.post('short-note'));
    expect(short).toMatchObject({ word_count: 5, reading_minutes: 1, toc: [] });
  });

  it('gives every card its counts, in lists and in search results', async () => {
    const page = await get(API_ROUTES.posts);
    expect(
      page.data.map((c: { slug: string; word_count: number }) => [c.slug, c.word_count]),
    ).toEqual([
      ['short-note', 5],
      ['long-read', 708],
    ]);
    const found = await get(apiPath.search('note', 1));
    expect(found[0]).toMatchObject({ slug: 'short-note', word_count: 5, reading_minutes: 1 });
  });
});
