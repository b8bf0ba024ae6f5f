import { describe, expect, it } from 'vitest';
import { PHONE, useE2E, visit } from './helpers/browser.js';
import { pagePath } from '../../src/shared/paths.js';

const e2e = useE2E();

/** A demo post with five sections and SQL code. */
const SLUG = 'full-text-search-with-fts5';

describe('the Markdown of a post page', () => {
  it('shows the table of contents beside the text on a wide screen, and its links work', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.post(SLUG));
    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    await expect.poll(() => toc.count()).toBe(1);
    const prose = await page.locator('article .prose').boundingBox();
    const aside = await toc.boundingBox();
    expect(aside!.x).toBeGreaterThanOrEqual(prose!.x + prose!.width);
    expect(await page.locator('details', { hasText: 'Contents' }).isVisible()).toBe(false);
    const names = await toc.getByRole('link').allInnerTexts();
    expect(names).toContain('Creating the index');
    await toc.getByRole('link', { name: 'What you give up' }).click();
    await page.waitForURL((url) => url.hash === '#user-content-what-you-give-up');
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'What you give up' }).isVisible())
      .toBe(true);
    const heading = page.getByRole('heading', { level: 2, name: 'What you give up' });
    const box = await heading.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(200);
    // Each heading links to itself, by a visible link with a name.
    const self = page.getByRole('link', { name: 'Link to this section: What you give up' });
    expect(await self.isVisible()).toBe(true);
    expect(await self.getAttribute('href')).toBe('#user-content-what-you-give-up');
  });

  it('collapses the contents above the text on a phone, without script', async () => {
    const { page } = await e2e.tab({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(pagePath.post(SLUG));
    const details = page.locator('details', { hasText: 'Contents' });
    expect(await details.isVisible()).toBe(true);
    expect(await details.getAttribute('open')).toBeNull();
    const link = details.getByRole('link', { name: 'Creating the index' });
    expect(await link.isVisible()).toBe(false);
    await details.locator('summary').click();
    expect(await link.isVisible()).toBe(true);
    const detailsBox = await details.boundingBox();
    const prose = await page.locator('article .prose').boundingBox();
    expect(detailsBox!.y + detailsBox!.height).toBeLessThanOrEqual(prose!.y);
    expect(await page.locator('nav.toc--aside').isVisible()).toBe(false);
  });

  for (const scheme of ['light', 'dark'] as const)
    it(`highlights code with classes in the ${scheme} scheme, and scrolls long lines`, async () => {
      const { page } = await e2e.tab();
      await page.emulateMedia({ colorScheme: scheme });
      await visit(page, pagePath.post(SLUG));
      const block = page.locator('article pre.shiki').first();
      expect(await block.isVisible()).toBe(true);
      const colours = await block.evaluate((pre) => {
        const styleAttributes = pre.querySelectorAll('[style]').length;
        const tokens = [...pre.querySelectorAll('span[class]')].map(
          (span) => getComputedStyle(span).color,
        );
        const css = getComputedStyle(pre);
        return {
          styleAttributes,
          text: css.color,
          background: css.backgroundColor,
          overflowX: css.overflowX,
          tokens: [...new Set(tokens)],
        };
      });
      expect(colours.styleAttributes).toBe(0);
      expect(colours.overflowX).toBe('auto');
      expect(colours.tokens.length).toBeGreaterThanOrEqual(2);
      expect(colours.tokens).not.toContain(colours.text);
      expect(colours.background).toBe(
        scheme === 'light' ? 'rgb(246, 248, 250)' : 'rgb(22, 27, 34)',
      );
      // A line longer than the block scrolls inside it; the page itself does not get wider.
      const widths = await block.evaluate((pre) => {
        pre.querySelector('code')!.append(`\n${'const wide = 1; '.repeat(40)}`);
        return {
          scroll: pre.scrollWidth,
          client: pre.clientWidth,
          page: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
        };
      });
      expect(widths.scroll).toBeGreaterThan(widths.client);
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    });
});
