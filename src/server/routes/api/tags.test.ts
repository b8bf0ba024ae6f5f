import { SaxesParser } from 'saxes';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, PostPage, PostWithRelated, type PostCard } from '../../../shared/schemas/api.js';
import { TagList, type TagSummary } from '../../../shared/schemas/tags.js';
import { apiHarness, type ApiHarness } from '../../../../test/helpers/api-app.js';
import type { FixturePost } from '../../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../../test/helpers/stores.js';
import { API_ROUTES, apiPath, feedPath, pagePath } from '../../../shared/paths.js';

/** 30 posts a day apart; every post is tagged Alpha, every third Beta, some C#. */
const POSTS: FixturePost[] = Array.from({ length: 30 }, (_, i) => ({
  slug: `post-${i + 1}`,
  title: `Post number ${i + 1}`,
  category: i % 2 ? 'odd' : 'even',
  body: `Body of post ${i + 1}.`,
  // Two posts a day, so that ties in date are broken by id.
  date: new Date(Date.UTC(2025, 0, 1 + Math.floor(i / 2))).toISOString().slice(0, 10),
  tags: [
    'Alpha',
    ...(i % 3 === 0 ? ['Beta'] : []),
    ...(i % 10 === 0 ? ['C#', 'Web Performance'] : []),
  ],
}));
POSTS.push(
  {
    slug: 'revised',
    title: 'A revised post',
    category: 'even',
    body: 'Revised later.',
    date: '2024-06-01',
    updated: '2024-07-15T10:00:00Z',
    image_alt: 'A blue square',
    tags: ['Beta', 'alpha'],
  },
  {
    slug: 'hidden',
    title: 'A draft',
    category: 'odd',
    body: 'Never listed.',
    date: '2024-06-02',
    draft: true,
    tags: ['Only Drafts', 'Alpha'],
  },
);

function expectShape(schema: TSchema, body: unknown) {
  expect(Value.Errors(schema, body)).toEqual([]);
}

/** The RSS items' titles, from a conformant parser (it throws on anything not well-formed). */
function itemTitles(xml: string): string[] {
  const titles: string[] = [];
  const path: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => void path.push(tag.name));
  parser.on('closetag', () => void path.pop());
  parser.on('text', (text) => {
    if (path.join('/') === 'rss/channel/item/title') titles.push(text);
  });
  parser.write(xml).close();
  return titles;
}

describe.each(ENGINES)('tags on %s', (engine) => {
  let h: ApiHarness;
  const get = (url: string) => h.app.inject({ method: 'GET', url });
  /** Every visible post newest first, as `/api/posts` lists them. */
  const everyPost: PostCard[] = [];
  /** The visible posts carrying a tag, in the order of all posts. */
  const tagged = (slug: string) =>
    everyPost.filter((card) => card.tags.some((t) => t.slug === slug)).map((card) => card.slug);

  beforeAll(async () => {
    h = await apiHarness(engine, {
      posts: POSTS,
      categories: { even: 'Even', odd: 'Odd' },
      env: { PAGE_SIZE: '4', PUBLIC_URL: 'https://tags.example' },
    });
    for (let page = 1; page <= 8; page++)
      everyPost.push(...(await get(apiPath.posts(page))).json().data);
  });
  afterAll(() => h?.close());

  it('lists the tags of visible posts with their counts, most used first', async () => {
    const res = await get(apiPath.tags());
    expect(res.statusCode).toBe(200);
    const tags: TagSummary[] = res.json();
    expectShape(TagList, tags);
    // "alpha" of the revised post is the same tag as "Alpha"; the draft's own tag is not listed.
    expect(tags).toEqual([
      { slug: 'alpha', name: expect.stringMatching(/^alpha$/i), post_count: 31 },
      { slug: 'beta', name: 'Beta', post_count: 11 },
      { slug: 'c', name: 'C#', post_count: 3 },
      { slug: 'web-performance', name: 'Web Performance', post_count: 3 },
    ]);
  });

  it('pages a tag as the other lists are paged, with the same shape', async () => {
    for (const tag of ['alpha', 'beta', 'web-performance']) {
      const expected = tagged(tag);
      const seen: string[] = [];
      const lastPage = Math.ceil(expected.length / 4);
      for (let page = 1; page <= lastPage + 1; page++) {
        const res = await get(apiPath.postsTag(tag, page));
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expectShape(PostPage, body);
        expect(body).toMatchObject({
          current_page: page,
          last_page: lastPage,
          per_page: 4,
          total: expected.length,
        });
        seen.push(...body.data.map((card: PostCard) => card.slug));
      }
      expect(seen, tag).toEqual(expected);
    }
  });

  it('answers 404 JSON for an unknown tag or one only drafts carry, 400 for what is no slug', async () => {
    for (const tag of ['no-such-tag', 'only-drafts']) {
      const res = await get(apiPath.postsTag(tag, 1));
      expect(res.statusCode, tag).toBe(404);
      expectShape(ApiError, res.json());
    }
    for (const tag of ['Alpha', 'two words', 'x'.repeat(121)]) {
      const res = await get(apiPath.postsTag(tag, 1));
      expect(res.statusCode, tag).toBe(400);
      expectShape(ApiError, res.json());
    }
    expect((await get(apiPath.postsTag('alpha', 0))).statusCode).toBe(400);
    expect((await get(feedPath.tag('no-such-tag'))).statusCode).toBe(404);
  });

  it('gives cards and posts their tags in the order written', async () => {
    expect(everyPost).toHaveLength(31);
    const page = (await get(apiPath.postsTag('c', 1))).json();
    const first = page.data.find((card: PostCard) => card.slug === 'post-1');
    expect(first.tags).toEqual([
      { slug: 'alpha', name: expect.any(String) },
      { slug: 'beta', name: 'Beta' },
      { slug: 'c', name: 'C#' },
      { slug: 'web-performance', name: 'Web Performance' },
    ]);
    const all = (await get(apiPath.posts(1))).json();
    expect(all.data.every((card: PostCard) => card.tags.length > 0)).toBe(true);
    const search = (await get(apiPath.search('revised', 1))).json();
    expect(search[0].tags.map((t: { slug: string }) => t.slug)).toEqual(['beta', 'alpha']);
  });

  it('shows a post with its tags, revision date, cover text and neighbours in its category', async () => {
    const res = await get(apiPath.post('revised'));
    const body = res.json();
    expectShape(PostWithRelated, body);
    expect(body.post).toMatchObject({
      tags: [
        { slug: 'beta', name: 'Beta' },
        { slug: 'alpha', name: expect.any(String) },
      ],
      modified_at: '2024-07-15T10:00:00.000Z',
      image_alt: 'A blue square',
    });
    // The oldest post of "even": nothing before it, post-1 (2025-01-01) after it.
    expect(body.previous).toBeNull();
    expect(body.next).toEqual({ name: 'Post number 1', slug: 'post-1', image: 'cover.svg' });
    const middle = (await get(apiPath.post('post-5'))).json();
    expect(middle.post.modified_at).toBeNull();
    expect(middle.post.image_alt).toBeNull();
    expect(middle.previous.slug).toBe('post-3');
    expect(middle.next.slug).toBe('post-7');
    const newest = (await get(apiPath.post('post-30'))).json();
    expect(newest.next).toBeNull();
    expect(newest.previous.slug).toBe('post-28');
  });

  it('ranks as related the posts that share the most tags, never the post itself', async () => {
    const body = (await get(apiPath.post('post-1'))).json();
    const slugs = body.posts.map((p: { slug: string }) => p.slug);
    expect(slugs).toHaveLength(5);
    expect(slugs).not.toContain('post-1');
    // post-1 carries Alpha, Beta, C# and Web Performance: post-11 and post-21 share all four.
    expect(slugs.slice(0, 2).sort()).toEqual(['post-11', 'post-21']);
  });

  it('serves a well-formed feed per tag and puts the tags in the sitemap', async () => {
    const feed = await get(feedPath.tag('beta'));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const titles = itemTitles(feed.body);
    expect(titles).toEqual(tagged('beta').map((slug) => POSTS.find((p) => p.slug === slug)!.title));
    expect(titles).toHaveLength(11);
    expect(feed.body).toContain('<link>https://tags.example/tag/beta</link>');
    const sitemap = (await get(feedPath.sitemapFile('tags', 1))).body;
    for (const tag of ['alpha', 'beta', 'c', 'web-performance'])
      expect(sitemap).toContain(`<loc>https://tags.example/tag/${tag}</loc>`);
    expect(sitemap).not.toContain(pagePath.tag('only-drafts'));
  });

  it('documents the tag calls in the OpenAPI document', async () => {
    const doc = (await get(API_ROUTES.openapi)).json();
    expect(doc.paths).toHaveProperty(['/api/tags']);
    expect(doc.paths).toHaveProperty(['/api/postsTag/{tag}']);
    const card = JSON.stringify(doc.paths['/api/postsTag/{tag}'].get.responses['200']);
    expect(card).toContain('"tags"');
  });
});
