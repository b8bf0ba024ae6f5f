import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../content/import.service.js';
import { writeContent, type FixturePost } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { PostsRepository } from './posts.repository.js';
import { PostsService, RELATED_POSTS } from './posts.service.js';
import { createPostSearch } from './search/search.js';
import { readContentState } from '../content-state/content-state.js';

const CATEGORIES = { alpha: 'Alpha', beta: 'Beta', gamma: 'Gamma' };
const PAGE_SIZES = [1, 5, 7, 12];

/** Posts whose dates repeat (three a day), so that ties are broken by id. */
function posts(count: number, prefix: string): FixturePost[] {
  return Array.from({ length: count }, (_, i) => ({
    slug: `${prefix}-${i + 1}`,
    title: `${prefix} ${i + 1}`,
    category: i % 3 === 2 ? 'beta' : 'alpha',
    body: `Body of ${prefix} ${i + 1}.`,
    date: new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 3))).toISOString().slice(0, 10),
    draft: i % 11 === 4,
  }));
}

describe.each(ENGINES)('PostsService on %s', (engine) => {
  let t: TestStore;
  let repository: PostsRepository;
  let services: PostsService[];
  let dir: string;
  let imagesDir: string;
  let categoryIds: number[];

  /** Imports `list` as the whole content; the app then calls contentChanged() (its watcher). */
  const sync = async (list: FixturePost[], { notify = true } = {}) => {
    rmSync(join(dir, 'posts'), { recursive: true, force: true });
    writeContent({ posts: list, categories: CATEGORIES, dir });
    await importContent(t.store, { contentDir: dir, imagesDir, prune: true });
    categoryIds = (await repository.listCategories()).map((c) => c.id);
    if (notify) for (const service of services) service.contentChanged();
  };

  /** Every page of every list through the page starts, against OFFSET paging and a count. */
  const expectSameAsOffsetPaging = async () => {
    for (const service of services) {
      const per = service.pageSize;
      for (const categoryId of [undefined, ...categoryIds]) {
        const total = await repository.countPublished(categoryId);
        const lastPage = Math.max(1, Math.ceil(total / per));
        for (let page = 1; page <= lastPage + 1; page++) {
          const got = await service.postsPage(page, categoryId);
          const offset = (page - 1) * per;
          const expected = await repository.listCards({ categoryId, limit: per, offset });
          expect(got, `page ${page} of ${categoryId ?? 'all'} by ${per}`).toEqual({
            data: await service.tags.withTags(expected),
            current_page: page,
            last_page: lastPage,
            per_page: per,
            total,
          });
        }
      }
    }
  };

  /**
   * Every post's related posts (untagged here: ranked by category, then alike titles): visible,
   * never itself, each once; the post's category first, filled from the others only when it has
   * too few.
   */
  const expectRelatedAsQueried = async () => {
    const service = services.at(-1)!;
    const visible = await repository.listCards({ limit: 1000, offset: 0 });
    const categoryOf = new Map(visible.map((card) => [card.slug, card.category_id]));
    for (const { slug, category_id } of visible) {
      const { posts } = await service.post(slug);
      const slugs = posts.map((p) => p.slug);
      expect(new Set(slugs).size, slug).toBe(slugs.length);
      expect(slugs, slug).not.toContain(slug);
      expect(slugs.length, slug).toBe(Math.min(RELATED_POSTS, visible.length - 1));
      const same = slugs.map((s) => categoryOf.get(s) === category_id);
      const others = visible.filter((c) => c.category_id === category_id).length - 1;
      expect(same, slug).toEqual(slugs.map((_, i) => i < Math.min(others, RELATED_POSTS)));
    }
  };

  beforeAll(async () => {
    t = await createTestStore(engine);
    repository = new PostsRepository(t.store.db);
    const search = createPostSearch(t.store.db, t.store.engine);
    services = PAGE_SIZES.map((size) => new PostsService(repository, search, size));
    dir = mkdtempSync(join(tmpdir(), 'postfolio-paging-'));
    imagesDir = mkdtempSync(join(tmpdir(), 'postfolio-images-'));
    await sync(posts(64, 'first'));
  });

  afterAll(async () => {
    await t?.drop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(imagesDir, { recursive: true, force: true });
  });

  it('returns for every page of every list what OFFSET paging returns, with the true counts', async () => {
    expect(await repository.countPublished(categoryIds[2])).toBe(0);
    await expectSameAsOffsetPaging();
    await expectRelatedAsQueried();
  });

  it('gives an empty list one empty page, and a page past the end empty data', async () => {
    const [service] = services;
    expect(await service!.postsPage(1, categoryIds[2])).toEqual({
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 1,
      total: 0,
    });
    const total = await repository.countPublished();
    expect(await service!.postsPage(total + 5)).toMatchObject({
      data: [],
      current_page: total + 5,
      last_page: total,
      total,
    });
  });

  it('follows an import that adds, updates, drafts and removes posts', async () => {
    const before = posts(64, 'first');
    const changed = before
      // Removed (pruned): every ninth post.
      .filter((_, i) => i % 9 !== 0)
      .map((post, i) => {
        // Drafted, published again, moved to another day or category.
        if (i % 13 === 1) return { ...post, draft: !post.draft };
        if (i % 7 === 3) return { ...post, date: '2024-01-05', title: `${post.title} (moved)` };
        if (i % 6 === 5) return { ...post, category: 'gamma' };
        return post;
      });
    // Added: posts that tie with existing dates and posts newer than every other.
    const added = posts(20, 'second').map((post, i) =>
      i % 2 ? post : { ...post, date: new Date(Date.UTC(2025, 0, 1 + i)).toISOString() },
    );
    await sync([...changed, ...added]);
    expect(await repository.countPublished(categoryIds[2])).toBeGreaterThan(0);
    await expectSameAsOffsetPaging();
    await expectRelatedAsQueried();
  });

  it('after each import, keeps what its recorded change left and answers as a new service does', async () => {
    const tagged = posts(40, 'fourth').map((post, i) => ({
      ...post,
      tags: [...(i % 4 === 0 ? ['even'] : []), ...(i % 5 === 0 ? ['five'] : [])],
    }));
    const at = (index: number, edit: Partial<FixturePost>) =>
      tagged.map((post, i) => (i === index ? { ...post, ...edit } : post));
    const steps: [string, FixturePost[]][] = [
      ['reading figures', at(5, { body: 'Body of fourth 6, longer now.' })],
      ['a title', at(6, { title: 'Renamed' })],
      ['a category', at(7, { category: 'gamma' })],
      ['a date', at(8, { date: '2026-01-01' })],
      ['tags', at(9, { tags: ['five', 'new'] })],
      ['a tag name', at(0, { tags: ['Even', 'five'] })],
      ['a post added', [...tagged, { ...tagged[0]!, slug: 'fourth-new', date: '2025-06-01' }]],
      ['a post removed', tagged.slice(1)],
    ];
    const search = createPostSearch(t.store.db, t.store.engine);
    /**
     * Every list page and post of each service against a service of its page size that has
     * computed nothing. A post and the tags do not depend on the page size: asked once.
     */
    const expectAsNew = async (step: string) => {
      const fresh = new PostsService(repository, search, 1);
      const tags = await fresh.tags.list();
      const answers = new Map<string, Awaited<ReturnType<PostsService['post']>>>();
      for (const { slug } of await repository.listCards({ limit: 1000, offset: 0 }))
        answers.set(slug, await fresh.post(slug));
      for (const service of services) {
        const freshOfSize = new PostsService(repository, search, service.pageSize);
        expect(await service.tags.list(), step).toEqual(tags);
        for (const categoryId of [undefined, ...categoryIds])
          for (let page = 1; page <= 4; page++)
            expect(await service.postsPage(page, categoryId), step).toEqual(
              await freshOfSize.postsPage(page, categoryId),
            );
        for (const { slug } of tags)
          expect(await service.tagPage(1, slug), step).toEqual(await freshOfSize.tagPage(1, slug));
        for (const [slug, answer] of answers)
          expect(await service.post(slug), `${step}: ${slug}`).toEqual(answer);
      }
    };
    await sync(tagged);
    for (const [step, list] of steps) {
      await expectAsNew('before');
      await sync(list, { notify: false });
      const { change } = await readContentState(t.store.db);
      expect(change, step).not.toBeNull();
      for (const service of services) service.contentChanged(change!);
      await expectAsNew(step);
      await sync(tagged);
    }
  });

  it('counts from the page starts, which are built again when the content changes', async () => {
    const service = services[1]!;
    const { total } = await service.postsPage(1);
    await sync(posts(3, 'third'), { notify: false });
    expect((await service.postsPage(1)).total).toBe(total);
    service.contentChanged();
    expect(await service.postsPage(1)).toMatchObject({ total: 3, last_page: 1 });
    // Categories of one or two posts: related posts are filled from the other category.
    for (const s of services) s.contentChanged();
    await expectRelatedAsQueried();
  });
});
