import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useE2E } from './helpers/browser.js';

const e2e = useE2E();

/** What a test can leave in a tab that the next one must not find. */
async function leftovers(page: Page) {
  return page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookie: document.cookie,
    caches: (await caches.keys()).length,
    databases: (await indexedDB.databases()).length,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
    reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,
    width: innerWidth,
  }));
}

const NEW = {
  local: 0,
  session: 0,
  cookie: '',
  caches: 0,
  databases: 0,
  dark: false,
  reduced: false,
  width: 1280,
};

// The tests run in order: each takes the tab the one before handed back.
describe('a tab handed to the next test (tab-pool.ts)', () => {
  const seen: Page[] = [];

  it('starts as new, and is left with storage, a cookie, a route, a listener, a popup, media and a width', async () => {
    const { page } = await e2e.tab();
    seen.push(page);
    await page.goto('/robots.txt');
    expect(await leftovers(page)).toEqual(NEW);
    await page.evaluate(async () => {
      localStorage.setItem('left', '1');
      sessionStorage.setItem('left', '1');
      document.cookie = 'left=1; path=/';
      await caches.open('left');
      await new Promise((resolve) => (indexedDB.open('left').onsuccess = resolve));
    });
    await page.route('**/robots.txt', (route) => route.fulfill({ body: 'routed' }));
    page.on('request', () => {
      throw new Error('a listener of the test before');
    });
    await Promise.all([
      page.context().waitForEvent('page'),
      page.evaluate(() => window.open('/robots.txt')),
    ]);
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await page.setViewportSize(PHONE);
    expect(await leftovers(page)).toMatchObject({ local: 1, session: 1, caches: 1, dark: true });
  });

  it('is the same page, with nothing of the test before', async () => {
    const { page, context } = await e2e.tab();
    expect(page).toBe(seen[0]);
    expect(context.pages()).toEqual([page]);
    expect(page.url()).toBe('about:blank');
    const response = await page.goto('/robots.txt');
    expect(await response?.text()).not.toBe('routed');
    expect(await leftovers(page)).toEqual(NEW);
    await page.addInitScript(() => undefined);
  });

  it('is not handed on after an init script, which cannot be taken back', async () => {
    const { page } = await e2e.tab();
    expect(page).not.toBe(seen[0]);
    seen.push(page);
  });

  it('is not handed to a test asking for another kind of tab', async () => {
    const { page } = await e2e.tab({ colorScheme: 'dark' });
    expect(seen).not.toContain(page);
    await page.goto('/robots.txt');
    expect(await leftovers(page)).toEqual({ ...NEW, dark: true });
  });
});

describe('a tab without JavaScript handed to the next test', () => {
  let first: Page;

  it('is left on a page of the site', async () => {
    ({ page: first } = await e2e.tab({ javaScriptEnabled: false }));
    await first.goto('/posts');
    await first.context().addCookies([{ name: 'left', value: '1', url: e2e.url('/') }]);
  });

  it('is the same page, blank, with no cookie', async () => {
    const { page, context } = await e2e.tab({ javaScriptEnabled: false });
    expect(page).toBe(first);
    expect(page.url()).toBe('about:blank');
    expect(await context.cookies()).toEqual([]);
  });
});
