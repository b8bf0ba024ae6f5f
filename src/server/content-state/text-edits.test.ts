import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newsPost, writeContent, type FixturePost } from '../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { apiPath, feedPath, pagePath } from '../../shared/paths.js';
import { BackupRepository } from '../backup/backup.repository.js';
import { importContent } from '../content/import.service.js';
import { readContentState } from './content-state.js';

const posts: FixturePost[] = [
  newsPost('alpha', {
    tags: ['caching'],
    summary: 'On caches.',
    body: 'Alpha speaks of caches and ETags.',
  }),
  newsPost('beta', { date: '2025-02-02' }),
  newsPost('gamma', { date: '2025-02-03' }),
];
const LIST = apiPath.posts(1);
const CATEGORIES = apiPath.postcates();
const POST = apiPath.post('alpha');
const SEARCH = apiPath.search('caches', 1);
const POST_PAGE = pagePath.post('alpha');
const LIST_PAGE = pagePath.posts();
const OTHER_POST = apiPath.post('beta');
const OTHER_POST_PAGE = pagePath.post('gamma');

describe.each(ENGINES)('an import that changed post texts alone, on %s', (engine) => {
  let h: WebHarness;
  beforeAll(async () => {
    h = await webHarness(engine, { posts });
  });
  afterAll(() => h?.close());

  const get = async (url: string) => {
    const res = await h.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  /**
   * Imports the folder with alpha as first written but for `alpha`; resolves once the app has
   * seen the new version (at once when the import changed nothing).
   */
  async function importAlpha(alpha: Partial<FixturePost>): Promise<void> {
    const before = h.app.ctx.contentState.state.version;
    const { contentDir, imagesDir } = h.config;
    writeContent({ posts: [{ ...posts[0]!, ...alpha }, ...posts.slice(1)], dir: contentDir });
    const { created, updated } = await importContent(h.test.store, { contentDir, imagesDir });
    if (created + updated === 0) return;
    await vi.waitFor(() => expect(h.app.ctx.contentState.state.version).toBe(before + 1), {
      timeout: 3000,
    });
  }
  const cached = (url: string) =>
    (url.startsWith('/api/') ? h.app.ctx.responses : h.app.ctx.pages).get(url);

  it('keeps the lists, categories, tags and other posts cached, and drops what shows the edited text', async () => {
    const urls = [
      LIST,
      CATEGORIES,
      POST,
      SEARCH,
      POST_PAGE,
      LIST_PAGE,
      OTHER_POST,
      OTHER_POST_PAGE,
    ];
    // Asked twice: the caches keep an answer from the second ask of its URL (recent-asks.ts).
    for (const url of [...urls, feedPath.rss()]) for (const _ of [1, 2]) await get(url);
    for (const url of urls) expect(cached(url), url).toBeDefined();
    const kept = [LIST, CATEGORIES, LIST_PAGE, OTHER_POST, OTHER_POST_PAGE].map(
      (url) => [url, cached(url)] as const,
    );
    // The same words (the same reading figures) under its own summary: its card is as it was.
    await importAlpha({ body: 'Alpha speaks of CACHES and ETags.' });
    const state = await readContentState(h.test.store.db);
    expect(state.textOnlySince).toBe(h.app.ctx.contentState.state.version - 1);
    expect(state.textEditedSlugs).toEqual(['alpha']);
    for (const [url, entry] of kept) expect(cached(url), url).toBe(entry);
    for (const url of [POST, SEARCH, POST_PAGE, feedPath.rss()])
      expect(cached(url), url).toBeUndefined();
    expect(await get(POST)).toContain('CACHES');
    expect(await get(POST_PAGE)).toContain('CACHES');
  });

  it.each<[string, Partial<FixturePost>, string]>([
    ['its title', { title: 'Alpha, renamed' }, 'Alpha, renamed'],
    [
      'its reading figures',
      { body: 'Alpha speaks of caches, ETags and much more.' },
      '"word_count":8',
    ],
    ['its tags', { tags: ['caching', 'http'] }, '"slug":"http"'],
    ['its summary', { summary: 'On caches, again.' }, 'On caches, again.'],
  ])('drops every cached answer when an import changed %s', async (_, alpha, seen) => {
    await importAlpha({});
    await get(LIST);
    await get(LIST_PAGE);
    await importAlpha(alpha);
    expect((await readContentState(h.test.store.db)).textOnlySince).toBeNull();
    expect(cached(LIST)).toBeUndefined();
    expect(cached(LIST_PAGE)).toBeUndefined();
    expect(await get(LIST)).toContain(seen);
  });

  it('never lets another move of the version pass for a text edit', async () => {
    await importAlpha({});
    await importAlpha({ body: 'Alpha speaks of caches and etags.' });
    expect((await readContentState(h.test.store.db)).textOnlySince).not.toBeNull();
    const backup = new BackupRepository(h.test.store.db, engine);
    await backup.setContentVersion((await backup.contentVersion()) + 1);
    const state = await readContentState(h.test.store.db);
    expect([state.textOnlySince, state.textEditedSlugs]).toEqual([null, null]);
  });
});
