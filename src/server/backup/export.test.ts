import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  manyPosts,
  writeContent,
  type FixturePost,
} from '../../../test/helpers/content-fixture.js';
import { dumpContent, dumpMessages } from '../../../test/helpers/db-dump.js';
import { createTestStore, type TestStore } from '../../../test/helpers/stores.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { importContent } from '../content/import.service.js';
import type { Store } from '../db/connection.js';
import type { Engine } from '../db/schema.js';
import { importExport } from './export-import.js';
import { MANIFEST_FILE } from './export-manifest.js';
import { exportStore } from './export.service.js';
import { PASS_THROUGH } from './post-document.js';
import { apiPath } from '../../shared/paths.js';

const temp = (name: string) => mkdtempSync(join(tmpdir(), `postfolio-${name}-`));

/** Posts whose HTML is awkward to carry as Markdown, in both categories, one a draft. */
const AWKWARD: FixturePost[] = [
  {
    slug: 'code-with-gaps',
    title: 'Code: with "gaps"',
    category: 'guides',
    date: '2025-03-01T10:00:00Z',
    tags: ['Code', 'C#', 'Awkward: "quotes"'],
    updated: '2025-04-01',
    image_alt: 'A cover: with a colon',
    body: 'Intro & <b>bold</b>\n\n```ts\nconst a = 1;\n\n\nconst b = 2;\n```\n\n    indented\n\n    code\n',
  },
  {
    slug: 'raw-html',
    title: 'yes',
    category: 'news',
    date: '2025-03-02',
    summary: 'A summary: with a colon',
    // The same tag as "Code" of another post: the store names it once.
    tags: ['code', 'News'],
    body: '<custom-element>\ntext inside\n</custom-element>\n\n<details>\n<summary>More</summary>\n\ninner *md*\n\n</details>\n',
  },
  {
    slug: 'tables-and-images',
    title: '123',
    category: 'news',
    date: '2025-03-03',
    body: '| a | b |\n|---|:-:|\n| 1 | 2 |\n\n![a cover](cover.svg "t")\n\n- [ ] task\n- [x] done\n\n[in page](#x)\n',
  },
  {
    slug: 'a-draft',
    title: 'Not yet',
    category: 'guides',
    date: '2025-03-04',
    draft: true,
    body: 'Draft text\n',
  },
];

/**
 * A store with a history: posts imported in two rounds (so that ids do not follow file names),
 * one changed and one removed between them (a gap in the ids, change dates that differ), and
 * contact messages.
 */
async function storeWithHistory(test: TestStore, imagesDir: string) {
  const first = [...manyPosts(25, 'news', 'zz-old'), ...AWKWARD];
  const dir = writeContent({ posts: first });
  await importContent(test.store, { contentDir: dir, imagesDir });
  await sleep(5);
  rmSync(join(dir, 'posts', 'zz-old-3.md'));
  writeContent({
    dir,
    posts: [
      ...manyPosts(8, 'guides', 'aa-new'),
      { ...first[4]!, body: 'Changed in the second round.\n' },
    ],
  });
  await importContent(test.store, { contentDir: dir, imagesDir, prune: true });
  await test.store.db
    .insertInto('contact_messages')
    .values(
      [1, 2, 3].map((n) => ({
        name: `Sender ${n}`,
        email: `sender${n}@example.com`,
        subject: `Hello ${n}`,
        message: `Message\n\nnumber ${n}`,
        created_at: `2025-04-0${n}T00:00:00.000Z`,
      })),
    )
    .execute();
}

async function appOn(store: Store, imagesDir: string, contentDir: string) {
  const config = loadConfig({ IMAGES_DIR: imagesDir, CONTENT_DIR: contentDir });
  const app = await buildApp({ config, store, contentPollMs: 50 });
  await app.ready();
  return app;
}

/** Every API answer about posts and categories, by URL: the bodies as bytes, and the status. */
async function answers(app: FastifyInstance, slugs: string[]) {
  const out = new Map<string, string>();
  const get = async (url: string) => {
    const response = await app.inject({ url });
    out.set(url, `${response.statusCode} ${response.body}`);
    return response;
  };
  await get(apiPath.site());
  const categories = (await get(apiPath.postcates())).json() as Array<{ id: number }>;
  const tags = (await get(apiPath.tags())).json() as Array<{ slug: string }>;
  // Each list by its page, every page and the empty one past the end.
  const lists: Array<(page: number) => string> = [
    (page) => apiPath.posts(page),
    ...categories.map((c) => (page: number) => apiPath.postsCate(c.id, page)),
    ...tags.map((t) => (page: number) => apiPath.postsTag(t.slug, page)),
  ];
  for (const list of lists) {
    const last = ((await get(list(1))).json() as { last_page: number }).last_page;
    for (let page = 2; page <= last + 1; page++) await get(list(page));
  }
  for (const slug of slugs) await get(apiPath.post(slug));
  return out;
}

/** The rows of the content tables, less where a post was imported from and PostgreSQL's index column. */
async function rows(store: Store) {
  const dump = await dumpContent(store);
  const messages = await dumpMessages(store);
  return {
    categories: dump.categories,
    posts: dump.posts.map(
      ({ source_path: _p, source_hash: _h, search_vector: _v, search_head: _s, ...post }) => post,
    ),
    site: (dump.content_state[0] as { site_json: string }).site_json,
    messages,
  };
}

const stores: TestStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((test) => test.drop()));
});

describe.each([
  ['sqlite', 'postgres'],
  ['postgres', 'sqlite'],
] as Array<[Engine, Engine]>)('export from %s, import into %s', (from, to) => {
  it('gives the same API answers for every post and list, and the same rows', async () => {
    const source = await createTestStore(from);
    const target = await createTestStore(to);
    stores.push(source, target);
    const sourceImages = temp('images');
    await storeWithHistory(source, sourceImages);

    const dir = join(temp('export'), 'site');
    const summary = await exportStore(source.store, { dir, imagesDir: sourceImages });
    expect(summary).toMatchObject({
      posts: 36,
      drafts: 1,
      categories: 2,
      messages: 3,
      warnings: [],
    });
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as {
      engine: string;
    };
    expect(manifest.engine).toBe(from);
    expect(readFileSync(join(dir, 'posts', 'raw-html.md'), 'utf8')).toContain(PASS_THROUGH);

    const targetImages = temp('images');
    const imported = await importExport(target.store, dir, () =>
      importContent(target.store, { contentDir: dir, imagesDir: targetImages }),
    );
    expect(imported.kept).toEqual({ posts: 36, dates: 36, categories: 2, messages: 3 });

    expect(await rows(target.store)).toEqual(await rows(source.store));
    const slugs = (await source.store.db.selectFrom('posts').select('slug').execute()).map(
      (p) => p.slug,
    );
    const [before, after] = [
      await appOn(source.store, sourceImages, dir),
      await appOn(target.store, targetImages, dir),
    ];
    try {
      const expected = await answers(before, slugs);
      expect(expected.size).toBeGreaterThan(40);
      expect(Object.fromEntries(await answers(after, slugs))).toEqual(Object.fromEntries(expected));
    } finally {
      await before.close();
      await after.close();
    }
  }, 60_000);
});

describe('importing an export', () => {
  it('keeps no ids in a store that is not empty, and removes what it placed when the import fails', async () => {
    const source = await createTestStore('sqlite');
    const target = await createTestStore('sqlite');
    stores.push(source, target);
    const images = temp('images');
    await storeWithHistory(source, images);
    const dir = join(temp('export'), 'site');
    await exportStore(source.store, { dir, imagesDir: images });

    // A bad file: the import refuses the folder, and the empty store stays empty.
    writeContent({ dir, posts: [{ ...AWKWARD[0]!, slug: 'bad', category: 'nope' }] });
    const refused = importExport(target.store, dir, () =>
      importContent(target.store, { contentDir: dir, imagesDir: images }),
    );
    await expect(refused).rejects.toThrow(/"nope" is not a category/);
    expect(await rows(target.store)).toMatchObject({ categories: [], posts: [], messages: [] });

    rmSync(join(dir, 'posts', 'bad.md'));
    const other = writeContent({ posts: manyPosts(2, 'news') });
    await importContent(target.store, { contentDir: other, imagesDir: images });
    const imported = await importExport(target.store, dir, () =>
      importContent(target.store, { contentDir: dir, imagesDir: images }),
    );
    expect(imported.kept).toBeNull();
    expect(imported.note).toMatch(/not empty/);
  }, 60_000);
});
