import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PHONE, useE2E, visit } from './helpers/browser.js';
import { imagePath, pagePath } from '../../src/shared/paths.js';

const e2e = useE2E();

/** The demo post whose image is a 4000×3000 photograph of 3.5 MB with GPS EXIF. */
const SLUG = 'image-formats-a-pragmatic-choice';
const TITLE = 'Choosing image formats without a religious war';
const PHOTO = 'meadow-at-dusk.jpg';

interface Picked {
  src: string;
  bytes: number;
  width: number;
  naturalWidth: number;
}

/** The file the browser chose for an <img> once it loaded, and its size on the wire. */
async function picked(page: Page, selector: string): Promise<Picked> {
  const image = page.locator(selector).first();
  await image.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0,
    await image.elementHandle(),
  );
  return image.evaluate((el: HTMLImageElement) => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name === el.currentSrc) as
      PerformanceResourceTiming | undefined;
    return {
      src: new URL(el.currentSrc).pathname,
      bytes: entry?.encodedBodySize ?? -1,
      width: el.getBoundingClientRect().width,
      naturalWidth: el.naturalWidth,
    };
  });
}

describe('images at phone size (390×844, 3 device pixels per CSS pixel)', () => {
  let context: BrowserContext;
  let original: number;
  beforeAll(async () => {
    context = await e2e.browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 3,
      baseURL: e2e.server.url,
    });
    const res = await fetch(e2e.url(imagePath(PHOTO)), { redirect: 'manual' });
    expect(res.status).toBe(302);
    original = (await import('node:fs')).statSync(`content/images/${PHOTO}`).size;
  });
  afterAll(() => context?.close());

  it("picks an AVIF of the card's width for the photo's card, at most 1/20 of the original", async () => {
    const page = await context.newPage();
    await visit(page, pagePath.posts());
    const card = page.getByRole('article').filter({ hasText: TITLE });
    const image = await picked(page, `article:has-text("${TITLE}") img`);
    expect(await card.count()).toBe(1);
    // 324 CSS pixels wide, 972 device pixels: the 960 or 1280 wide AVIF, never the original.
    expect(image.width).toBeCloseTo(324, 0);
    expect(image.src).toMatch(/^\/images\/meadow-at-dusk\.[0-9a-f]{12}\.(960|1280)\.avif$/);
    expect(image.bytes).toBeGreaterThan(0);
    expect(image.bytes).toBeLessThanOrEqual(original / 20);
    await page.close();
  });

  it("picks the post's cover at the column's width, fetched first, at most 1/10 of the original", async () => {
    const page = await context.newPage();
    await visit(page, pagePath.post(SLUG));
    const cover = page.locator('.post-cover img');
    expect(await cover.getAttribute('fetchpriority')).toBe('high');
    expect(await cover.getAttribute('loading')).toBe('eager');
    expect(await cover.getAttribute('width')).toBe('4000');
    expect(await cover.getAttribute('height')).toBe('3000');
    const image = await picked(page, '.post-cover img');
    expect(image.src).toMatch(/^\/images\/meadow-at-dusk\.[0-9a-f]{12}\.\d+\.avif$/);
    expect(image.bytes).toBeLessThanOrEqual(original / 10);
    // Link previews get the 1200×630 share file.
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
      /\/images\/meadow-at-dusk\.[0-9a-f]{12}\.share\.jpg$/,
    );
    expect(await page.locator('meta[name="twitter:image"]').count()).toBe(1);
    await page.close();
  });

  it('gives every image of a list and a post its width and height, lazy below the fold', async () => {
    const page = await context.newPage();
    for (const path of [pagePath.posts(), pagePath.post(SLUG)]) {
      await visit(page, path);
      const images = await page.locator('main img').evaluateAll((all) =>
        all.map((img) => ({
          sized: img.hasAttribute('width') && img.hasAttribute('height'),
          loading: img.getAttribute('loading'),
          top: img.getBoundingClientRect().top,
        })),
      );
      expect(images.length, path).toBeGreaterThan(1);
      expect(
        images.every((i) => i.sized),
        path,
      ).toBe(true);
      // Below the first two screens, every image waits until it is scrolled near.
      expect(
        images.filter((i) => i.top > 2 * PHONE.height).every((i) => i.loading === 'lazy'),
        path,
      ).toBe(true);
    }
    await page.close();
  });
});
