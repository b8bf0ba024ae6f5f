import { describe, expect, it } from 'vitest';
import { NOT_FOUND_LOG, PHONE, useE2E, visit } from './helpers/browser.js';
import { SCREENS } from './helpers/screens.js';
import { pagePath } from '../../src/shared/paths.js';

/** Layout that holds at every width: no sideways scroll, nothing outside its card or post. */
const e2e = useE2E();

/**
 * What sticks out of an article of the main region (a card, or the post): each element outside
 * its box, unless a scrolling or clipping box between them holds it (a wide code block).
 * Runs in the page.
 */
function escapingCards(): string[] {
  const out: string[] = [];
  const held = (element: Element, card: Element) => {
    for (let up = element.parentElement; up && up !== card; up = up.parentElement)
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    return false;
  };
  for (const card of document.querySelectorAll('main article')) {
    const box = card.getBoundingClientRect();
    for (const child of card.querySelectorAll('*')) {
      const inner = child.getBoundingClientRect();
      if (inner.width === 0 || inner.height === 0 || held(child, card)) continue;
      if (inner.left < box.left - 1 || inner.right > box.right + 1 || inner.bottom > box.bottom + 1)
        out.push(`${child.tagName.toLowerCase()} in "${(card.textContent ?? '').slice(0, 40)}"`);
    }
  }
  return out;
}

describe('layout at every width', () => {
  for (const width of [320, 390, 768, 1280, 2560]) {
    it(`nothing scrolls sideways and nothing leaves its card at ${width}px`, async () => {
      const { page } = await e2e.tab({
        viewport: { width, height: 900 },
        allow: [NOT_FOUND_LOG],
      });
      for (const screen of SCREENS) {
        await visit(page, screen.path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${screen.path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
        const escaping = await page.evaluate(escapingCards);
        expect(escaping, `${screen.path} at ${width}px`).toEqual([]);
      }
    });
  }

  it('keeps every card inside its box at 200 % text size on a phone', async () => {
    const { page } = await e2e.tab({ viewport: PHONE });
    await visit(page, pagePath.posts());
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    const escaping = await page.evaluate(escapingCards);
    expect(escaping).toEqual([]);
  });
});
