import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { stringify } from 'yaml';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manyPosts, siteFixture, writeContent } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { BrandFileStore } from '../brand-images/brand-file-store.js';
import { BRAND_DIR, CARDS_DIR } from '../brand-images/brand-plan.js';
import { ImportError, importContent } from './import.service.js';

const square = (size: number, height = size) =>
  sharp({ create: { width: size, height, channels: 4, background: '#d04020' } })
    .png()
    .toBuffer();

describe.each(ENGINES)("the brand's images at import on %s", { timeout: 60_000 }, (engine) => {
  let test: TestStore;
  let imagesDir: string;
  let dir: string;
  const site = (brand: SiteConfig['brand']) =>
    writeFileSync(join(dir, 'site.yaml'), stringify({ ...siteFixture({ news: 'News' }), brand }));
  const run = () => importContent(test.store, { contentDir: dir, imagesDir });
  const refusal = async () => {
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    return (error as ImportError).failures.map((f) => f.message);
  };
  const brandFiles = () =>
    existsSync(join(imagesDir, BRAND_DIR)) ? readdirSync(join(imagesDir, BRAND_DIR)).sort() : [];

  beforeEach(async () => {
    test = await createTestStore(engine);
    imagesDir = mkdtempSync(join(tmpdir(), 'postfolio-images-'));
    dir = writeContent({ posts: manyPosts(2, 'news') });
  });
  afterEach(() => test.drop());

  it('refuses an icon that is not square or too small, naming the file; nothing is published', async () => {
    writeFileSync(join(dir, 'images', 'wide.png'), await square(600, 400));
    site({ icon: 'wide.png' });
    expect(await refusal()).toEqual([
      'images/wide.png: is 600×400 pixels: brand.icon must be square, as wide as it is high',
    ]);
    writeFileSync(join(dir, 'images', 'small.png'), await square(256));
    site({ icon: 'small.png' });
    expect(await refusal()).toEqual([
      'images/small.png: is 256×256 pixels: brand.icon must be at least 512×512 pixels (or an SVG)',
    ]);
    site({ icon: 'missing.png' });
    expect(await refusal()).toEqual([
      `${join(dir, 'site.yaml')}: brand.icon "missing.png" is not in images/`,
    ]);
    expect(brandFiles()).toEqual([]);
    const posts = await test.store.db.selectFrom('posts').select('id').execute();
    expect(posts).toEqual([]);
  });

  it('draws the icon and the site card once; an unchanged re-import draws nothing', async () => {
    writeFileSync(join(dir, 'images', 'icon.png'), await square(512));
    site({ icon: 'icon.png' });
    expect((await run()).brandImages).toBe(2);
    const first = brandFiles();
    expect(first.map((name) => name.replace(/\.[0-9a-f]{12}\./, '.#.'))).toEqual([
      'icon.#.192.png',
      'icon.#.512.png',
      'icon.#.apple.png',
      'icon.#.ico',
      'icon.#.maskable.png',
      'site.#.png',
    ]);
    expect((await run()).brandImages).toBe(0);
    expect(brandFiles()).toEqual(first);
  });

  it('a new accent draws both again under new names; the old files and cards go', async () => {
    site(undefined);
    await run();
    const before = brandFiles();
    mkdirSync(join(imagesDir, CARDS_DIR, 'oldbrandkey1'), { recursive: true });
    writeFileSync(join(imagesDir, CARDS_DIR, 'oldbrandkey1', 'post-1.0123456789ab.png'), 'x');
    site({ accent: { light: '#6a1b9a' } });
    expect((await run()).brandImages).toBe(2);
    const after = brandFiles();
    expect(after).toHaveLength(6);
    expect(after.filter((name) => before.includes(name))).toEqual([]);
    expect(readdirSync(join(imagesDir, CARDS_DIR))).toEqual([]);
  });

  it('a refused import removes what it drew', async () => {
    site({ accent: { light: '#6a1b9a' } });
    writeFileSync(join(dir, 'posts', 'broken.md'), '---\ntitle: [unclosed\n---\n');
    const ensure = vi.spyOn(BrandFileStore.prototype, 'ensure');
    try {
      await refusal();
      const written = (await Promise.all(ensure.mock.results.map((r) => r.value))).flat();
      // The icon's five files and the site's card were drawn before the post was found broken.
      expect(written).toHaveLength(6);
      for (const path of written) expect(existsSync(path), path).toBe(false);
      expect(brandFiles()).toEqual([]);
    } finally {
      ensure.mockRestore();
    }
  });

  it("lays the logo on the site's card, drawn from its sanitized SVG", async () => {
    const logo =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><script>alert(1)</script><rect width="200" height="50" fill="#ff0000"/></svg>';
    writeFileSync(join(dir, 'images', 'logo.svg'), logo);
    site({ logo: 'logo.svg' });
    await run();
    const card = brandFiles().find((name) => name.startsWith('site.'))!;
    const pixel = await sharp(join(imagesDir, BRAND_DIR, card))
      .extract({ left: 240, top: 100, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect([...pixel]).toEqual([255, 0, 0]);
  });
});
