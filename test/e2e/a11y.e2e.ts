import { describe, expect, it } from 'vitest';
import {
  audit,
  auditColours,
  COLOUR_RULES,
  colourRules,
  describeViolations,
  turnDarkInPlace,
} from './helpers/axe.js';
import { DESKTOP, NOT_FOUND_LOG, PHONE, useE2E, visit } from './helpers/browser.js';
import { AUDITED_SCREENS, SCREENS } from './helpers/screens.js';
import { pagePath } from '../../src/shared/paths.js';

const e2e = useE2E();

describe('accessibility (axe-core)', () => {
  // Issue 21's routes, then the other screens (another post, a CJK search, the 404 page).
  const screens = [
    ...AUDITED_SCREENS,
    ...SCREENS.filter((other) => !AUDITED_SCREENS.some((audited) => audited.path === other.path)),
  ];
  // Each screen is loaded once per width and audited in light with every rule; then the emulated
  // scheme turns dark in place. Colours are the stylesheet's alone: the test shows that the
  // markup, the boxes and what is seen stay as they were, so only the colour rules can answer
  // differently, and only they run again. The tab's console, checked after each test, must hold
  // no error and no hydration mismatch, but the 404 page's own answer.
  for (const viewport of [PHONE, DESKTOP]) {
    for (const screen of screens) {
      it(`${screen.path} has no violations at ${viewport.width}px, light and dark, and logs no error`, async () => {
        const { page } = await e2e.tab({
          viewport,
          allow: screen.status === 404 ? [NOT_FOUND_LOG] : [],
        });
        const response = await visit(page, screen.path);
        expect(response?.status(), screen.path).toBe(screen.status);
        const found: Record<string, unknown> = {};

        const light = await audit(page);
        expect(light.passes.length, 'axe ran its rules in light').toBeGreaterThan(10);
        if (light.violations.length) found.light = describeViolations(light);
        expect(colourRules(light), 'the colour rules that ran in light').toEqual(COLOUR_RULES);

        await turnDarkInPlace(page);
        const dark = await auditColours(page);
        if (dark.violations.length) found.dark = describeViolations(dark);
        expect(found).toEqual({});
      });
    }
  }

  it('has no violations with the landing gate open, and the sidebar hidden', async () => {
    const { page } = await e2e.tab();
    await visit(page, '/');
    await page.getByRole('button', { name: "I'm" }).click();
    await page.getByLabel('Your work email').waitFor();
    expect((await audit(page)).violations.map((v) => v.id)).toEqual([]);
    await visit(page, pagePath.posts());
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('banner').getByText('List', { exact: true }).click();
    expect((await audit(page)).violations.map((v) => v.id)).toEqual([]);
  });
});
