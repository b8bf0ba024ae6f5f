import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDemoContent } from '../../../test/helpers/demo-content.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { PostsRepository } from './posts.repository.js';
import { PostsService, RELATED_POSTS } from './posts.service.js';
import { rankedCandidate, rankRelated, wordsOf, type RankedCandidate } from './related-posts.js';
import { createPostSearch } from './search/search.js';

const candidate = (id: number, extra: Partial<Omit<RankedCandidate, 'words'>>): RankedCandidate => {
  const fields = {
    id,
    name: `Post ${id}`,
    slug: `post-${id}`,
    image: 'cover.svg',
    summary: '',
    category_id: 1,
    published_at: `2025-01-${String(id).padStart(2, '0')}T00:00:00.000Z`,
    tags: [],
    ...extra,
  };
  return rankedCandidate(fields, fields.tags);
};

describe('wordsOf', () => {
  it('keeps each word of three characters or more once, in any case, without stop words', () => {
    const words = wordsOf('The cache and THE Cache: caching, in é-mail 42');
    expect(words).toEqual(wordsOf('caching cache mail'));
    expect(words).toHaveLength(3);
    expect(wordsOf('the and of in')).toHaveLength(0);
    expect(wordsOf('caches')).not.toEqual(wordsOf('cache'));
  });
});

describe('rankRelated', () => {
  const post = candidate(1, {
    name: 'Caching JSON with ETags',
    summary: 'Conditional requests',
    tags: ['http', 'caching'],
  });

  it('weighs shared tags, the same category and alike words; then the newest', () => {
    const ranked = rankRelated(
      post,
      [
        candidate(2, { category_id: 2, tags: ['http', 'caching'] }),
        candidate(3, { tags: ['http'] }),
        candidate(4, {}),
        candidate(5, { name: 'ETags and caching explained' }),
        candidate(6, { category_id: 2, tags: ['http'] }),
      ],
      10,
    );
    // 2: two tags (6). 3: a tag and the category (5). 5: the category and half alike words
    // (2 + 4 · 2/6). 6: a tag (3). 4: the category alone (2).
    expect(ranked.map((p) => p.slug)).toEqual(['post-2', 'post-3', 'post-5', 'post-6', 'post-4']);
  });

  it('leaves out the post itself, duplicates and posts that share neither tag nor category', () => {
    const ranked = rankRelated(
      post,
      [
        candidate(1, {}),
        candidate(7, { category_id: 3, name: 'Caching JSON with ETags' }),
        candidate(8, {}),
        candidate(8, {}),
      ],
      5,
    );
    expect(ranked.map((p) => p.slug)).toEqual(['post-8']);
  });
});

describe.each(ENGINES)('related posts of the demo content on %s', (engine) => {
  let t: TestStore;
  let repository: PostsRepository;
  let service: PostsService;
  let imagesDir: string;

  beforeAll(async () => {
    t = await createTestStore(engine);
    imagesDir = mkdtempSync(join(tmpdir(), 'postfolio-images-'));
    await importDemoContent(t.store, imagesDir);
    repository = new PostsRepository(t.store.db);
    service = new PostsService(repository, createPostSearch(t.store.db, t.store.engine), 12);
  }, 120_000);

  afterAll(async () => {
    await t?.drop();
    rmSync(imagesDir, { recursive: true, force: true });
  });

  it('gives every post a full list, each sharing a tag or the category with the post', async () => {
    const cards = await repository.listCards({ limit: 1000, offset: 0 });
    expect(cards.length).toBeGreaterThanOrEqual(30);
    const bySlug = new Map((await service.tags.withTags(cards)).map((card) => [card.slug, card]));
    for (const card of bySlug.values()) {
      expect(card.tags.length, `${card.slug} has tags`).toBeGreaterThan(0);
      const { posts } = await service.post(card.slug);
      expect(posts, card.slug).toHaveLength(RELATED_POSTS);
      for (const related of posts) {
        const other = bySlug.get(related.slug)!;
        const shared =
          other.category_id === card.category_id ||
          other.tags.some((tag) => card.tags.some((mine) => mine.slug === tag.slug));
        expect(shared, `${card.slug} → ${related.slug}`).toBe(true);
      }
    }
  });

  it('links each post to the next older and newer post of its category', async () => {
    const cards = await repository.listCards({ limit: 1000, offset: 0 });
    const categories = new Set(cards.map((c) => c.category_id));
    for (const category of categories) {
      const inCategory = cards.filter((c) => c.category_id === category);
      for (const [index, card] of inCategory.entries()) {
        const { previous, next } = await service.post(card.slug);
        expect(previous?.slug ?? null, card.slug).toBe(inCategory[index + 1]?.slug ?? null);
        expect(next?.slug ?? null, card.slug).toBe(inCategory[index - 1]?.slug ?? null);
      }
    }
  });
});
