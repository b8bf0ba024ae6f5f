import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { newsPost, postFile } from '../../../test/helpers/content-fixture.js';
import { photo } from '../../../test/helpers/photos.js';
import { importsKeepingImages } from '../../../test/helpers/kept-images.js';
import { servingLastImport } from '../../../test/helpers/last-import.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import type { ImageFile } from '../../shared/schemas/images.js';
import { apiPath, BRAND_ROUTES } from '../../shared/paths.js';
import { importContent } from '../content/import.service.js';
import { BRAND_FILE, IMMUTABLE } from '../cache/cache-policy.js';
import { IMAGE_CSP } from '../http/security-headers.js';

const LONG_TITLE =
  'A post whose title is long enough to be wrapped on its card, and then some more';

/** The photo cover's variants are made by the first engine's import, copied for the second. */
const imports = importsKeepingImages();
let coverPhoto: Promise<Buffer> | undefined;
afterAll(() => imports.drop());

describe.each(ENGINES)("the brand's answers on %s", { timeout: 120_000 }, (engine) => {
  let h: ApiHarness;
  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ url, headers });
  const shareOf = async (slug: string) =>
    ((await get(apiPath.post(slug))).json() as { post: { share_image: ImageFile } }).post
      .share_image;
  const reimport = async () => {
    await importContent(h.test.store, { contentDir: h.contentDir, imagesDir: h.config.imagesDir });
    await servingLastImport(h.app, h.test.store);
  };
  /** An answer that is a served image of this type and size, without metadata. */
  const expectImage = async (url: string, type: string, width: number, height: number) => {
    const res = await get(url);
    expect([res.statusCode, res.headers['content-type']], url).toEqual([200, type]);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif], url).toEqual([width, height, undefined]);
    return res;
  };

  beforeAll(async () => {
    h = await apiHarness(engine, {
      posts: [newsPost('drawn-post', { title: LONG_TITLE }), newsPost('photo-post')],
    });
    writeFileSync(
      join(h.contentDir, 'images', 'photo.jpg'),
      await (coverPhoto ??= photo(1400, 900)),
    );
    writeFileSync(
      join(h.contentDir, 'posts', 'photo-post.md'),
      postFile(newsPost('photo-post', { image: 'photo.jpg' })),
    );
    await imports.importContent(h.test.store, {
      contentDir: h.contentDir,
      imagesDir: h.config.imagesDir,
    });
    await servingLastImport(h.app, h.test.store);
  });
  afterAll(() => h?.close());

  it('serves /favicon.ico with 16, 32 and 48 px images, revalidated by its ETag', async () => {
    const res = await get(BRAND_ROUTES.favicon);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.headers['cache-control']).toBe(BRAND_FILE);
    expect(res.headers['content-security-policy']).toBe(IMAGE_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const ico = res.rawPayload;
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([0, 1, 2].map((i) => ico[6 + 16 * i])).toEqual([16, 32, 48]);
    const again = await get(BRAND_ROUTES.favicon, { 'if-none-match': String(res.headers.etag) });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
  });

  it('serves an opaque 180 px /apple-touch-icon.png with the image headers', async () => {
    const res = await expectImage(BRAND_ROUTES.appleTouchIcon, 'image/png', 180, 180);
    expect((await sharp(res.rawPayload).stats()).isOpaque).toBe(true);
    expect(res.headers['content-security-policy']).toBe(IMAGE_CSP);
    expect(res.headers['cache-control']).toBe(BRAND_FILE);
  });

  it('serves the manifest: the site, its colours and icons that are served, each kept a year', async () => {
    const res = await get(BRAND_ROUTES.manifest);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const manifest = res.json() as {
      name: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Fixture Site',
      theme_color: '#0b5cad',
      background_color: '#f7f7f5',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
    for (const icon of manifest.icons) {
      const size = Number(icon.sizes.split('x')[0]);
      const served = await expectImage(icon.src, 'image/png', size, size);
      expect(served.headers['cache-control']).toBe(IMMUTABLE);
      expect(served.headers['content-security-policy']).toBe(IMAGE_CSP);
    }
  });

  it("names the site's card in /api/site, a served 1200×630 PNG", async () => {
    const { share_image: share } = (await get(apiPath.site())).json() as { share_image: ImageFile };
    expect(share).toMatchObject({ type: 'image/png', width: 1200, height: 630 });
    const res = await expectImage(share.url, 'image/png', 1200, 630);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it("shares a photo cover as its own 1200×630 JPEG, an SVG cover's post as a card of its title", async () => {
    const cover = await shareOf('photo-post');
    expect(cover.url).toMatch(/^\/images\/photo\.[0-9a-f]{12}\.share\.jpg$/);
    await expectImage(cover.url, 'image/jpeg', 1200, 630);
    const card = await shareOf('drawn-post');
    expect(card).toMatchObject({ type: 'image/png', width: 1200, height: 630 });
    expect(card.url).toMatch(/^\/images\/cards\/drawn-post\.[0-9a-f]{12}\.png$/);
    const res = await expectImage(card.url, 'image/png', 1200, 630);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-security-policy']).toBe(IMAGE_CSP);
  });

  it("draws a post's card once: not again when asked again, nor after an unchanged import", async () => {
    const card = await shareOf('drawn-post');
    await get(card.url);
    const drawn = h.app.ctx.brand.files.drawn;
    expect((await get(card.url)).statusCode).toBe(200);
    await reimport();
    expect(await shareOf('drawn-post')).toEqual(card);
    expect((await get(card.url)).statusCode).toBe(200);
    expect(h.app.ctx.brand.files.drawn).toBe(drawn);
  });

  it('draws a new card for a new title, at a new address', async () => {
    const before = await shareOf('drawn-post');
    writeFileSync(
      join(h.contentDir, 'posts', 'drawn-post.md'),
      postFile(newsPost('drawn-post', { title: 'A new title' })),
    );
    await reimport();
    const after = await shareOf('drawn-post');
    expect(after.url).not.toBe(before.url);
    const drawn = h.app.ctx.brand.files.drawn;
    await expectImage(after.url, 'image/png', 1200, 630);
    expect(h.app.ctx.brand.files.drawn).toBe(drawn + 1);
  });

  it('answers 404 to a card of no post, of another title, or of no card name', async () => {
    const card = (await shareOf('drawn-post')).url;
    const drawn = h.app.ctx.brand.files.drawn;
    for (const url of [
      card.replace('drawn-post.', 'no-such-post.'),
      card.replace(/\.[0-9a-f]{12}\./, '.0123456789ab.'),
      '/images/cards/..%2F..%2Fsecret.png',
      '/images/brand/icon.0123456789ab.ico',
      '/images/brand/site.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-security-policy'], url).toBe(IMAGE_CSP);
    }
    expect(h.app.ctx.brand.files.drawn).toBe(drawn);
  });

  it('draws again, on request, an icon whose file is missing from the disk', async () => {
    const manifest = (await get(BRAND_ROUTES.manifest)).json() as { icons: { src: string }[] };
    const name = manifest.icons[0]!.src.split('/').pop()!;
    rmSync(join(h.config.imagesDir, 'brand', name));
    await expectImage(manifest.icons[0]!.src, 'image/png', 192, 192);
  });
});
