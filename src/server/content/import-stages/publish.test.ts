import { describe, expect, it } from 'vitest';
import { siteFixture } from '../../../../test/helpers/content-fixture.js';
import { ImportPlan } from './plan.js';
import { publishVersion, removeGonePosts, type ContentChanges } from './publish.js';
import { ChangeCollector, type CardFields } from './card-changes.js';
import { textEdits, type ContentChange } from '../../cache/content-change.js';

const card = (category_id: number): CardFields => ({
  title: 'A post',
  summary: 'About it.',
  image: 'a.jpg',
  image_alt: null,
  category_id,
  published_at: '2025-01-01T00:00:00.000Z',
  modified_at: null,
  draft: 0,
  reading_minutes: 1,
  word_count: 100,
});

const site = siteFixture({ news: 'News' });
const NOW = '2025-06-01T00:00:00.000Z';
const postsChanged = (posts: string[] | null): ContentChanges['posts'] => ({
  change: () => ({ ...textEdits(posts), cards: posts === null }),
});
const NOTHING: ContentChanges = {
  written: 0,
  deleted: 0,
  imagesMoved: false,
  slugsMoved: false,
  posts: postsChanged([]),
};

/** A store whose site config is `stored`; logs publishing and announcing in order. */
function fakeStore(stored: string | null, storedTheme: string | null = null) {
  const log: string[] = [];
  const repository = {
    siteJson: async () => stored,
    themeCss: async () => storedTheme,
    publish: async (
      json: string,
      now: string,
      change?: ContentChange | null,
      themeCss?: string | null,
    ) =>
      void log.push(
        `publish ${json.length} ${now}${change ? ` of ${change.posts?.join(',') ?? 'any'}` : ''}` +
          (themeCss ? ` theme ${themeCss.length}` : ''),
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
    ['a post written', { ...NOTHING, written: 1, posts: postsChanged(['alpha']) }, ' of alpha'],
    [
      'more posts written than are listed',
      { ...NOTHING, written: 2000, posts: postsChanged(null) },
      ' of any',
    ],
    ['a post removed', { ...NOTHING, deleted: 1, posts: postsChanged(['gone']) }, ' of gone'],
    ['an image moved', { ...NOTHING, written: 1, imagesMoved: true }, ''],
    ['a renamed file', { ...NOTHING, written: 1, slugsMoved: true }, ''],
  ])('moves it for %s, then announces it', async (_, changes, kind) => {
    const { log, repository, bulk } = fakeStore(JSON.stringify(site));
    expect(await publishVersion(repository, bulk, site, changes, NOW)).toBe(true);
    expect(log).toEqual([`publish ${JSON.stringify(site).length} ${NOW}${kind}`, 'announce']);
  });

  it('moves it for a changed site config, and for the first one', async () => {
    for (const stored of [JSON.stringify(siteFixture({ guides: 'Guides' })), null]) {
      const { log, repository, bulk } = fakeStore(stored);
      expect(await publishVersion(repository, bulk, site, NOTHING, NOW)).toBe(true);
      expect(log[0], 'a new site config is more than posts').not.toMatch(/ of /);
      expect(log).toHaveLength(2);
    }
  });

  it('moves it for a theme.css added, changed or removed, as more than posts', async () => {
    for (const [stored, theme] of [
      [null, ':root{--accent:#000}'],
      [':root{--accent:#000}', ':root{--accent:#111}'],
      [':root{--accent:#000}', null],
    ] as const) {
      const { log, repository, bulk } = fakeStore(JSON.stringify(site), stored);
      expect(await publishVersion(repository, bulk, site, NOTHING, NOW, theme)).toBe(true);
      expect(log).toEqual([
        `publish ${JSON.stringify(site).length} ${NOW}${theme ? ` theme ${theme.length}` : ''}`,
        'announce',
      ]);
    }
    const { log, repository, bulk } = fakeStore(JSON.stringify(site), ':root{}');
    expect(await publishVersion(repository, bulk, site, NOTHING, NOW, ':root{}')).toBe(false);
    expect(log).toEqual([]);
  });
});

describe('removing the posts whose files are gone', () => {
  it('records the removed slugs first, then deletes those no file claimed', async () => {
    const log: string[] = [];
    const changes = new ChangeCollector();
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
        storedCards: async (slugs) =>
          new Map(slugs.map((slug, i) => [slug, { fields: card(i + 1), tags: [] }])),
      },
      { prune: async (live) => void log.push(`history keeps ${[...live].join(',')}`) },
      plan,
      new Set(['news']),
      changes,
    );
    expect(removed).toBe(2);
    expect(log).toEqual(['history keeps kept', 'delete gone-1,gone-2', 'categories except news']);
    expect(changes.change()).toEqual({
      ...textEdits(['gone-1', 'gone-2']),
      categories: [1, 2],
      linkCategories: [1, 2],
      cards: true,
      counts: true,
    });
  });
});
