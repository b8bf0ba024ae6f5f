import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageFiles, shareFile } from '../../shared/image-variants.js';
import { manyPosts, writeContent } from '../../../test/helpers/content-fixture.js';
import { hasGps, photo, pngClaiming, transparentPng } from '../../../test/helpers/photos.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { SOURCES_DIR } from './image-publication.js';
import { ImagesRepository } from './images.repository.js';
import { ImportError, importContent } from '../content/import.service.js';
import { BRAND_DIR } from '../brand-images/brand-plan.js';

// sharp's work is slow on a busy test machine: these tests take their time.
describe.each(ENGINES)('image variants of an import on %s', { timeout: 120_000 }, (engine) => {
  let test: TestStore;
  let imagesDir: string;
  let dir: string;
  beforeEach(async () => {
    test = await createTestStore(engine);
    imagesDir = mkdtempSync(join(tmpdir(), 'postfolio-images-'));
    dir = writeContent({ posts: [{ ...manyPosts(1, 'news')[0]!, image: 'photo.jpg' }] });
  });
  afterEach(() => test.drop());

  const records = () => new ImagesRepository(test.store.db).all();
  const record = async (name: string) => (await records()).find((r) => r.name === name)!;
  // The images' files; the brand's drawings have a folder of their own (brand-images/).
  const served = () =>
    readdirSync(imagesDir)
      .filter((f) => !f.startsWith('.') && f !== BRAND_DIR)
      .sort();
  const run = () => importContent(test.store, { contentDir: dir, imagesDir });

  it('makes AVIF, WebP and JPEG at each width, upright, in sRGB, without EXIF or GPS', async () => {
    // Stored 1000×750 and turned by EXIF: 750×1000 once upright.
    const source = await photo(1000, 750, { orientation: 6 });
    expect(hasGps((await sharp(source).metadata()).exif)).toBe(true);
    writeFileSync(join(dir, 'images', 'photo.jpg'), source);
    const summary = await run();
    expect(summary.images).toBe(3); // the photo, cover.svg and product.svg

    const photoRecord = await record('photo.jpg');
    expect(photoRecord).toMatchObject({ width: 750, height: 1000, format: 'jpeg' });
    expect(photoRecord.color).toMatch(/^#[0-9a-f]{6}$/);
    const files = imageFiles(photoRecord);
    expect(files.map((f) => `${f.type} ${f.width}×${f.height}`)).toEqual(
      ['image/avif', 'image/webp', 'image/jpeg'].flatMap((type) =>
        ['320×427', '480×640', '640×853', '750×1000'].map((size) => `${type} ${size}`),
      ),
    );
    const share = shareFile(photoRecord)!;
    for (const file of [...files, share]) {
      const meta = await sharp(join(imagesDir, file.url.slice(8))).metadata();
      const format = { 'image/avif': 'heif', 'image/webp': 'webp', 'image/jpeg': 'jpeg' }[
        file.type
      ];
      expect([meta.format, meta.width, meta.height], file.url).toEqual([
        format,
        file.width,
        file.height,
      ]);
      expect(meta.exif, file.url).toBeUndefined();
      expect(meta.xmp, file.url).toBeUndefined();
      expect(meta.orientation, file.url).toBeUndefined();
      expect(meta.space, file.url).toBe('srgb');
    }
    expect([share.width, share.height]).toEqual([1200, 630]);
    // The original is kept for exports, out of reach of /images/ (a dot folder).
    expect(existsSync(join(imagesDir, SOURCES_DIR, 'photo.jpg'))).toBe(true);
    // Nothing else lies where files are served: no copy of the original, no temporary file.
    const expected = [...imageFiles(photoRecord), share].map((f) => f.url.slice(8));
    for (const name of ['cover.svg', 'product.svg'])
      expected.push(...imageFiles(await record(name)).map((f) => f.url.slice(8)));
    expect(served()).toEqual(expected.sort());
  });

  it('keeps transparency in a PNG fallback, with no placeholder colour', async () => {
    writeFileSync(join(dir, 'images', 'photo.jpg'), await photo(400, 300));
    writeFileSync(join(dir, 'images', 'logo.png'), await transparentPng(500, 200));
    await run();
    const logo = await record('logo.png');
    expect(logo).toMatchObject({ width: 500, height: 200, format: 'png', color: null });
    expect(imageFiles(logo).map((f) => f.type)).toEqual([
      ...Array(3).fill('image/avif'),
      ...Array(3).fill('image/webp'),
      ...Array(3).fill('image/png'),
    ]);
    const png = imageFiles(logo).at(-1)!;
    expect((await sharp(join(imagesDir, png.url.slice(8))).metadata()).hasAlpha).toBe(true);
  });

  it('does no image work for unchanged images, and a replaced one gets new URLs at once', async () => {
    // Two widths (320, 480) show files kept, made and removed; a larger photo only costs encoding.
    writeFileSync(join(dir, 'images', 'photo.jpg'), await photo(480, 360));
    await run();
    const first = await record('photo.jpg');
    const times = new Map(served().map((f) => [f, statSync(join(imagesDir, f)).mtimeMs]));

    const again = await run();
    expect([again.images, again.imagesReused]).toEqual([0, 3]);
    expect(new Map(served().map((f) => [f, statSync(join(imagesDir, f)).mtimeMs]))).toEqual(times);

    // A new store (a restore, another engine) finds the files made under the same hashes.
    const other = await createTestStore(engine);
    try {
      const fresh = await importContent(other.store, { contentDir: dir, imagesDir });
      expect([fresh.images, fresh.imagesReused]).toEqual([0, 3]);
    } finally {
      await other.drop();
    }

    writeFileSync(
      join(dir, 'images', 'photo.jpg'),
      await photo(480, 360, { background: '#a04020' }),
    );
    const replaced = await run();
    expect([replaced.images, replaced.imagesReused]).toEqual([1, 2]);
    const second = await record('photo.jpg');
    expect(second.hash).not.toBe(first.hash);
    const oldFiles = imageFiles(first).map((f) => f.url.slice(8));
    const newFiles = imageFiles(second).map((f) => f.url.slice(8));
    expect(newFiles.every((f) => served().includes(f))).toBe(true);
    // The old hash's files are gone once the import committed.
    expect(oldFiles.filter((f) => served().includes(f))).toEqual([]);
  });

  it('refuses corrupt, unsupported and oversized images by name, and leaves nothing behind', async () => {
    writeFileSync(join(dir, 'images', 'photo.jpg'), await photo(400, 300));
    await run();
    const before = served();
    const recordsBefore = await records();

    const good = await photo(480, 360, { background: '#2040a0' });
    writeFileSync(join(dir, 'images', 'new.jpg'), good);
    writeFileSync(join(dir, 'images', 'cut.jpg'), good.subarray(0, good.length / 2));
    writeFileSync(join(dir, 'images', 'bomb.png'), pngClaiming(30_000, 30_000));
    writeFileSync(join(dir, 'images', 'scan.tiff'), await sharp(good).tiff().toBuffer());
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    const messages = (error as ImportError).failures.map((f) => f.message);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toBe(
      'images/bomb.png: is 30000×30000 pixels, more than the 100 million an image may have',
    );
    expect(messages[1]).toMatch(/^images\/cut\.jpg: is not a readable JPG image \(.+\)$/);
    expect(messages[2]).toMatch(/^images\/scan\.tiff: is not an image; images\/ takes only/);
    // The good new image's files were made, then removed with the refused import.
    expect(served()).toEqual(before);
    expect(await records()).toEqual(recordsBefore);
    expect(readdirSync(join(imagesDir, SOURCES_DIR)).sort()).toEqual([
      'cover.svg',
      'photo.jpg',
      'product.svg',
    ]);
  });
});
