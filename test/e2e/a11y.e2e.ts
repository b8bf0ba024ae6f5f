import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
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
  // Colours are the stylesheet's alone (no script reads the scheme): each screen is loaded once
  // per width and audited in light, then in dark by switching the emulated scheme in place.
  for (const viewport of [PHONE, DESKTOP]) {
    for (const screen of screens) {
      it(`${screen.path} has no violations at ${viewport.width}px, light and dark`, async () => {
        const { page } = await e2e.tab({ viewport, allow: [NOT_FOUND_LOG] });
        const response = await visit(page, screen.path);
        expect(response?.status(), screen.path).toBe(screen.status);
        const found: Record<string, unknown> = {};
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          expect(
            await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
          ).toBe(colorScheme === 'dark');
          const results = await new AxeBuilder({ page }).analyze();
          expect(results.passes.length, `axe ran its rules in ${colorScheme}`).toBeGreaterThan(10);
          if (results.violations.length)
            found[colorScheme] = results.violations.map((v) => ({
              id: v.id,
              impact: v.impact,
              help: v.help,
              targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
            }));
        }
        expect(found).toEqual({});
      });
    }
  }

  it('has no violations with the landing gate open, and the sidebar hidden', async () => {
    const { page } = await e2e.tab();
    await visit(page, '/');
    await page.getByRole('button', { name: "I'm" }).click();
    await page.getByLabel('Your work email').waitFor();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await visit(page, pagePath.posts());
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('banner').getByText('List', { exact: true }).click();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  });
});
