import { describe, it } from 'vitest';
import { DESKTOP, PHONE, useE2E } from './helpers/browser.js';
import { captureScreens } from './helpers/capture-screens.js';
import { SCREENS } from './helpers/screens.js';

const e2e = useE2E();

describe('screenshots (test-results/screenshots)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`captures every screen at ${viewport.width}px, laid out within the width`, async () => {
      await captureScreens(e2e, viewport, SCREENS);
    });
  }
});
