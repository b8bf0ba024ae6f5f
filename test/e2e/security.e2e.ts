import { describe, expect, it } from 'vitest';
import { NOT_FOUND_LOG, useE2E, visit } from './helpers/browser.js';
import { cards, pageOfPosts } from './helpers/reader.js';
import { SCREENS } from './helpers/screens.js';
import { pagePath } from '../../src/shared/paths.js';

const e2e = useE2E();

/** The sources a directive allows, falling back to default-src as browsers do. */
function directive(csp: string, name: string): string[] | undefined {
  const parts = csp.split(';').map((part) => part.trim().split(/\s+/));
  const found = parts.find(([key]) => key === name) ?? parts.find(([key]) => key === 'default-src');
  return found?.slice(1);
}

describe('security headers', () => {
  it('sends a Content-Security-Policy without inline script on every HTML response', async () => {
    const { page } = await e2e.tab({ allow: [NOT_FOUND_LOG] });
    const html: { url: string; status: number; csp: string | undefined }[] = [];
    page.on('response', (response) => {
      if ((response.headers()['content-type'] ?? '').startsWith('text/html'))
        html.push({
          url: response.url(),
          status: response.status(),
          csp: response.headers()['content-security-policy'],
        });
    });
    for (const screen of SCREENS) {
      await visit(page, screen.path);
      const inline = await page.evaluate(
        // Data blocks (hydration data, JSON-LD) are never run.
        () =>
          [...document.scripts].filter(
            (s) => !s.src && s.type !== 'application/json' && s.type !== 'application/ld+json',
          ).length,
      );
      expect(inline, `inline scripts on ${screen.path}`).toBe(0);
    }
    for (const path of ['/cate/abc', '/posts?page=2', '/posts?category=2']) await page.goto(path);
    expect(html.length).toBe(SCREENS.length + 3);
    expect(html.map((r) => r.status)).toContain(404);
    for (const response of html) {
      expect(response.csp, response.url).toBeTruthy();
      const scripts = directive(response.csp!, 'script-src');
      expect(scripts, response.url).toBeDefined();
      expect(scripts, response.url).not.toContain("'unsafe-inline'");
      expect(scripts, response.url).not.toContain("'unsafe-eval'");
      expect(scripts, response.url).not.toContain('*');
      expect(directive(response.csp!, 'object-src'), response.url).toEqual(["'none'"]);
    }
  });
});

// Every screen at both widths logs no error and no hydration mismatch: a11y.e2e.ts, which loads
// each of them there, checks its tabs' consoles.
describe('console', () => {
  it('logs no errors while navigating between screens in the app', async () => {
    const tab = await e2e.tab();
    const { page } = tab;
    await visit(page, '/');
    await page.getByRole('link', { name: 'Browse all posts' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.posts());
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await page.getByRole('radio', { name: /Accessibility/ }).click();
    await page.waitForURL((url) => url.search === '?category=4');
    // The URL changes before the category's loader has answered: wait for its first card.
    const [first] = await pageOfPosts(e2e, 1, 4);
    const name = first!.name;
    const card = cards(page).filter({
      has: page.getByRole('heading', { level: 2, name, exact: true }),
    });
    // The card's link to its post (a card also links its category and tags).
    await card.getByRole('link', { name, exact: true }).first().click();
    await page.waitForURL((url) => url.pathname.split('/').length === 2);
    // The post's own h1: until its loader answers, the list (whose radios filter in place) stays.
    await page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await page.getByRole('radio', { name: /Career/ }).click();
    await page.waitForURL((url) => url.pathname === pagePath.category(5));
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('cache');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.search('cache'));
    await page.getByRole('heading', { name: /Search results/ }).waitFor();
    await page.getByRole('banner').getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForLoadState('networkidle');
    expect(tab.errors).toEqual([]);
  });
});
