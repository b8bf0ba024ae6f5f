import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PostCard,
  SearchResults,
  type ExcerptSegment,
  type SearchCard,
} from '../../../shared/schemas/api.js';
import { apiHarness, type ApiHarness } from '../../../../test/helpers/api-app.js';
import type { FixturePost } from '../../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../../test/helpers/stores.js';
import { HEADLINE_BODY_CHARS } from '../../posts/search/postgres-search.js';
import { API_ROUTES, apiPath } from '../../../shared/paths.js';

const filler = (words: number) =>
  Array.from({ length: words }, (_, i) => ['river', 'stone', 'meadow', 'lantern'][i % 4]).join(' ');

const POSTS: FixturePost[] = [
  {
    slug: 'warm-cache',
    title: 'Keeping reads fast',
    category: 'news',
    summary: 'How reads stay fast.',
    body: `${filler(80)}. A warm cache answers most reads; the caching layer sits in front. ${filler(80)}.`,
    date: '2026-01-03',
  },
  {
    slug: 'hostile',
    title: 'Escaping output',
    category: 'news',
    summary: 'On output.',
    body: 'Never print `<script>alert("x")</script>` as markup, nor `<b>&amp;</b>`: a zephyr of text.',
    date: '2026-01-02',
  },
  {
    slug: 'title-only',
    title: 'Zephyr notes',
    category: 'news',
    summary: 'Short notes.',
    body: 'Nothing of the word here.',
    date: '2026-01-01',
  },
  {
    slug: 'deep-match',
    title: 'A long read',
    category: 'news',
    summary: 'Long.',
    body: `${filler(Math.ceil(HEADLINE_BODY_CHARS / 5) + 200)}. Then a quasar appears.`,
    date: '2025-12-31',
  },
  {
    slug: 'stemmed-apart',
    title: 'Old lamps',
    category: 'news',
    summary: 'On lamps.',
    body: `${filler(20)}. The old lamp was dying slowly. ${filler(20)}.`,
    date: '2025-12-30',
  },
];

const marks = (excerpt: ExcerptSegment[] = []) =>
  excerpt.filter((s) => s.mark).map((s) => s.text.toLowerCase());
const plain = (excerpt: ExcerptSegment[] = []) => excerpt.map((s) => s.text).join('');

describe.each(ENGINES)('search excerpts on %s', (engine) => {
  let h: ApiHarness;
  const search = async (text: string) => {
    const res = await h.app.inject({ url: apiPath.search(text, 1) });
    expect(res.statusCode).toBe(200);
    const body = res.json<SearchCard[]>();
    // The specification's contract: a bare array of cards; the excerpt is one more field.
    expect(Array.isArray(body)).toBe(true);
    expect([...Value.Errors(SearchResults, body)]).toEqual([]);
    for (const card of body) expect(Value.Check(PostCard, card)).toBe(true);
    return body;
  };
  const bySlug = async (text: string, slug: string) => {
    const card = (await search(text)).find((c) => c.slug === slug);
    expect(card, `${slug} found by ${text}`).toBeDefined();
    return card!;
  };

  beforeAll(async () => {
    h = await apiHarness(engine, { posts: POSTS, categories: { news: 'News' } });
  });
  afterAll(() => h?.close());

  it('gives each card the passage of the body around the match, the words marked', async () => {
    const card = await bySlug('cache', 'warm-cache');
    expect(marks(card.excerpt)).toContain('cache');
    expect(marks(card.excerpt)).toContain('caching'); // the stem matched, and is marked too
    expect(plain(card.excerpt)).toContain('answers most reads');
    // A passage, not the whole body.
    expect(plain(card.excerpt).length).toBeLessThan(300);
    for (const segment of card.excerpt!) expect(segment.text).not.toMatch(/[\uE000\uE001]/);
  });

  it('marks the words of a phrase and of every required word', async () => {
    const phrase = await bySlug('"warm cache"', 'warm-cache');
    expect(marks(phrase.excerpt)).toEqual(['warm cache']);
    const words = await bySlug('layer warm', 'warm-cache');
    expect(marks(words.excerpt).sort()).toEqual(['layer', 'warm']);
  });

  it('treats a prefix star as text: cach* finds and marks the words of its stem', async () => {
    const card = await bySlug('cach*', 'warm-cache');
    expect(marks(card.excerpt).sort()).toEqual(['cache', 'caching']);
  });

  it('keeps hostile text of a body as text, and marks only words', async () => {
    const card = await bySlug('zephyr', 'hostile');
    expect(marks(card.excerpt)).toEqual(['zephyr']);
    // The stored text as it is, in a run of text, which the page renders escaped.
    expect(plain(card.excerpt)).toContain('<script>alert("x")</script>');
  });

  it('marks only the words of a hostile query', async () => {
    for (const slug of ['hostile', 'title-only'])
      expect(marks((await bySlug('"><zephyr/>', slug)).excerpt)).toEqual(['zephyr']);
    // Both engines index the words inside `<script>` (split at punctuation), so "script" matches.
    const cards = await search('<script>zephyr</script>');
    expect(cards.map((c) => c.slug)).toEqual(['hostile']);
    for (const card of cards)
      for (const word of marks(card.excerpt)) expect(word).toMatch(/^(script|zephyr)$/);
    expect(await search('<img src=x onerror=alert(1)>')).toEqual([]);
  });

  it('falls back to the title when only the title matched', async () => {
    const card = await bySlug('zephyr', 'title-only');
    expect(plain(card.excerpt)).toBe('Zephyr notes');
    expect(marks(card.excerpt)).toEqual(['zephyr']);
  });

  it('finds the passage of a match deep in a long body', async () => {
    const card = await bySlug('quasar', 'deep-match');
    expect(marks(card.excerpt)).toEqual(['quasar']);
    expect(plain(card.excerpt)).toMatch(/^…/);
  });

  it("marks a word only PostgreSQL's stemmer matches with PostgreSQL's own headline", async () => {
    // English Snowball stems "dying" to "die"; Porter, FTS5's stemmer, to "dy".
    const cards = await search('die');
    if (engine === 'sqlite') expect(cards).toEqual([]);
    else {
      expect(cards.map((c) => c.slug)).toEqual(['stemmed-apart']);
      expect(marks(cards[0]!.excerpt)).toEqual(['dying']);
      expect(plain(cards[0]!.excerpt)).toContain('The old lamp was dying slowly');
    }
  });

  it('describes the excerpt in the OpenAPI document of the search', async () => {
    const doc = (await h.app.inject({ url: API_ROUTES.openapi })).json();
    const schema =
      doc.paths['/api/posts/{text}'].get.responses['200'].content['application/json'].schema;
    expect(schema.type).toBe('array');
    expect(schema.items.properties.excerpt.items.properties).toHaveProperty('mark');
    expect(schema.items.required).not.toContain('excerpt');
  });
});
