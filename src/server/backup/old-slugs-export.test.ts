import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newsPost, postFile, writeContent } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { importContent } from '../content/import.service.js';
import type { Engine } from '../db/schema.js';
import { PostMovesRepository } from '../posts/post-moves.repository.js';
import { backupStore } from './backup.service.js';
import { importExport } from './export-import.js';
import { MANIFEST_FILE } from './export-manifest.js';
import { exportStore } from './export.service.js';
import { restoreStore } from './restore.service.js';

const temp = (name: string) => mkdtempSync(join(tmpdir(), `postfolio-${name}-`));
const OLD_SLUGS = ['alpha-old', 'beta', 'gamma', 'alpha', 'beta-new', 'never-was'];
const other = (engine: Engine): Engine => (engine === 'sqlite' ? 'postgres' : 'sqlite');

/** A store with an alias, a renamed file and a pruned post. */
async function storeWithOldSlugs(test: TestStore, imagesDir: string) {
  const dir = writeContent({ posts: [newsPost('alpha'), newsPost('beta'), newsPost('gamma')] });
  await importContent(test.store, { contentDir: dir, imagesDir });
  writeFileSync(
    join(dir, 'posts', 'alpha.md'),
    postFile(newsPost('alpha')).replace(/^---\n/, '---\naliases: [alpha-old]\n'),
  );
  writeFileSync(join(dir, 'posts', 'beta.md'), postFile(newsPost('beta-new')));
  rmSync(join(dir, 'posts', 'gamma.md'));
  await importContent(test.store, { contentDir: dir, imagesDir, prune: true });
}

/** What the API answers for each old and current slug: status, Location and body. */
async function answers(test: TestStore, imagesDir: string) {
  const app = await buildApp({ config: loadConfig({ IMAGES_DIR: imagesDir }), store: test.store });
  try {
    const out: Record<string, unknown> = {};
    for (const slug of OLD_SLUGS) {
      const response = await app.inject(`/api/post/${slug}`);
      out[slug] = {
        status: response.statusCode,
        location: response.headers.location,
        body: response.body,
      };
    }
    return out;
  } finally {
    await app.close();
  }
}

describe.each(ENGINES)('old slugs in exports and backups, from %s', (engine) => {
  const stores: TestStore[] = [];
  const store = async (on: Engine) => {
    const test = await createTestStore(on);
    stores.push(test);
    return test;
  };
  afterEach(async () => {
    for (const test of stores.splice(0)) await test.drop();
  });

  it(`export writes aliases into front matter and removed slugs into the manifest; imported into ${other(engine)} the API answers alike`, async () => {
    const source = await store(engine);
    const imagesDir = temp('images');
    await storeWithOldSlugs(source, imagesDir);
    const before = await answers(source, imagesDir);
    expect(before).toMatchObject({
      'alpha-old': { status: 301, location: '/api/post/alpha' },
      beta: { status: 301, location: '/api/post/beta-new' },
      gamma: { status: 410 },
      alpha: { status: 200 },
      'never-was': { status: 404 },
    });

    const dir = join(temp('export'), 'site');
    await exportStore(source.store, { dir, imagesDir });
    expect(readFileSync(join(dir, 'posts', 'alpha.md'), 'utf8')).toMatch(
      /\naliases:\n {2}- alpha-old\n/,
    );
    expect(readFileSync(join(dir, 'posts', 'beta-new.md'), 'utf8')).toMatch(
      /\naliases:\n {2}- beta\n/,
    );
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
    expect(manifest.removed_slugs.map((r: { slug: string }) => r.slug)).toEqual(['gamma']);

    const target = await store(other(engine));
    const targetImages = temp('images');
    await importExport(target.store, dir, () =>
      importContent(target.store, { contentDir: dir, imagesDir: targetImages }),
    );
    expect(await answers(target, targetImages)).toEqual(before);
  });

  it('a backup restored carries the aliases and removed slugs', async () => {
    const source = await store(engine);
    await storeWithOldSlugs(source, temp('images'));
    const file = join(temp('backup'), engine === 'sqlite' ? 'b.db' : 'b.jsonl.gz');
    await backupStore(source.store, file);
    const target = await store(engine);
    await restoreStore(target.store, file);
    const moves = new PostMovesRepository(target.store.db);
    expect(await moves.find('alpha-old')).toEqual({ kind: 'alias', slug: 'alpha' });
    expect(await moves.find('beta')).toEqual({ kind: 'alias', slug: 'beta-new' });
    expect(await moves.find('gamma')).toEqual({ kind: 'gone' });
  });
});
