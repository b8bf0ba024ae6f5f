import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { manyPosts, postFile } from '../../../test/helpers/content-fixture.js';
import { servingLastImport } from '../../../test/helpers/last-import.js';
import { hasGps, photo } from '../../../test/helpers/photos.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import type { ImageVariants } from '../../shared/schemas/images.js';
import { importContent } from '../content/import.service.js';
import { API_ROUTES, apiPath, imagePath } from '../../shared/paths.js';

const POST = {
  ...manyPosts(1, 'news', 'photo')[0]!,
  image: 'photo.jpg',
  body: 'Before.\n\n![A field](photo.jpg "The field")\n\nAfter.',
};

describe.each(ENGINES)('serving images on %s', { timeout: 120_000 }, (engine) => {
  let h: ApiHarness;
  let source: Buffer;
  const reimport = async () => {
    await importContent(h.test.store, { contentDir: h.contentDir, imagesDir: h.config.imagesDir });
    await servingLastImport(h.app, h.test.store);
  };
  const card = async () => {
    const res = await h.app.inject(API_ROUTES.posts);
    return (res.json() as { data: { slug: string; image_variants: ImageVariants }[] }).data.find(
      (c) => c.slug === POST.slug,
    )!;
  };

  beforeAll(async () => {
    h = await apiHarness(engine, { posts: manyPosts(2, 'news') });
    source = await photo(900, 600);
    writeFileSync(join(h.contentDir, 'images', 'photo.jpg'), source);
    writeFileSync(join(h.contentDir, 'posts', `${POST.slug}.md`), postFile(POST));
    await reimport();
  });
  afterAll(() => h?.close());

  it('gives cards their variants and serves each, immutable and without EXIF', async () => {
    expect(hasGps((await sharp(source).metadata()).exif)).toBe(true);
    const { image_variants: variants } = await card();
    expect(variants).toMatchObject({ width: 900, height: 600 });
    expect(variants.files.map((f) => `${f.type} ${f.width}`)).toEqual(
      ['image/avif', 'image/webp', 'image/jpeg'].flatMap((t) =>
        [320, 480, 640, 900].map((w) => `${t} ${w}`),
      ),
    );
    for (const file of [...variants.files, variants.share!]) {
      const res = await h.app.inject(file.url);
      expect(res.statusCode, file.url).toBe(200);
      expect(res.headers['content-type'], file.url).toBe(file.type);
      expect(res.headers['cache-control'], file.url).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height, meta.exif], file.url).toEqual([
        file.width,
        file.height,
        undefined,
      ]);
    }
    // The original, GPS and all, is kept for exports only.
    const original = await h.app.inject('/images/.sources/photo.jpg');
    expect(original.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('answers the old URL with a redirect to the best file the client takes', async () => {
    const { image_variants: variants } = await card();
    const widest = (type: string) => variants.files.filter((f) => f.type === type).at(-1)!.url;
    const cases: [string, string][] = [
      ['image/avif,image/webp,image/*,*/*;q=0.8', widest('image/avif')],
      ['image/webp,*/*', widest('image/webp')],
      ['*/*', widest('image/jpeg')],
    ];
    for (const [accept, location] of cases) {
      const res = await h.app.inject({ url: imagePath('photo.jpg'), headers: { accept } });
      expect([res.statusCode, res.headers.location], accept).toEqual([302, location]);
      expect(res.headers.vary).toBe('Accept');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
    const svg = await h.app.inject(imagePath('cover.svg'));
    expect(svg.headers.location).toMatch(/^\/images\/cover\.[0-9a-f]{12}\.svg$/);
    expect((await h.app.inject(imagePath('nothing.jpg'))).statusCode).toBe(404);
  });

  it("turns the body's images into pictures with widths, sizes and their own size", async () => {
    const res = await h.app.inject(apiPath.post(POST.slug));
    const { post } = res.json() as { post: { content: string; image_variants: ImageVariants } };
    const jpeg = post.image_variants.files.filter((f) => f.type === 'image/jpeg');
    expect(post.content).toContain(
      '<picture class="picture"><source type="image/avif" srcset="/images/photo.',
    );
    expect(post.content).toContain(
      `<img src="${jpeg.at(-1)!.url}" srcset="${jpeg.map((f) => `${f.url} ${f.width}w`).join(', ')}" sizes="(max-width: 25rem)`,
    );
    expect(post.content).toMatch(
      /width="900" height="600" loading="lazy" decoding="async" class="ph-\d{3}" alt="A field" title="The field" ?\/?><\/picture>/,
    );
  });

  it("gives the portfolio's images their files, to the API and the page", async () => {
    const { images } = (await h.app.inject(apiPath.site())).json() as {
      images: Record<string, ImageVariants>;
    };
    const file = images['product.svg']!.files[0]!;
    expect(file.url).toMatch(/^\/images\/product\.[0-9a-f]{12}\.svg$/);
    expect((await h.app.inject(apiPath.site())).statusCode).toBe(200);
  });

  it('shows a photo replaced under the same name at once, at new URLs; the old ones go', async () => {
    const before = (await card()).image_variants;
    writeFileSync(
      join(h.contentDir, 'images', 'photo.jpg'),
      await photo(900, 600, { background: '#903020' }),
    );
    await reimport();
    const after = (await card()).image_variants;
    expect(after.files[0]!.url).not.toBe(before.files[0]!.url);
    expect((await h.app.inject(after.files[0]!.url)).statusCode).toBe(200);
    expect((await h.app.inject(before.files[0]!.url)).statusCode).toBe(404);
    const moved = await h.app.inject({ url: imagePath('photo.jpg'), headers: { accept: '*/*' } });
    expect(moved.headers.location).toBe(after.files.at(-1)!.url);
  });
});
