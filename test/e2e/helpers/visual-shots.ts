import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { pagePath } from '../../../src/shared/paths.js';
import { DESKTOP, fontsIn, PHONE, visit, type E2E } from './browser.js';
import { SCREENS } from './screens.js';
import { compareWithBaseline, UPDATING } from './visual-compare.js';

/** A screen the visual suite shoots, by the name its baselines carry. */
export interface VisualScreen {
  name: string;
  path: string;
  /**
   * Instead of the first screenful: the page from the top of `from` to the bottom of `to`,
   * for what lies below the fold (a full-page shot clipped there, so no sticky header covers it).
   */
  region?: { from: (page: Page) => Locator; to: (page: Page) => Locator };
}

/** One of SCREENS, shot at its first screenful. */
export function visualScreen(name: (typeof SCREENS)[number]['name']): VisualScreen {
  const screen = SCREENS.find((candidate) => candidate.name === name)!;
  return { name: screen.name, path: screen.path };
}

/** A demo post whose last part holds a code block, a list and a table. */
export const POST_CODE_TABLE: VisualScreen = {
  name: 'post-code-table',
  path: pagePath.post('reading-an-explain-plan'),
  region: {
    from: (page) => page.getByRole('heading', { name: 'Fixing the example' }),
    to: (page) => page.getByRole('table'),
  },
};

/** A band of the page, in document coordinates. */
interface Band {
  top: number;
  bottom: number;
}

/** The band from the top of one element to the bottom of another, with a margin. */
async function bandOf(page: Page, region: NonNullable<VisualScreen['region']>): Promise<Band> {
  const top = await region.from(page).evaluate((el) => el.getBoundingClientRect().top + scrollY);
  const bottom = await region
    .to(page)
    .evaluate((el) => el.getBoundingClientRect().bottom + scrollY);
  return { top: Math.max(0, Math.floor(top) - 16), bottom: Math.ceil(bottom) + 16 };
}

/**
 * Waits until the band has stopped changing: fonts loaded, every image in it loaded and decoded
 * (lazy ones after scrolling through the band, which starts their loading); the page is left
 * scrolled to the top. Nothing else the pages fetch draws (no CSS image; a brand's font is one of
 * document.fonts), so network idleness, half a second after the last request, is not waited for.
 */
async function settled(page: Page, band: Band): Promise<void> {
  await fontsIn(page);
  await page.evaluate(async ({ top, bottom }) => {
    for (let y = top; y < bottom; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    scrollTo(0, 0);
  }, band);
  await page.evaluate(async ({ top, bottom }) => {
    await document.fonts.ready;
    const inBand = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.bottom + scrollY > top && box.top + scrollY < bottom && box.width > 0;
    });
    await Promise.all(inBand.map((img) => img.decode().catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, band);
}

/**
 * Registers one test a screen, width (390 and 1280 px) and colour scheme that shoots the screen on
 * `e2e`'s server and compares it with the baseline `<prefix><name>-<width>-<scheme>.png`. A screen
 * is loaded once a width, shot in light, then turned dark in place for its dark shot: the schemes
 * differ only in colours (a11y.e2e.ts checks, on every audited screen, that nothing else moves).
 */
export function compareScreens(e2e: E2E, screens: VisualScreen[], prefix = ''): void {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const screen of screens) {
      describe(`${prefix}${screen.name} at ${viewport.width}px`, () => {
        let loading: Promise<Page> | undefined;
        const loaded = () =>
          (loading ??= (async () => {
            const { page } = await e2e.tab({ viewport, keep: true });
            // The app stops its transitions for reduced motion; the screenshot option stops the
            // rest (a style tag of our own would be refused by the pages' CSP, style-src 'self').
            await page.emulateMedia({ reducedMotion: 'reduce' });
            await visit(page, screen.path);
            return page;
          })());
        afterAll(async () => (await loading?.catch(() => undefined))?.context().close());

        for (const colorScheme of ['light', 'dark'] as const) {
          const label = `${prefix}${screen.name} at ${viewport.width}px, ${colorScheme}`;
          it(`${label} looks as its baseline`, async () => {
            const page = await loaded();
            await page.emulateMedia({ colorScheme });
            const { width, height } = viewport;
            // The band of the page as its font leaves it: the font swaps in part by part after
            // the first paint, and a part's lines may wrap otherwise than in the fallback.
            await fontsIn(page);
            const band = screen.region
              ? await bandOf(page, screen.region)
              : { top: 0, bottom: height };
            await settled(page, band);
            const shot = await page.screenshot({
              animations: 'disabled',
              caret: 'hide',
              fullPage: screen.region !== undefined,
              clip: { x: 0, y: band.top, width, height: band.bottom - band.top },
            });
            const result = compareWithBaseline(
              `${prefix}${screen.name}-${viewport.width}-${colorScheme}`,
              shot,
            );
            if (UPDATING) return;
            expect(result.status, `${label}: ${'message' in result ? result.message : ''}`).toBe(
              'match',
            );
          });
        }
      });
    }
  }
}
