import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  manyPosts,
  newsPost,
  writeContent,
  type FixturePost,
} from '../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { apiPath, feedPath, pagePath } from '../../shared/paths.js';
import type { Category } from '../../shared/schemas/api.js';
import { BackupRepository } from '../backup/backup.repository.js';
import { importContent } from '../content/import.service.js';
import { readContentState } from '../content-state/content-state.js';

const alpha = newsPost('alpha', {
  tags: ['caching'],
  summary: 'On caches.',
  body: 'Alpha speaks of caches and ETags.',
});
// Six posts in each category: every post has its five related posts within its category.
const posts: FixturePost[] = [
  alpha,
  ...manyPosts(6, 'news', 'news'),
  ...manyPosts(6, 'guides', 'guide').map((post) => ({ ...post, tags: ['css'] })),
];
const LIST = apiPath.posts(1);
const CATEGORIES = apiPath.postcates();
const POST = apiPath.post('alpha');
const SEARCH = apiPath.search('caches', 1);
const POST_PAGE = pagePath.post('alpha');
const LIST_PAGE = pagePath.posts();
const OTHER_POST = apiPath.post('news-1');
const OTHER_POST_PAGE = pagePath.post('news-2');
const GUIDE = apiPath.post('guide-1');
const GUIDE_PAGE = pagePath.post('guide-2');
const CSS_LIST = apiPath.postsTag('css', 1);
const LANDING = pagePath.landing();

describe.each(ENGINES)('the cached answers an import leaves, on %s', (engine) => {
  let h: WebHarness;
  let guides: string;
  let news: string;
  beforeAll(async () => {
    h = await webHarness(engine, { posts });
    const categories = JSON.parse(await get(CATEGORIES)) as Category[];
    const idOf = (slug: string) => categories.find((c) => c.slug === slug)!.id;
    guides = apiPath.postsCate(idOf('guides'), 1);
    news = apiPath.postsCate(idOf('news'), 1);
  });
  afterAll(() => h?.close());

  async function get(url: string): Promise<string> {
    const res = await h.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  }
  /**
   * Imports the folder as first written but for `alpha` and with `more` posts; resolves once
   * the app has seen the new version (at once when the import changed nothing).
   */
  async function importWith(changed: Partial<FixturePost>, more: FixturePost[] = []) {
    const before = h.app.ctx.contentState.state.version;
    const { contentDir, imagesDir } = h.config;
    writeContent({
      posts: [{ ...alpha, ...changed }, ...posts.slice(1), ...more],
      dir: contentDir,
    });
    const { created, updated } = await importContent(h.test.store, { contentDir, imagesDir });
    if (created + updated === 0) return;
    // SQLite notifies nobody: read the version now, as the app's poll would within a second
    // (the poll itself is content-state.test.ts's). PostgreSQL's NOTIFY reaches the app.
    if (engine === 'sqlite') await h.app.ctx.contentState.refresh();
    await vi.waitFor(() => expect(h.app.ctx.contentState.state.version).toBe(before + 1), {
      timeout: 3000,
    });
  }
  const cached = (url: string) =>
    (url.startsWith('/api/') ? h.app.ctx.responses : h.app.ctx.pages).get(url);
  /** Asks for each twice: the caches keep an answer from the second ask (recent-asks.ts). */
  async function cache(urls: string[]) {
    for (const url of urls) for (const _ of [1, 2]) await get(url);
    for (const url of urls) expect(cached(url), url).toBeDefined();
  }
  /** Each of `urls` is the entry it was, and its body the one a fresh answer has. */
  async function expectKeptAndCurrent(kept: (readonly [string, unknown])[]) {
    for (const [url, entry] of kept) expect(cached(url), url).toBe(entry);
    const bodies = kept.map(([url]) => cached(url)!.body.toString());
    h.app.ctx.responses.clear();
    h.app.ctx.pages.clear();
    for (const [i, [url]] of kept.entries()) expect(await get(url), url).toBe(bodies[i]);
  }
  const entries = (urls: string[]) => urls.map((url) => [url, cached(url)] as const);

  it('after post texts alone, keeps the lists and other posts, and drops what shows the text', async () => {
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
    await cache([...urls, feedPath.rss()]);
    const kept = entries([LIST, CATEGORIES, LIST_PAGE, OTHER_POST, OTHER_POST_PAGE]);
    // As the build before migration 016 wrote them.
    await h.test.store.db
      .updateTable('content_state')
      .set({ text_only_since: 0, text_edited_slugs: '["beta"]' })
      .execute();
    // The same words (the same reading figures) under its own summary: its card is as it was.
    await importWith({ body: 'Alpha speaks of CACHES and ETags.' });
    const state = await readContentState(h.test.store.db);
    expect(state.changedSince).toBe(h.app.ctx.contentState.state.version - 1);
    expect(state.change).toMatchObject({ posts: ['alpha'], cards: false, counts: false });
    // What a server of the build before migration 016 reads, during a rolling upgrade: that
    // anything may have changed, so it drops every cached answer.
    const before016 = await h.test.store.db
      .selectFrom('content_state')
      .select(['text_only_since', 'text_edited_slugs'])
      .executeTakeFirstOrThrow();
    expect(before016).toEqual({ text_only_since: null, text_edited_slugs: null });
    for (const url of [POST, SEARCH, POST_PAGE, feedPath.rss()])
      expect(cached(url), url).toBeUndefined();
    await expectKeptAndCurrent(kept);
    expect(await get(POST)).toContain('CACHES');
    expect(await get(POST_PAGE)).toContain('CACHES');
  });

  it.each<[string, Partial<FixturePost>, string, boolean]>([
    ['its title', { title: 'Alpha, renamed' }, 'Alpha, renamed', true],
    [
      'its reading figures',
      { body: 'Alpha speaks of caches, ETags and much more.' },
      '"word_count":8',
      false,
    ],
    ['its tags', { tags: ['caching', 'http'] }, '"slug":"http"', true],
    ['its summary', { summary: 'On caches, again.' }, 'On caches, again.', true],
  ])(
    'after %s, drops what shows its card and keeps the other category',
    async (_, edit, seen, linked) => {
      await importWith({});
      const linking = [OTHER_POST, OTHER_POST_PAGE];
      await cache([LIST, LIST_PAGE, news, ...linking, guides, GUIDE, GUIDE_PAGE, LANDING]);
      const kept = entries([guides, GUIDE, GUIDE_PAGE, LANDING, ...(linked ? [] : linking)]);
      await importWith(edit);
      expect((await readContentState(h.test.store.db)).change).toMatchObject({
        posts: ['alpha'],
        cards: true,
        counts: false,
      });
      // The posts of its category link to it (related posts, neighbours): its reading figures
      // are on its card alone.
      for (const url of [LIST, LIST_PAGE, news, ...(linked ? linking : [])])
        expect(cached(url), url).toBeUndefined();
      await expectKeptAndCurrent(kept);
      expect(await get(LIST)).toContain(seen);
    },
  );

  it("after a tag's new name, drops every answer that shows the tag", async () => {
    await importWith({});
    await cache([GUIDE, GUIDE_PAGE, guides, CSS_LIST, LANDING]);
    const kept = entries([LANDING]);
    // The slug of "CSS" is the guides' tag "css": the name is now the one alpha writes.
    await importWith({ tags: ['caching', 'CSS'] });
    expect((await readContentState(h.test.store.db)).change).toMatchObject({ tagNames: ['css'] });
    for (const url of [GUIDE, GUIDE_PAGE, guides, CSS_LIST])
      expect(cached(url), url).toBeUndefined();
    expect(await get(GUIDE)).toContain('"name":"CSS"');
    await expectKeptAndCurrent(kept);
  });

  it('after a new post, drops its lists and every page that counts posts, and keeps the rest', async () => {
    await importWith({});
    await cache([POST, OTHER_POST, POST_PAGE, guides, news, CSS_LIST, CATEGORIES, LANDING]);
    const kept = entries([POST, OTHER_POST, news, LANDING]);
    const added = {
      ...posts.at(-1)!,
      slug: 'guide-new',
      title: 'guide number 7',
      date: '2025-03-01',
    };
    await importWith({}, [added]);
    expect((await readContentState(h.test.store.db)).change).toMatchObject({
      posts: ['guide-new'],
      cards: true,
      counts: true,
    });
    // The sidebar of every reader page counts the posts of each category.
    for (const url of [POST_PAGE, guides, CSS_LIST, CATEGORIES])
      expect(cached(url), url).toBeUndefined();
    await expectKeptAndCurrent(kept);
    expect(await get(guides)).toContain('"slug":"guide-new"');
    // The newest of the guides is related to each of them.
    expect(await get(GUIDE)).toContain('"slug":"guide-new"');
  });

  it('never lets another move of the version pass for a recorded change', async () => {
    await importWith({});
    await importWith({ body: 'Alpha speaks of caches and etags.' });
    expect((await readContentState(h.test.store.db)).changedSince).not.toBeNull();
    const backup = new BackupRepository(h.test.store.db, engine);
    await backup.setContentVersion((await backup.contentVersion()) + 1);
    const state = await readContentState(h.test.store.db);
    expect([state.changedSince, state.change]).toEqual([null, null]);
  });
});
