import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { siteFixture } from '../../../test/helpers/content-fixture.js';
import { hasGps, photo } from '../../../test/helpers/photos.js';
import { brandLook } from './brand-look.js';
import { iconProblem } from './icon-check.js';
import { drawIconSet, FAVICON_SIZES, ICON_FILES } from './icon-set.js';
import { shortName, webManifest } from './web-manifest.js';

const site = siteFixture({ news: 'News' });
const look = brandLook({ ...site, brand: { accent: { light: '#6a1b9a' } } });

/** The images an ICO file holds, from its directory (ICONDIR, then one ICONDIRENTRY each). */
function icoEntries(ico: Buffer) {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
    const at = 6 + 16 * i;
    const size = ico.readUInt32LE(at + 8);
    const offset = ico.readUInt32LE(at + 12);
    return {
      width: ico[at] || 256,
      height: ico[at + 1] || 256,
      image: ico.subarray(offset, offset + size),
    };
  });
}

async function expectSizes(set: Record<keyof typeof ICON_FILES, Buffer>) {
  for (const [file, { size }] of Object.entries(ICON_FILES)) {
    if (file === 'favicon') continue;
    const meta = await sharp(set[file as keyof typeof ICON_FILES]).metadata();
    expect([file, meta.format, meta.width, meta.height]).toEqual([file, 'png', size, size]);
    expect(meta.exif, file).toBeUndefined();
  }
  const entries = icoEntries(set.favicon);
  expect(entries.map((e) => [e.width, e.height])).toEqual(FAVICON_SIZES.map((s) => [s, s]));
  for (const entry of entries) {
    const meta = await sharp(entry.image).metadata();
    expect([meta.format, meta.width]).toEqual(['png', entry.width]);
  }
  // iOS shows transparency as black: the touch icon is opaque.
  expect((await sharp(set.apple).stats()).isOpaque).toBe(true);
}

describe("the site's icon", () => {
  it('without an icon: the monogram on the accent, every size, the ICO with 16, 32 and 48', async () => {
    const set = await drawIconSet(look);
    await expectSizes(set);
    // The corner of the rounded icon is transparent; the maskable one is the accent to its edge.
    const corner = async (png: Buffer) => [
      ...(await sharp(png).extract({ left: 2, top: 2, width: 1, height: 1 }).raw().toBuffer()),
    ];
    expect((await corner(set.icon512))[3]).toBe(0);
    expect(await corner(set.maskable)).toEqual([0x6a, 0x1b, 0x9a, 255]);
  });

  it("from the owner's photo: every size, no EXIF or GPS left, the touch icon on the page's ground", async () => {
    const source = await photo(700, 700);
    expect(hasGps((await sharp(source).metadata()).exif)).toBe(true);
    const set = await drawIconSet(look, { bytes: source, format: 'jpeg', width: 700, height: 700 });
    await expectSizes(set);
    for (const entry of icoEntries(set.favicon))
      expect((await sharp(entry.image).metadata()).exif).toBeUndefined();
  });

  it('from a square SVG smaller than 512: drawn at each size, not enlarged from its own', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="15" fill="#0a0"/></svg>',
    );
    const set = await drawIconSet(look, { bytes: svg, format: 'svg', width: 32, height: 32 });
    await expectSizes(set);
    // A sharp edge: across the circle's rim at 512 px, the alpha goes from 0 to 255 within a few pixels.
    const { data } = await sharp(set.icon512)
      .extract({ left: 0, top: 256, width: 40, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphas = Array.from({ length: 40 }, (_, x) => data[x * 4 + 3]!);
    const ramp = alphas.filter((a) => a > 0 && a < 255).length;
    expect(ramp).toBeLessThanOrEqual(3);
  });
});

describe('which images can be the icon', () => {
  it('names what is wrong: not square, too small, a drawing of no size', () => {
    expect(iconProblem({ format: 'png', width: 600, height: 400 })).toBe(
      'is 600×400 pixels: brand.icon must be square, as wide as it is high',
    );
    expect(iconProblem({ format: 'jpeg', width: 256, height: 256 })).toBe(
      'is 256×256 pixels: brand.icon must be at least 512×512 pixels (or an SVG)',
    );
    expect(iconProblem({ format: 'svg', width: 0, height: 0 })).toMatch(
      /^has no width and height nor viewBox/,
    );
    expect(iconProblem({ format: 'svg', width: 48, height: 64 })).toMatch(/must be square/);
  });

  it('takes a square raster of 512 or more, and a square drawing of any size', () => {
    expect(iconProblem({ format: 'png', width: 512, height: 512 })).toBeUndefined();
    expect(iconProblem({ format: 'jpeg', width: 4000, height: 4000 })).toBeUndefined();
    expect(iconProblem({ format: 'svg', width: 24, height: 24 })).toBeUndefined();
  });
});

describe('the web app manifest', () => {
  const icons = { icon192: '/a.192.png', icon512: '/a.512.png', maskable: '/a.maskable.png' };

  it('names the site, its colours and its three icons, the maskable one as such', () => {
    const manifest = webManifest({ ...site, brand: { accent: { light: '#6A1B9A' } } }, look, icons);
    expect(manifest).toMatchObject({
      name: 'Fixture Site',
      short_name: 'Fixture Site',
      description: 'A site made by the tests',
      lang: 'en',
      start_url: '/',
      theme_color: '#6a1b9a',
      background_color: '#f7f7f5',
    });
    expect(manifest.icons).toEqual([
      { src: '/a.192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/a.512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/a.maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('shortens a long title for the home screen: its first word, else its first 12 characters', () => {
    expect(shortName('Ada Lovelace Writes')).toBe('Ada');
    expect(shortName('Supercalifragilistic notes')).toBe('Supercalifra');
    // Counted in characters as read: twelve accented letters written with combining marks fit.
    const accented = 'e\u0301'.repeat(12);
    expect(shortName(accented)).toBe(accented);
    expect(shortName(`${accented}e`)).toBe(accented);
  });
});
