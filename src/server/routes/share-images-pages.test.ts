import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsPost, postFile } from '../../../test/helpers/content-fixture.js';
import { importsKeepingImages } from '../../../test/helpers/kept-images.js';
import { servingLastImport } from '../../../test/helpers/last-import.js';
import { photo } from '../../../test/helpers/photos.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { BRAND_ROUTES, pagePath } from '../../shared/paths.js';
import { IMAGE_CSP } from '../http/security-headers.js';
import { ICON_LINKS } from '../http/small-page.js';

const PUBLIC_URL = 'https://public.example';

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

/** The content of each `<meta>` of the head by its property or name. */
function metaOf(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  return new Map(
    [...head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ENTITIES[e]!),
    ]),
  );
}

/** The photo cover's variants are made by the first engine's import, copied for the second. */
const imports = importsKeepingImages();
let coverPhoto: Promise<Buffer> | undefined;
afterAll(() => imports.drop());

describe.each(ENGINES)('the link preview of every page on %s', { timeout: 120_000 }, (engine) => {
  let h: WebHarness;
  const pages: [kind: string, url: string, status: number][] = [
    ['landing', pagePath.landing(), 200],
    ['resume', pagePath.resume(), 200],
    ['posts', pagePath.posts(), 200],
    ['category', pagePath.category(1), 200],
    ['tag', pagePath.tag('caching'), 200],
    ['search', pagePath.search('svg'), 200],
    ['post with an SVG cover', pagePath.post('svg-cover'), 200],
    ['post with a photo cover', pagePath.post('photo-cover'), 200],
    ['unknown page', '/no-such-post', 404],
  ];

  beforeAll(async () => {
    h = await webHarness(engine, {
      posts: [
        newsPost('svg-cover', { title: 'An SVG cover & a <title>', tags: ['caching'] }),
        newsPost('photo-cover'),
      ],
      env: { PUBLIC_URL },
    });
    const dir = h.config.contentDir;
    writeFileSync(join(dir, 'images', 'photo.jpg'), await (coverPhoto ??= photo(1600, 1000)));
    writeFileSync(
      join(dir, 'posts', 'photo-cover.md'),
      postFile(newsPost('photo-cover', { image: 'photo.jpg', image_alt: 'A green field' })),
    );
    await imports.importContent(h.test.store, { contentDir: dir, imagesDir: h.config.imagesDir });
    await servingLastImport(h.app, h.test.store);
  });
  afterAll(async () => h?.close());

  it.each(pages)(
    '%s: names a served 1200×630 raster as og:image, large in previews',
    async (_kind, url, status) => {
      const page = await h.app.inject(url);
      expect(page.statusCode).toBe(status);
      const meta = metaOf(page.body);
      expect(meta.get('twitter:card')).toBe('summary_large_image');
      expect([meta.get('og:image:width'), meta.get('og:image:height')]).toEqual(['1200', '630']);
      expect(meta.get('og:image:alt')).toBeTruthy();
      const image = meta.get('og:image')!;
      expect(meta.get('twitter:image')).toBe(image);
      expect(image.startsWith(`${PUBLIC_URL}/images/`)).toBe(true);
      const served = await h.app.inject(image.slice(PUBLIC_URL.length));
      expect(served.statusCode, image).toBe(200);
      expect(['image/png', 'image/jpeg']).toContain(served.headers['content-type']);
      expect(served.headers['content-security-policy']).toBe(IMAGE_CSP);
      const { width, height, format } = await sharp(served.rawPayload).metadata();
      expect([width, height]).toEqual([1200, 630]);
      expect(served.headers['content-type']).toBe(`image/${format}`);
      // The icons and the manifest, at the addresses that always answer with the current brand's.
      for (const link of [
        'rel="icon" href="/favicon.ico"',
        'rel="apple-touch-icon"',
        'rel="manifest"',
      ])
        expect(page.body).toContain(link);
    },
  );

  it("a post's preview: its photo cover's own file with its text alternative, else its title's card", async () => {
    const photoMeta = metaOf((await h.app.inject(pagePath.post('photo-cover'))).body);
    expect(photoMeta.get('og:image')).toMatch(/\/images\/photo\.[0-9a-f]{12}\.share\.jpg$/);
    expect(photoMeta.get('og:image:alt')).toBe('A green field');
    const svgMeta = metaOf((await h.app.inject(pagePath.post('svg-cover'))).body);
    expect(svgMeta.get('og:image')).toMatch(/\/images\/cards\/svg-cover\.[0-9a-f]{12}\.png$/);
    expect(svgMeta.get('og:image:alt')).toBe('An SVG cover & a <title>');
    // Every other page shows the site's own card.
    const landing = metaOf((await h.app.inject('/')).body).get('og:image');
    expect(landing).toMatch(/\/images\/brand\/site\.[0-9a-f]{12}\.png$/);
  });

  it('the pages the server writes without the app (errors) link the icons too', async () => {
    const refused = await h.app.inject('/posts/%E0%A4%A');
    expect(refused.statusCode).toBe(400);
    for (const link of ICON_LINKS) expect(refused.body).toContain(link);
    expect((await h.app.inject(BRAND_ROUTES.favicon)).statusCode).toBe(200);
  });
});
