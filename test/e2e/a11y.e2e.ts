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
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [PHONE, DESKTOP]) {
      // One tab per width and scheme walks every screen (hence the longer timeout); each screen
      // gets its own axe run and status check, and all violations are reported together.
      it(`every screen has no violations at ${viewport.width}px, ${colorScheme}`, async () => {
        const { page } = await e2e.tab({ viewport, colorScheme, allow: [NOT_FOUND_LOG] });
        const found: Record<string, unknown> = {};
        for (const screen of screens) {
          const response = await visit(page, screen.path);
          expect(response?.status(), screen.path).toBe(screen.status);
          const results = await new AxeBuilder({ page }).analyze();
          expect(results.passes.length, `axe ran its rules on ${screen.path}`).toBeGreaterThan(10);
          if (results.violations.length)
            found[screen.path] = results.violations.map((v) => ({
              id: v.id,
              impact: v.impact,
              help: v.help,
              targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
            }));
        }
        expect(found).toEqual({});
      }, 240_000);
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
