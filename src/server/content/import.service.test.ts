import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { contentVersion, dumpContent } from '../../../test/helpers/db-dump.js';
import {
  manyPosts,
  postFile,
  siteFixture,
  TINY_SVG,
  writeContent,
  type FixturePost,
} from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { PostsRepository } from '../posts/posts.repository.js';
import { parseSearchText } from '../posts/search/search-query.js';
import { createPostSearch } from '../posts/search/search.js';
import { ImportError, importContent, type ImportOptions } from './import.service.js';
import { pagePath } from '../../shared/paths.js';
import { BRAND_DIR } from '../brand-images/brand-plan.js';

const GOOD: FixturePost[] = [
  ...manyPosts(3, 'news', 'story'),
  {
    slug: 'quokka-habits',
    title: 'Quokka habits',
    category: 'guides',
    body: 'Small marsupials smile a lot.',
    date: '2024-05-01',
  },
  {
    slug: 'hidden-draft',
    title: 'Hidden draft',
    category: 'guides',
    body: 'Not yet.',
    date: '2024-06-01',
    draft: true,
  },
];
const N = GOOD.length;

const front = (fields: Record<string, unknown>, body = 'Body text.') =>
  `---\n${stringify(fields)}---\n\n${body}\n`;
const okFront = { title: 'Bad one', category: 'news', image: 'cover.svg', date: '2025-03-01' };
const write = (dir: string, path: string, text: string | Buffer) =>
  writeFileSync(join(dir, path), text);
const newImagesDir = () => mkdtempSync(join(tmpdir(), 'postfolio-images-'));

/** Each variant adds exactly one bad file (posts/bad.md unless said) to an otherwise good folder. */
const BAD_POSTS: Array<[string, string | Buffer, RegExp, string?]> = [
  [
    'invalid YAML',
    '---\ntitle: [unclosed\ncategory: news\n---\n\nBody\n',
    /front matter is not valid YAML/,
  ],
  ['missing title', front({ ...okFront, title: undefined }), /: title is missing; add it/],
  ['unknown field', front({ ...okFront, colour: 'red' }), /:6: colour is not a known field/],
  [
    'unknown category',
    front({ ...okFront, category: 'gossip' }),
    /"category": "gossip" is not a category of site\.yaml/,
  ],
  [
    'reserved slug resume',
    front({ ...okFront, slug: 'resume' }),
    /slug "resume" "resume" is reserved/,
  ],
  ['reserved slug api', front({ ...okFront, slug: 'api' }), /slug "api" "api" is reserved/],
  [
    'slug rss.xml',
    front({ ...okFront, slug: 'rss.xml' }),
    /slug "rss\.xml" must be lowercase letters and digits/,
  ],
  ['upper-case slug', front({ ...okFront, slug: 'Bad_Slug' }), /slug "Bad_Slug" must be lowercase/],
  [
    'missing body image',
    front(okFront, 'See ![x](missing.svg)'),
    /image "missing\.svg" is not in images\//,
  ],
  [
    'missing cover image',
    front({ ...okFront, image: 'nowhere.png' }),
    /image "nowhere\.png" is not in images\//,
  ],
  [
    '---js front matter',
    '---js\n{ title: "x" }\n---\n\nBody\n',
    /front matter is not valid YAML \(front matter must be YAML\)/,
  ],
  ['no front matter', '# Just a heading\n\nSome text.\n', /has no front matter/],
  [
    'impossible date 2026-02-31',
    front({ ...okFront, date: '2026-02-31' }),
    /:5: date "2026-02-31" is not a real date/,
  ],
  [
    'date "yesterday"',
    front({ ...okFront, date: 'yesterday' }),
    /:5: date "yesterday" is not a date; write 2026-05-05 or 2026-05-05T10:00:00Z$/m,
  ],
  ['empty body', front(okFront, ''), /the post has no body/],
  [
    'duplicate slug',
    front({ ...okFront, slug: 'story-1' }),
    /slug "story-1" is already used by posts\/story-1\.md/,
    'posts/zz-dup.md',
  ],
  [
    'blockquotes 5,000 deep',
    front(okFront, `Intro.\n\n${'>'.repeat(5000)} deep`),
    /posts\/bad\.md: line 10: blockquotes nested 5000 deep; at most 100 are allowed$/m,
  ],
  [
    'lists 2,000 deep',
    front(okFront, `${'- '.repeat(2000)}x`),
    /line 8: lists nested 2000 deep; at most 100 are allowed/,
  ],
  [
    'emphasis nested 100,000 deep',
    front(okFront, `${'*a_'.repeat(100_000)}x${'_a*'.repeat(100_000)}`),
    /line 8: emphasis markers \(\*, _ or ~\) nested 100000 deep; at most 100 are allowed/,
  ],
  [
    'HTML nested 5,000 deep',
    front(okFront, `${'<div>'.repeat(5000)}x`),
    /line 8: HTML elements nested 5000 deep; at most 100 are allowed/,
  ],
  ['blank title', front({ ...okFront, title: '   ' }), /:2: title is blank/],
  [
    'NUL byte in the body',
    front(okFront, 'One.\n\nTwo\0.'),
    /line 10: contains a NUL character \(U\+0000\); remove it/,
  ],
  [
    'NUL escaped in the title',
    front({ ...okFront, title: 'Bad\0' }),
    /:2: title contains a NUL character/,
  ],
  [
    'bytes that are not UTF-8',
    Buffer.concat([Buffer.from(front(okFront, 'Caf')), Buffer.from([0xe9, 0x0a])]),
    /is not valid UTF-8 \(byte offset 77, line 9\); save it as UTF-8/,
  ],
];

// Nested plain objects that a test spoils one field of.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SpoilableSite = Record<string, any>;

const BAD_SITES: Array<[string, (site: SpoilableSite) => void, RegExp]> = [
  ['unknown field', (s) => (s.site.theme = 'dark'), /site\.theme is not a known field/],
  ['missing field', (s) => delete s.site.title, /site\.title is missing/],
  [
    'skill level 150',
    (s) => (s.portfolio.skills[0].level = 150),
    /portfolio\.skills\.0\.level 150 is out of range; write a number from 0 to 100/,
  ],
  [
    'category listed twice',
    (s) => s.categories.push({ slug: 'news', name: 'Again' }),
    /category slug "news" is listed twice/,
  ],
  [
    'a protocol-relative link',
    (s) => (s.landing.student.url = '//evil.example/x'),
    /landing\.student\.url "\/\/evil\.example\/x" is not a URL; write https:\/\/…, mailto:… or a path starting with \//,
  ],
  [
    'a link through a backslash',
    (s) => (s.portfolio.products[0].url = '/\\evil.example/x'),
    /portfolio\.products\.0\.url "\/\\\\evil\.example\/x" is not a URL/,
  ],
  [
    'a site address that is a path',
    (s) => (s.site.url = '/blog'),
    /site\.url "\/blog" is not an absolute http\(s\) URL; write https:\/\/…/,
  ],
  ['a blank title', (s) => (s.site.title = ' \t '), /site\.title is blank; write some text/],
  [
    'a NUL escaped in a text',
    (s) => (s.site.author = 'Ann\0'),
    /site\.author contains a NUL character \(U\+0000\)/,
  ],
];

async function refusal(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

describe.each(ENGINES)('content import on %s', (engine) => {
  describe('atomicity: a folder with one bad file is refused and nothing moves', () => {
    let t: TestStore;
    let imagesDir: string;
    beforeAll(async () => {
      t = await createTestStore(engine);
      imagesDir = newImagesDir();
    });
    afterAll(() => t?.drop());

    /** A good folder that also changes a post, adds one and adds an image: all must be held back. */
    function goodFolderWithChanges(): string {
      const dir = writeContent({
        posts: [...GOOD, { ...GOOD[0]!, title: 'Renamed story' }, ...manyPosts(1, 'news', 'fresh')],
      });
      write(dir, 'images/new.svg', TINY_SVG);
      return dir;
    }

    it.each([false, true])(
      'refuses on an empty database and after an earlier import (earlier=%s)',
      async (earlier) => {
        if (earlier)
          await importContent(t.store, { contentDir: writeContent({ posts: GOOD }), imagesDir });
        const dir = goodFolderWithChanges();
        write(dir, 'posts/bad.md', front({ ...okFront, category: 'gossip' }));
        const before = await dumpContent(t.store);
        const error = await refusal(
          importContent(t.store, { contentDir: dir, imagesDir, prune: true }),
        );
        expect(error.failures.map((f) => f.file)).toEqual(['posts/bad.md']);
        expect(await dumpContent(t.store)).toEqual(before);
        expect(before.posts).toHaveLength(earlier ? N : 0);
        expect(existsSync(join(imagesDir, 'new.svg'))).toBe(false);
      },
    );

    it.each(BAD_POSTS)('%s', async (_name, text, reason, path = 'posts/bad.md') => {
      const dir = goodFolderWithChanges();
      write(dir, path, text);
      const before = await dumpContent(t.store);
      expect(before.posts).toHaveLength(N);
      const error = await refusal(
        importContent(t.store, { contentDir: dir, imagesDir, prune: true }),
      );
      expect(error.failures).toHaveLength(1);
      expect(error.failures[0]!.file).toBe(path);
      expect(error.message).toMatch(new RegExp(`${path.replaceAll('.', '\\.')}(:\\d+)?: `));
      expect(error.message).toMatch(reason);
      expect(await dumpContent(t.store)).toEqual(before);
    });

    it.each(BAD_SITES)(
      'site.yaml with %s names the file and the field',
      async (_name, spoil, reason) => {
        const site = siteFixture({ news: 'News', guides: 'Guides' }) as unknown as SpoilableSite;
        spoil(site);
        const dir = goodFolderWithChanges();
        write(dir, 'site.yaml', stringify(site));
        const before = await dumpContent(t.store);
        const error = await refusal(importContent(t.store, { contentDir: dir, imagesDir }));
        expect(error.failures).toHaveLength(1);
        expect(error.failures[0]!.file).toMatch(/site\.yaml$/);
        expect(error.message).toMatch(new RegExp(`site\\.yaml(:\\d+)?: .*${reason.source}`));
        expect(await dumpContent(t.store)).toEqual(before);
      },
    );

    it('refuses 600 KB of nested emphasis before parsing it, naming the file', async () => {
      const dir = goodFolderWithChanges();
      write(dir, 'posts/bad.md', front(okFront, `${'*a '.repeat(200_000)}end*`));
      const before = await dumpContent(t.store);
      const error = await refusal(importContent(t.store, { contentDir: dir, imagesDir }));
      // The scan's own message: Marked alone would take minutes on it (post-file.test.ts).
      expect(error.message).toContain(
        'posts/bad.md: line 8: emphasis markers (*, _ or ~) that never close would take too long',
      );
      expect(await dumpContent(t.store)).toEqual(before);
    });

    it.each([
      ['a post', 'posts/linked.md', () => front(okFront)],
      ['an image', 'images/linked.svg', () => TINY_SVG],
      ['the posts folder', 'posts', null],
      ['the images folder', 'images', null],
    ])(
      'refuses a symbolic link for %s, naming it, and writes nothing',
      async (_what, path, text) => {
        const dir = goodFolderWithChanges();
        const elsewhere = mkdtempSync(join(tmpdir(), 'postfolio-elsewhere-'));
        if (text) {
          writeFileSync(join(elsewhere, 'target'), text());
          symlinkSync(join(elsewhere, 'target'), join(dir, path));
        } else {
          renameSync(join(dir, path), join(elsewhere, path));
          symlinkSync(join(elsewhere, path), join(dir, path));
        }
        const before = await dumpContent(t.store);
        const error = await refusal(
          importContent(t.store, { contentDir: dir, imagesDir, prune: true }),
        );
        expect(error.failures.map((f) => f.file)).toEqual([path]);
        expect(error.message).toContain(
          `${path}: is a symbolic link; copy the ${text ? 'file' : 'folder'} into the content folder instead`,
        );
        expect(await dumpContent(t.store)).toEqual(before);
        expect(existsSync(join(imagesDir, 'new.svg'))).toBe(false);
      },
    );

    it('refuses a symbolic link that points inside the folder too', async () => {
      const dir = goodFolderWithChanges();
      symlinkSync(join(dir, 'posts', 'story-1.md'), join(dir, 'posts', 'again.md'));
      const error = await refusal(importContent(t.store, { contentDir: dir, imagesDir }));
      expect(error.failures.map((f) => f.file)).toEqual(['posts/again.md']);
    });

    it('lists every bad file of a folder, not only the first', async () => {
      const dir = goodFolderWithChanges();
      write(dir, 'posts/bad-a.md', front({ ...okFront, date: 'yesterday' }));
      write(dir, 'posts/bad-b.md', '# no front matter\n');
      const error = await refusal(importContent(t.store, { contentDir: dir, imagesDir }));
      expect(error.failures.map((f) => f.file)).toEqual(['posts/bad-a.md', 'posts/bad-b.md']);
    });
  });

  describe('a good folder', () => {
    let t: TestStore;
    let contentDir: string;
    let imagesDir: string;
    let opts: ImportOptions;
    beforeEach(async () => {
      t = await createTestStore(engine);
      contentDir = writeContent({ posts: GOOD });
      imagesDir = newImagesDir();
      opts = { contentDir, imagesDir };
    });
    afterEach(async () => {
      await t?.drop();
      rmSync(contentDir, { recursive: true, force: true });
      rmSync(imagesDir, { recursive: true, force: true });
    });
    const slugs = async () =>
      (await t.store.db.selectFrom('posts').select('slug').orderBy('slug').execute()).map(
        (r) => r.slug,
      );
    const row = (slug: string) =>
      t.store.db.selectFrom('posts').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();

    it('imports: counts, categories in config order, drafts stored but not listed', async () => {
      const started = performance.now();
      const summary = await importContent(t.store, opts);
      const { posts, searchIndex, commit } = summary.phases;
      expect(Math.min(posts, searchIndex, commit)).toBeGreaterThanOrEqual(0);
      expect(posts + searchIndex + commit).toBeLessThanOrEqual(performance.now() - started);
      expect(summary).toMatchObject({
        created: N,
        updated: 0,
        unchanged: 0,
        deleted: 0,
        categories: 2,
      });
      expect(await slugs()).toEqual(GOOD.map((p) => p.slug).sort());
      const repo = new PostsRepository(t.store.db);
      expect(await repo.countPublished()).toBe(N - 1);
      expect(await repo.findPublishedBySlug('hidden-draft')).toBeUndefined();
      expect((await repo.findPublishedBySlug('quokka-habits'))?.title).toBe('Quokka habits');
      const cards = await repo.listCards({ limit: 50, offset: 0 });
      expect(cards.map((c) => c.slug)).not.toContain('hidden-draft');
      expect((await row('hidden-draft')).draft).toBe(1);
      expect((await repo.listCategories()).map((c) => [c.slug, Number(c.post_count)])).toEqual([
        ['news', 3],
        ['guides', 1],
      ]);
      expect(await contentVersion(t.store)).toBeGreaterThan(0);

      // A new config order is followed, though the ids keep the old order.
      write(
        contentDir,
        'site.yaml',
        stringify(siteFixture({ zeta: 'Zeta', guides: 'Guides', news: 'News' })),
      );
      await importContent(t.store, opts);
      expect((await repo.listCategories()).map((c) => c.slug)).toEqual(['zeta', 'guides', 'news']);
    });

    it('is idempotent, and updates or creates exactly what changed', async () => {
      await importContent(t.store, opts);
      const first = await dumpContent(t.store);
      const version = await contentVersion(t.store);

      expect(await importContent(t.store, opts)).toMatchObject({
        created: 0,
        updated: 0,
        unchanged: N,
        deleted: 0,
      });
      expect(await contentVersion(t.store)).toBe(version);
      expect(await dumpContent(t.store)).toEqual(first);

      const old = await row('story-2');
      await new Promise((r) => setTimeout(r, 10));
      write(
        contentDir,
        'posts/story-2.md',
        postFile({ ...GOOD[1]!, title: 'Story two, retitled' }),
      );
      expect(await importContent(t.store, opts)).toMatchObject({
        created: 0,
        updated: 1,
        unchanged: N - 1,
      });
      const changed = await row('story-2');
      expect(changed).toMatchObject({
        id: old.id,
        title: 'Story two, retitled',
        created_at: old.created_at,
      });
      expect(changed.updated_at > old.updated_at).toBe(true);
      expect(await contentVersion(t.store)).toBe(version + 1);
      const untouched = (await dumpContent(t.store)).posts.filter(
        (p: { slug: string }) => p.slug !== 'story-2',
      );
      expect(untouched).toEqual(first.posts.filter((p: { slug: string }) => p.slug !== 'story-2'));

      write(
        contentDir,
        'posts/brand-new.md',
        postFile({ ...GOOD[0]!, slug: 'brand-new', title: 'Brand new' }),
      );
      expect(await importContent(t.store, opts)).toMatchObject({
        created: 1,
        updated: 0,
        unchanged: N,
      });
      expect(await contentVersion(t.store)).toBe(version + 2);

      // Only the site config changed: no post is rewritten, but the version moves.
      write(
        contentDir,
        'site.yaml',
        stringify(siteFixture({ news: 'Latest news', guides: 'Guides' })),
      );
      expect(await importContent(t.store, opts)).toMatchObject({
        created: 0,
        updated: 0,
        unchanged: N + 1,
      });
      expect(await contentVersion(t.store)).toBe(version + 3);
    });

    it('prune removes posts whose files are gone; without it they stay', async () => {
      await importContent(t.store, opts);
      rmSync(join(contentDir, 'posts', 'story-3.md'));
      write(
        contentDir,
        'site.yaml',
        stringify(siteFixture({ guides: 'Guides', news: 'News', extra: 'Extra' })),
      );
      await importContent(t.store, opts);
      write(contentDir, 'site.yaml', stringify(siteFixture({ guides: 'Guides', news: 'News' })));

      expect(await importContent(t.store, opts)).toMatchObject({ deleted: 0, unchanged: N - 1 });
      expect(await slugs()).toContain('story-3');
      const catSlugs = async () =>
        (await t.store.db.selectFrom('categories').select('slug').execute()).map((c) => c.slug);
      expect(await catSlugs()).toContain('extra');

      const version = await contentVersion(t.store);
      expect(await importContent(t.store, { ...opts, prune: true })).toMatchObject({
        deleted: 1,
        unchanged: N - 1,
      });
      expect(await slugs()).toEqual(
        GOOD.map((p) => p.slug)
          .filter((s) => s !== 'story-3')
          .sort(),
      );
      expect((await catSlugs()).sort()).toEqual(['guides', 'news']);
      expect(await contentVersion(t.store)).toBe(version + 1);
    });

    it('keeps the full-text index in step with a re-imported title', async () => {
      await importContent(t.store, opts);
      const search = createPostSearch(t.store.db, t.store.engine);
      const find = async (text: string) =>
        (await search.search(parseSearchText(text), 10, 0)).cards.map((c) => c.slug);
      expect(await find('quokka')).toEqual(['quokka-habits']);
      expect(await find('wombat')).toEqual([]);

      write(
        contentDir,
        'posts/quokka-habits.md',
        postFile({ ...GOOD[3]!, title: 'Wombat habits' }),
      );
      expect(await importContent(t.store, opts)).toMatchObject({ updated: 1 });
      expect(await find('quokka')).toEqual([]);
      expect(await find('wombat')).toEqual(['quokka-habits']);
      expect(await find('"wombat habits"')).toEqual(['quokka-habits']);
      expect(await find('hidden')).toEqual([]); // drafts are indexed but never found
    });

    it('copies images and points body images at /images/', async () => {
      write(contentDir, 'images/diagram.svg', TINY_SVG);
      write(
        contentDir,
        'posts/with-diagram.md',
        postFile({ ...GOOD[0]!, slug: 'with-diagram', body: 'Look: ![x](diagram.svg)' }),
      );
      const summary = await importContent(t.store, opts);
      expect(summary.images).toBe(3);
      // Served under names of their hash (originals kept apart, in a dot folder).
      // The brand's drawings (brand-images/) have a folder of their own.
      const served = readdirSync(imagesDir).filter((f) => !f.startsWith('.') && f !== BRAND_DIR);
      expect(served.sort()).toEqual([
        expect.stringMatching(/^cover\.[0-9a-f]{12}\.svg$/),
        expect.stringMatching(/^diagram\.[0-9a-f]{12}\.svg$/),
        expect.stringMatching(/^product\.[0-9a-f]{12}\.svg$/),
      ]);
      expect(readFileSync(join(imagesDir, served[1]!), 'utf8')).toBe(TINY_SVG);
      const html = (await row('with-diagram')).content_html;
      expect(html).toContain('<img src="/images/diagram.svg" width="800" height="450"');
      expect(html).not.toContain('src="diagram.svg"');
      expect((await importContent(t.store, opts)).images).toBe(0);
    });

    it('takes a byte order mark, every URL form, and entities that would decode to NUL', async () => {
      write(
        contentDir,
        'posts/bom.md',
        `\uFEFF${postFile({ ...GOOD[0]!, slug: 'bom', title: 'Marked', body: 'a &#0; b' })}`,
      );
      const site = siteFixture({ news: 'News', guides: 'Guides' });
      site.site.url = 'http://fixture.example';
      site.landing.student.url = pagePath.resume();
      site.portfolio.products![0]!.url = 'mailto:shop@fixture.example';
      write(contentDir, 'site.yaml', stringify(site));
      expect(await importContent(t.store, opts)).toMatchObject({ created: N + 1 });
      expect(await row('bom')).toMatchObject({ title: 'Marked', body_text: 'a \uFFFD b' });
    });

    it('reports progress (done, total) up to (total, total)', async () => {
      const calls: Array<[number, number]> = [];
      await importContent(t.store, {
        ...opts,
        onProgress: (done, total) => calls.push([done, total]),
      });
      expect(calls).toEqual(GOOD.map((_, i) => [i + 1, N]));
      expect(calls.at(-1)).toEqual([N, N]);
    });
  });
});

describe('the journal of an import into SQLite', () => {
  let t: TestStore;
  let imagesDir: string;
  beforeEach(async () => {
    t = await createTestStore('sqlite');
    imagesDir = newImagesDir();
  });
  afterEach(async () => {
    await t?.drop();
    rmSync(imagesDir, { recursive: true, force: true });
  });
  const journalMode = async () =>
    (await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(t.store.db)).rows[0]!
      .journal_mode;
  /** Which journal files exist at each post of an import. */
  const journalFilesDuring = async (contentDir: string) => {
    const seen = new Set<string>();
    await importContent(t.store, {
      contentDir,
      imagesDir,
      onProgress: () => {
        for (const suffix of ['-journal', '-wal']) if (existsSync(t.url + suffix)) seen.add(suffix);
      },
    });
    return [...seen].sort();
  };

  it('is a rollback journal into an empty store, then the write-ahead log again', async () => {
    expect(await journalMode()).toBe('wal');
    expect(await journalFilesDuring(writeContent({ posts: GOOD }))).toEqual(['-journal']);
    expect(await journalMode()).toBe('wal');
    expect(await new PostsRepository(t.store.db).countPublished()).toBe(N - 1);
    // With posts stored, a server may be reading them: the next import keeps to the WAL.
    const changed = writeContent({ posts: [...GOOD, ...manyPosts(2, 'news', 'later')] });
    expect(await journalFilesDuring(changed)).toEqual(['-wal']);
    expect(await new PostsRepository(t.store.db).countPublished()).toBe(N + 1);
  });

  it('stays the write-ahead log, without waiting, while another connection is open', async () => {
    const reader = new BetterSqlite3(t.url, { readonly: true });
    const count = () =>
      (reader.prepare('SELECT count(*) AS n FROM posts').get() as { n: number }).n;
    // A connection that has read, as a running server's has: the file is no longer one
    // connection's alone. Leaving the WAL is then refused; an import that waited for the reader
    // to go would wait a minute, longer than the test may take (vitest.config.ts), and fail it.
    expect(count()).toBe(0);
    await sql`PRAGMA busy_timeout = 60000`.execute(t.store.db);
    try {
      const counts: number[] = [];
      const journals = new Set<string>();
      await importContent(t.store, {
        contentDir: writeContent({ posts: GOOD }),
        imagesDir,
        // The other connection keeps reading the last committed state during the import.
        onProgress: () => {
          for (const suffix of ['-journal', '-wal'])
            if (existsSync(t.url + suffix)) journals.add(suffix);
          counts.push(count());
        },
      });
      expect([...journals]).toEqual(['-wal']);
      expect(counts).toEqual(GOOD.map(() => 0));
      expect(count()).toBe(N);
      expect(await journalMode()).toBe('wal');
    } finally {
      reader.close();
    }
  });

  it('rolls an empty store back whole after a refused import wrote pages into the file', async () => {
    // Bodies of ≈ 12 KB: 700 of them overflow the 4 MB page cache into the database file.
    const long = manyPosts(700, 'news', 'long').map((p) => ({
      ...p,
      body: `${p.body}\n${'Words to fill the page cache. '.repeat(400)}`,
    }));
    const dir = writeContent({ posts: long });
    write(dir, 'posts/zz-bad.md', front({ ...okFront, date: 'yesterday' }));
    const before = await dumpContent(t.store);
    const pages = async () =>
      (await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.store.db)).rows[0]!
        .page_count;
    const pagesBefore = await pages();
    const error = await refusal(importContent(t.store, { contentDir: dir, imagesDir }));
    expect(error.failures.map((f) => f.file)).toEqual(['posts/zz-bad.md']);
    expect(await dumpContent(t.store)).toEqual(before);
    expect(await pages()).toBe(pagesBefore);
    expect(existsSync(`${t.url}-journal`)).toBe(false);
    expect(await journalMode()).toBe('wal');
    const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(
      t.store.db,
    );
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
  });
});
