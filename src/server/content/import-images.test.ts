import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manyPosts, TINY_SVG, writeContent } from '../../../test/helpers/content-fixture.js';
import { RASTER } from '../../../test/helpers/raster-images.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { imageFiles } from '../../shared/image-variants.js';
import { ImagesRepository } from '../images/images.repository.js';
import { ImportError, importContent } from './import.service.js';

describe.each(ENGINES)('images of an import on %s', (engine) => {
  let test: TestStore;
  let imagesDir: string;
  beforeEach(async () => {
    test = await createTestStore(engine);
    imagesDir = mkdtempSync(join(tmpdir(), 'postfolio-images-'));
  });
  afterEach(() => test.drop());

  const postCount = async () =>
    (
      await test.store.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('refuses a folder with a file that is not an image, naming it, and writes nothing', async () => {
    const dir = writeContent({ posts: manyPosts(2, 'news') });
    writeFileSync(join(dir, 'images', 'evil.html'), '<script>alert(1)</script>');
    writeFileSync(join(dir, 'images', 'evil.js'), 'alert(1)');
    writeFileSync(join(dir, 'images', 'photo.png'), '<html><script>alert(1)</script></html>');
    const error = await importContent(test.store, { contentDir: dir, imagesDir }).catch((e) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).failures.map((f) => f.message)).toEqual([
      'images/evil.html: is not an image; images/ takes only .png, .jpg, .jpeg, .gif, .webp, .avif, .svg files',
      'images/evil.js: is not an image; images/ takes only .png, .jpg, .jpeg, .gif, .webp, .avif, .svg files',
      'images/photo.png: is not a readable PNG image',
    ]);
    expect(Number(await postCount())).toBe(0);
    expect(existsSync(join(imagesDir, 'evil.html'))).toBe(false);
    expect(existsSync(join(imagesDir, 'cover.svg'))).toBe(false);
  });

  it('publishes SVG as its sanitized drawing, at a URL of its own hash', async () => {
    const dir = writeContent({ posts: manyPosts(1, 'news') });
    const hostile = TINY_SVG.replace('<rect', '<script>alert(1)</script><rect onload="alert(1)"');
    writeFileSync(join(dir, 'images', 'cover.svg'), hostile);
    writeFileSync(join(dir, 'images', 'dot.png'), RASTER.png);
    await importContent(test.store, { contentDir: dir, imagesDir });
    const records = await new ImagesRepository(test.store.db).all();
    const cover = imageFiles(records.find((r) => r.name === 'cover.svg')!);
    expect(cover).toEqual([
      {
        url: expect.stringMatching(/^\/images\/cover\.[0-9a-f]{12}\.svg$/),
        type: 'image/svg+xml',
        width: 800,
        height: 450,
      },
    ]);
    const published = join(imagesDir, cover[0]!.url.slice(8));
    expect(readFileSync(published, 'utf8')).toBe(TINY_SVG);
    expect(existsSync(join(imagesDir, 'cover.svg'))).toBe(false);
    const dot = imageFiles(records.find((r) => r.name === 'dot.png')!);
    expect(dot.map((f) => f.type).slice(0, 2)).toEqual(['image/avif', 'image/webp']);

    // A published file that went missing is made again by the next import.
    rmSync(published);
    const summary = await importContent(test.store, { contentDir: dir, imagesDir });
    expect(summary.images).toBe(1);
    expect(readFileSync(published, 'utf8')).toBe(TINY_SVG);
  });
});
