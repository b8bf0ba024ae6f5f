import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAdmin, pgDatabaseUrl, uniqueDatabase } from '../helpers/stores.js';
import { fontsIn, useE2E, visit } from './helpers/browser.js';
import { SECOND_BRAND_ACCENT, writeSecondBrandSite } from './helpers/second-brand.js';
import { compareScreens, POST_CODE_TABLE, visualScreen } from './helpers/visual-shots.js';

/**
 * Visual regression of the second brand (issue 34, item 7): the demo's posts under another owner's
 * look (dark accent, serif font, logo, eight links, theme.css), compared with the
 * `brand2-*.png` baselines of visual-baselines/ as visual.e2e.ts compares the demo's. A file of
 * its own, so that the runner shoots both sites at once. Its server reads a PostgreSQL store of
 * its own, where brand.e2e.ts's and screenshots-brand.e2e.ts's read SQLite: the brand renders the
 * same from either store, to the pixel, at no server's cost more.
 */
const site = writeSecondBrandSite();
const database = uniqueDatabase('postfolio_e2e_brand');
// Registered before useE2E, so that the database exists when the server starts; after hooks run
// in reverse, so the database is dropped and the folders removed once the server has stopped.
afterAll(() => site.remove());
beforeAll(() => pgAdmin(`CREATE DATABASE ${database}`));
afterAll(() => pgAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
const e2e = useE2E({ databaseUrl: () => pgDatabaseUrl(database), env: site.env });

describe('visual regression of the second brand (test/e2e/visual-baselines/brand2-*)', () => {
  compareScreens(
    e2e,
    [visualScreen('landing'), visualScreen('resume'), visualScreen('posts'), POST_CODE_TABLE],
    'brand2-',
  );

  // What the shots do not show: the font by name, the theme.css link, the profile links' rel=me,
  // the fediverse:creator meta.
  it('names its accent, font, logo, theme.css and links on every page, from PostgreSQL', async () => {
    const { page } = await e2e.tab();
    for (const path of ['/', '/resume', '/posts', '/a-small-result-type']) {
      const response = await visit(page, path);
      expect(response?.status(), path).toBe(200);
      // The text names the font once the boot script has swapped it in, its fallback before.
      await fontsIn(page);
      const shown = await page.evaluate(() => {
        const root = getComputedStyle(document.documentElement);
        const logo = document.querySelector<HTMLImageElement>('img[src*="/brand-logo."]');
        return {
          accent: root.getPropertyValue('--accent').trim(),
          // theme.css's one rule.
          radius: root.getPropertyValue('--radius').trim(),
          theme: !!document.querySelector('link[rel="stylesheet"][href^="/theme-"]'),
          font: getComputedStyle(document.body).fontFamily.split(',')[0],
          logo: !!logo && logo.complete && logo.naturalWidth > 0,
          footerLinks: document.querySelectorAll('footer.site-footer a[href]').length,
          mastodon: document
            .querySelector('a[href="https://mastodon.example/@ines"]')
            ?.getAttribute('rel'),
          creator: document
            .querySelector('meta[name="fediverse:creator"]')
            ?.getAttribute('content'),
        };
      });
      expect(shown, path).toEqual({
        accent: SECOND_BRAND_ACCENT.light,
        radius: '3px',
        theme: true,
        font: '"Source Serif 4 Variable"',
        logo: true,
        footerLinks: 8,
        mastodon: expect.stringMatching(/\bme\b/),
        creator: '@ines@mastodon.example',
      });
    }
    // The served font arrives (after the first paint) and is the one the text takes.
    expect(
      await page.evaluate(() =>
        [...document.fonts].some(
          // A face made in script (web/served-font.ts) names its family quoted.
          (face) => face.family === '"Source Serif 4 Variable"' && face.status === 'loaded',
        ),
      ),
    ).toBe(true);
  });
});
