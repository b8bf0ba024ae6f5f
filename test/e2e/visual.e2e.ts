import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { splitFrontMatter } from '../../src/server/content/front-matter.js';
import { pagePath } from '../../src/shared/paths.js';
import { DESKTOP, PHONE, useE2E, visit } from './helpers/browser.js';
import { SCREENS } from './helpers/screens.js';
import { ROOT } from './helpers/server.js';
import { compareWithBaseline, UPDATING } from './helpers/visual-compare.js';

/**
 * Visual regression: the first screenful of each page, at a phone's and a desktop's width, in
 * light and dark, compared with the PNGs in visual-baselines/. A failure leaves the actual,
 * expected and diff images in test-results/visual/; `UPDATE_VISUAL=1` rewrites the baselines.
 */
const e2e = useE2E();

interface VisualScreen {
  name: string;
  path: string;
  /**
   * Instead of the first screenful: the page from the top of `from` to the bottom of `to`,
   * for what lies below the fold (a full-page shot clipped there, so no sticky header covers it).
   */
  region?: { from: (page: Page) => Locator; to: (page: Page) => Locator };
}

const byName = (name: (typeof SCREENS)[number]['name']): VisualScreen => {
  const screen = SCREENS.find((candidate) => candidate.name === name)!;
  return { name: screen.name, path: screen.path };
};

const VISUAL_SCREENS: VisualScreen[] = [
  byName('landing'),
  byName('resume'),
  byName('posts'),
  byName('category'),
  // A demo post whose last part holds a code block, a list and a table.
  {
    name: 'post-code-table',
    path: pagePath.post('reading-an-explain-plan'),
    region: {
      from: (page) => page.getByRole('heading', { name: 'Fixing the example' }),
      to: (page) => page.getByRole('table'),
    },
  },
  byName('search'),
  // SCREENS' empty search asks for Chinese text, drawn in whatever CJK font the machine has (or
  // as empty boxes, here): a word in Latin letters keeps the shot independent of that.
  { name: 'search-empty', path: pagePath.search('quokka') },
];

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
 * scrolled to the top. Nothing else the pages fetch draws (no CSS image, no web font), so network
 * idleness, half a second after the last request, is not waited for.
 */
async function settled(page: Page, band: Band): Promise<void> {
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

describe('visual regression (test/e2e/visual-baselines)', () => {
  // The pages print dates, not ages, so only a post going live by the clock could change them.
  it('shots of the demo content: no post of it is dated later than now', () => {
    const posts = join(ROOT, 'content', 'posts');
    const later = readdirSync(posts)
      .filter((file) => /\.(md|markdown)$/.test(file))
      .filter((file) => {
        const split = splitFrontMatter(readFileSync(join(posts, file), 'utf8'));
        const date = split.kind === 'split' ? (parse(split.yaml) as { date: string }).date : '';
        return new Date(date).getTime() > Date.now();
      });
    expect(later, 'scheduled demo posts: they would change the shots when they go live').toEqual(
      [],
    );
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const screen of VISUAL_SCREENS) {
        const label = `${screen.name} at ${viewport.width}px, ${colorScheme}`;
        it(`${label} looks as its baseline`, async () => {
          const { page } = await e2e.tab({ viewport, colorScheme });
          // The app stops its transitions for reduced motion; the screenshot option stops the rest
          // (a style tag of our own would be refused by the pages' CSP, style-src 'self').
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await visit(page, screen.path);
          const { width, height } = viewport;
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
            `${screen.name}-${viewport.width}-${colorScheme}`,
            shot,
          );
          if (UPDATING) return;
          expect(result.status, `${label}: ${'message' in result ? result.message : ''}`).toBe(
            'match',
          );
        });
      }
    }
  }
});
