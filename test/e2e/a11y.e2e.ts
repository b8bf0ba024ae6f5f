import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { DESKTOP, NOT_FOUND_LOG, PHONE, useE2E, visit } from './helpers/browser.js';
import { SCREENS } from './helpers/screens.js';
import { pagePath } from '../../src/shared/paths.js';

const e2e = useE2E();

describe('accessibility (axe-core)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [DESKTOP, PHONE]) {
      for (const screen of SCREENS) {
        it(`${screen.name} has no violations at ${viewport.width}px, ${colorScheme}`, async () => {
          const { page } = await e2e.tab({ viewport, colorScheme, allow: [NOT_FOUND_LOG] });
          const response = await visit(page, screen.path);
          expect(response?.status()).toBe(screen.status);
          const results = await new AxeBuilder({ page }).analyze();
          expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10);
          const violations = results.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
          }));
          expect(violations).toEqual([]);
        });
      }
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
