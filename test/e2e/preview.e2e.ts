import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../helpers/content-fixture.js';
import { hydrated, NOT_FOUND_LOG, useE2E, visit } from './helpers/browser.js';
import { runCli } from './helpers/cli.js';
import { pagePath } from '../../src/shared/paths.js';

const store = join(mkdtempSync(join(tmpdir(), 'postfolio-preview-e2e-')), 'preview.db');
const content = writeContent({
  posts: [
    ...manyPosts(3, 'news', 'story'),
    {
      slug: 'secret-plans',
      title: 'Secret plans',
      category: 'news',
      body: 'The plans nobody may read yet.',
      date: '2025-06-01',
      draft: true,
    },
  ],
});
const e2e = useE2E({ databaseUrl: () => store, env: { CONTENT_DIR: content } });

/** The path of the link `postfolio preview` prints for `slug`. */
async function previewPath(slug: string): Promise<string> {
  const run = await runCli(['preview', slug, '--expires', '1h'], { DATABASE_URL: store });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain(`"${slug}" is a draft`);
  const url = new URL(run.stdout.trim());
  expect(url.origin).toBe('https://fixture.example');
  return url.pathname;
}

describe('a private preview link', () => {
  it('shows the draft under a Draft banner, as its page will look, to whoever holds the link', async () => {
    const path = await previewPath('secret-plans');
    expect(path).toMatch(/^\/preview\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const { page } = await e2e.tab();
    const response = await visit(page, path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    const banner = page.getByRole('status').filter({ hasText: 'Draft' });
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.innerText()).toMatch(/^DRAFT Not published: only people with this link/);
    expect(
      await page.getByRole('main').getByRole('heading', { level: 1, name: 'Secret plans' }).count(),
    ).toBe(1);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await hydrated(page);
    // Still there once the page is live, and still private.
    expect(await banner.isVisible()).toBe(true);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    expect(await crumbs.allInnerTexts()).toEqual(['Home', 'Secret plans']);
  });

  it('is a plain 404 page when tampered with, and the draft stays out of the site', async () => {
    const path = await previewPath('secret-plans');
    const { page } = await e2e.tab({ allow: [NOT_FOUND_LOG] });
    const tampered = `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;
    expect((await visit(page, tampered))?.status()).toBe(404);
    expect(await page.getByRole('status').filter({ hasText: 'Draft' }).count()).toBe(0);
    expect(await page.getByText('Secret plans').count()).toBe(0);
    expect((await visit(page, '/secret-plans'))?.status()).toBe(404);
    expect((await visit(page, pagePath.posts()))?.status()).toBe(200);
    expect(await page.getByText('Secret plans').count()).toBe(0);
  });
});
