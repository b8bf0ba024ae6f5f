import { afterAll, describe } from 'vitest';
import { useE2E } from './helpers/browser.js';
import { writeSecondBrandSite } from './helpers/second-brand.js';
import { compareScreens, POST_CODE_TABLE, visualScreen } from './helpers/visual-shots.js';

/**
 * Visual regression of the second brand (issue 34, item 7): the demo's posts under another owner's
 * look (dark accent, serif font, logo, eight links, theme.css), compared with the
 * `brand2-*.png` baselines of visual-baselines/ as visual.e2e.ts compares the demo's. A file of
 * its own, so that the runner shoots both sites at once.
 */
const site = writeSecondBrandSite();
// Registered first, so run last (after hooks run in reverse): once the server has stopped.
afterAll(() => site.remove());
const e2e = useE2E({ env: site.env });

describe('visual regression of the second brand (test/e2e/visual-baselines/brand2-*)', () => {
  compareScreens(
    e2e,
    [visualScreen('landing'), visualScreen('resume'), visualScreen('posts'), POST_CODE_TABLE],
    'brand2-',
  );
});
