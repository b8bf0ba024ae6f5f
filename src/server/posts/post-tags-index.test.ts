import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manyPosts, writeContent } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { importContent } from '../content/import.service.js';
import { PostTagsIndex } from './post-tags-index.js';
import { TagsRepository } from './tags.repository.js';
import { TagsService } from './tags.service.js';

describe.each(ENGINES)("every post's tags held in memory, on %s", (engine) => {
  let t: TestStore;
  let repository: TagsRepository;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestStore(engine);
    // Posts with none to three tags, in an order of their own (not the tags' alphabetical).
    const posts = manyPosts(40, 'news').map((post, i) => ({
      ...post,
      tags: ['zeta', 'alpha', 'mu']
        .slice(0, i % 4)
        .map((tag, k) => (k === 0 ? tag : `${tag}-${i % 5}`)),
    }));
    await importContent(t.store, {
      contentDir: writeContent({ posts }),
      imagesDir: mkdtempSync(join(tmpdir(), 'pf-tags-index-')),
    });
    repository = new TagsRepository(t.store.db);
    ids = (await t.store.db.selectFrom('posts').select('id').execute()).map((row) => row.id);
  });
  afterAll(() => t?.drop());

  it('gives each post the tags the store gives, in its order, built a few posts a step', async () => {
    const stored = await repository.ofPosts(ids);
    expect([...stored.values()].some((tags) => tags.length === 3)).toBe(true);
    for (const step of [3, 7, 1000]) {
      const index = await PostTagsIndex.build(repository, step);
      for (const id of ids) expect(index!.tagsOf(id), `post ${id}`).toEqual(stored.get(id) ?? []);
    }
  });

  it('gives no tags to a post it does not know', async () => {
    const index = await PostTagsIndex.build(repository);
    for (const id of [0, -1, Math.max(...ids) + 1, 1.5]) expect(index!.tagsOf(id)).toEqual([]);
  });

  it('gives up when the store holds more links than it counted', async () => {
    const changing = {
      allTags: () => repository.allTags(),
      linkExtent: async () => ({ ...(await repository.linkExtent()), links: 1 }),
      linksBetween: (after: number, upTo: number) => repository.linksBetween(after, upTo),
    };
    expect(await PostTagsIndex.build(changing, 5)).toBeUndefined();
  });

  it('answers from the store until built, then from memory, the same', async () => {
    const service = new TagsService(repository);
    let asked = 0;
    const ofPosts = repository.ofPosts.bind(repository);
    repository.ofPosts = (postIds) => ((asked += 1), ofPosts(postIds));
    try {
      const first = await service.ofPosts(ids);
      expect(asked).toBe(1);
      // Built in the background: then no request asks the store.
      await vi.waitFor(async () => {
        const before = asked;
        expect(await service.ofPosts(ids)).toEqual(first);
        expect(asked).toBe(before);
      });
      const built = asked;
      expect(await service.ofPost(ids[3]!)).toEqual(first.get(ids[3]!));
      expect(asked, 'built: no query').toBe(built);
      service.contentChanged();
      expect(await service.ofPosts(ids)).toEqual(first);
      expect(asked, 'a new content version: the store again while rebuilding').toBe(built + 1);
    } finally {
      repository.ofPosts = ofPosts;
    }
  });
});
