import { afterAll, describe, it } from 'vitest';
import { DESKTOP, PHONE, useE2E } from './helpers/browser.js';
import { captureScreens } from './helpers/capture-screens.js';
import { SCREENS } from './helpers/screens.js';
import { writeSecondBrandSite } from './helpers/second-brand.js';

/**
 * The second brand's screens (helpers/second-brand.ts) in test-results/screenshots as
 * `brand2-<screen>-<width>.png`, beside the demo's: the README shows both sites. A file of its
 * own, so that its server starts while screenshots.e2e.ts runs.
 */
const site = writeSecondBrandSite();
// Registered first, so run last (after hooks run in reverse): once the server has stopped.
afterAll(() => site.remove());
const e2e = useE2E({ env: site.env });

const BRAND_SCREENS = SCREENS.filter((screen) =>
  ['landing', 'resume', 'posts', 'post'].includes(screen.name),
);

describe('screenshots of the second brand (test-results/screenshots/brand2-*)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`captures its screens at ${viewport.width}px, laid out within the width`, async () => {
      await captureScreens(e2e, viewport, BRAND_SCREENS, 'brand2-');
    });
  }
});
