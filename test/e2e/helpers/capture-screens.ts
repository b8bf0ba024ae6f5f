import { existsSync, statSync } from 'node:fs';
import { expect } from 'vitest';
import { fontsIn, NOT_FOUND_LOG, screenshot, visit, type E2E } from './browser.js';

/** A screen to capture: its file's name and the address that shows it. */
export interface CapturedScreen {
  name: string;
  path: string;
}

/**
 * Shoots each screen whole at one width into test-results/screenshots (`<prefix><name>-<width>.png`),
 * after checking that it is laid out within the width and shows no broken image.
 */
export async function captureScreens(
  e2e: E2E,
  viewport: { width: number; height: number },
  screens: readonly CapturedScreen[],
  prefix = '',
): Promise<void> {
  const { page } = await e2e.tab({ viewport, allow: [NOT_FOUND_LOG] });
  for (const screen of screens) {
    await visit(page, screen.path);
    // Lazy images below the fold: scroll through so the full-page shot shows them (at once:
    // a page that scrolls smoothly would not get past its first screen in 30 ms).
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((r) => setTimeout(r, 30));
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    // Every image on screen loaded or failed (a lazy one not yet asked for is neither: a
    // timeout; one not rendered is never asked for), and the fonts in: what the shot shows
    // stops changing. Quicker than network idleness, half a second after the last request.
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete || img.getClientRects().length === 0),
    );
    await fontsIn(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${screen.name} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(
      0,
    );
    const broken = await page.evaluate(() =>
      [...document.images]
        .filter((img) => img.complete && img.naturalWidth === 0)
        .map((img) => img.src),
    );
    expect(broken, `${screen.name}: broken images`).toEqual([]);
    const path = await screenshot(page, `${prefix}${screen.name}`);
    expect(existsSync(path) && statSync(path).size > 5_000, path).toBe(true);
  }
}
