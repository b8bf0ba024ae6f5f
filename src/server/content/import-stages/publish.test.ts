import { describe, expect, it } from 'vitest';
import { siteFixture } from '../../../../test/helpers/content-fixture.js';
import { ImportPlan } from './plan.js';
import { publishVersion, removeGonePosts, type ContentChanges } from './publish.js';

const site = siteFixture({ news: 'News' });
const NOW = '2025-06-01T00:00:00.000Z';
const NOTHING: ContentChanges = {
  written: 0,
  deleted: 0,
  imagesMoved: false,
  textsOnly: true,
  textEditedSlugs: [],
};

/** A store whose site config is `stored`; logs publishing and announcing in order. */
function fakeStore(stored: string | null) {
  const log: string[] = [];
  const repository = {
    siteJson: async () => stored,
    publish: async (json: string, now: string, edits: { slugs: readonly string[] | null } | null) =>
      void log.push(
        `publish ${json.length} ${now}${edits ? ` texts only of ${edits.slugs?.join(',') ?? 'any'}` : ''}`,
      ),
  };
  const bulk = { announce: async () => void log.push('announce') };
  return { log, repository, bulk };
}

describe('publishing the content version', () => {
  it('leaves the version alone when nothing changed', async () => {
    const { log, repository, bulk } = fakeStore(JSON.stringify(site));
    expect(await publishVersion(repository, bulk, site, NOTHING, NOW)).toBe(false);
    expect(log).toEqual([]);
  });

  it.each<[string, ContentChanges, string]>([
    [
      'a post whose text alone changed',
      { ...NOTHING, written: 1, textEditedSlugs: ['alpha'] },
      ' texts only of alpha',
    ],
    [
      'more posts whose texts alone changed than are listed',
      { ...NOTHING, written: 2000, textEditedSlugs: null },
      ' texts only of any',
    ],
    ['a post whose card changed', { ...NOTHING, written: 1, textsOnly: false }, ''],
    ['a post removed', { ...NOTHING, deleted: 1 }, ''],
    ['an image moved', { ...NOTHING, written: 1, imagesMoved: true }, ''],
  ])('moves it for %s, then announces it', async (_, changes, kind) => {
    const { log, repository, bulk } = fakeStore(JSON.stringify(site));
    expect(await publishVersion(repository, bulk, site, changes, NOW)).toBe(true);
    expect(log).toEqual([`publish ${JSON.stringify(site).length} ${NOW}${kind}`, 'announce']);
  });

  it('moves it for a changed site config, and for the first one', async () => {
    for (const stored of [JSON.stringify(siteFixture({ guides: 'Guides' })), null]) {
      const { log, repository, bulk } = fakeStore(stored);
      expect(await publishVersion(repository, bulk, site, NOTHING, NOW)).toBe(true);
      expect(log[0], 'a new site config is more than texts').not.toMatch(/texts only/);
      expect(log).toHaveLength(2);
    }
  });
});

describe('removing the posts whose files are gone', () => {
  it('records the removed slugs first, then deletes those no file claimed', async () => {
    const log: string[] = [];
    const plan = new ImportPlan(new Map(), new Set());
    plan.claim('kept', 'posts/kept.md');
    const removed = await removeGonePosts(
      {
        allSlugs: async () => new Set(['kept', 'gone-1', 'gone-2']),
        deletePosts: async (slugs) => void log.push(`delete ${slugs.join(',')}`),
        deleteUnusedCategoriesExcept: async (keep) => {
          log.push(`categories except ${[...keep].join(',')}`);
          return 0;
        },
      },
      { prune: async (live) => void log.push(`history keeps ${[...live].join(',')}`) },
      plan,
      new Set(['news']),
    );
    expect(removed).toBe(2);
    expect(log).toEqual(['history keeps kept', 'delete gone-1,gone-2', 'categories except news']);
  });
});
