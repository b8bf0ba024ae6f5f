import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, hydrated, PHONE, useE2E, visit } from './helpers/browser.js';
import { api, pageOfPosts, sidebar } from './helpers/reader.js';
import { apiPath, pagePath } from '../../src/shared/paths.js';

/** Reading on phones and by keyboard, and what a visitor does before the page hydrates. */
const e2e = useE2E();

/** Holds every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName.toLowerCase()}:${(active.textContent ?? '').trim()}` : '';
  });
}

describe('a post on a phone', () => {
  it('starts with the post: its title is on the first screen, the sidebar after the text', async () => {
    const [first] = await pageOfPosts(e2e, 1);
    const { page } = await e2e.tab({ viewport: PHONE });
    await visit(page, pagePath.post(first!.slug));
    const title = page.getByRole('heading', { level: 1 });
    expect(await title.innerText()).toBe(first!.name);
    const box = (await title.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(PHONE.height);
    const order = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const aside = document.querySelector('aside#sidebar')!;
      return main.compareDocumentPosition(aside) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order, 'the sidebar follows the post').toBeTruthy();
    const aside = (await sidebar(page).boundingBox())!;
    const article = (await page.getByRole('article').boundingBox())!;
    expect(aside.y).toBeGreaterThanOrEqual(article.y + article.height);

    // The toggle still hides and shows it.
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await toggle.click();
    expect(await sidebar(page).isVisible()).toBe(false);
    await toggle.click();
    expect(await sidebar(page).isVisible()).toBe(true);
  });

  it('keeps the sidebar on the left of the post on a desktop', async () => {
    const [first] = await pageOfPosts(e2e, 1);
    const { page } = await e2e.tab({ viewport: DESKTOP });
    await visit(page, pagePath.post(first!.slug));
    const aside = (await sidebar(page).boundingBox())!;
    const main = (await page.getByRole('main').boundingBox())!;
    expect(aside.x + aside.width).toBeLessThanOrEqual(main.x);
    expect(Math.abs(aside.y - main.y)).toBeLessThan(2);
  });
});

describe('the search box', () => {
  it('shows the query on its results page', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.search('cache headers'));
    const box = page.getByRole('searchbox', { name: 'Search posts' });
    expect(await box.inputValue()).toBe('cache headers');
  });

  it('keeps text typed before the page hydrated, and Enter sends it afterwards', async () => {
    const { page } = await e2e.tab();
    const release = await holdScripts(page);
    await page.goto(pagePath.posts(), { waitUntil: 'commit' });
    await page.getByRole('searchbox', { name: 'Search posts' }).waitFor();
    const box = page.getByRole('searchbox', { name: 'Search posts' });
    await box.fill('index');
    release();
    await hydrated(page);
    expect(await box.inputValue()).toBe('index');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === pagePath.search('index'));
    // The URL changes before the results' loader has answered; the heading follows it.
    await page.getByRole('heading', { level: 1, name: /index/ }).waitFor();
  });
});

describe('the category radios', () => {
  it('honour a choice clicked before the page hydrated', async () => {
    const categories = await api<{ id: number; name: string }[]>(e2e, apiPath.postcates());
    const chosen = categories[1]!;
    const { page } = await e2e.tab({ viewport: DESKTOP });
    const release = await holdScripts(page);
    await page.goto(pagePath.posts(), { waitUntil: 'commit' });
    await page.getByRole('searchbox', { name: 'Search posts' }).waitFor();
    await sidebar(page).getByRole('radio', { name: chosen.name }).check();
    release();
    await hydrated(page);
    await page.waitForURL((url) => url.searchParams.get('category') === String(chosen.id));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toContain(chosen.name);
    expect(await sidebar(page).getByRole('radio', { name: chosen.name }).isChecked()).toBe(true);
  });

  it('move with the arrow keys without loading a page, and show the category on Enter', async () => {
    const categories = await api<{ id: number; name: string }[]>(e2e, apiPath.postcates());
    const { page } = await e2e.tab({ viewport: DESKTOP });
    await visit(page, pagePath.posts());
    const all = sidebar(page).getByRole('radio', { name: 'All posts' });
    await all.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = sidebar(page).getByRole('radio', { name: categories[1]!.name });
    expect(await second.isChecked()).toBe(true);
    expect(await second.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(page.url()).search, 'arrows alone do not navigate').toBe('');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('category') === String(categories[1]!.id));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toContain(categories[1]!.name);
    expect(
      await second.evaluate((element) => element === document.activeElement),
      'focus stays in the filter it worked',
    ).toBe(true);
  });
});

describe('the List menu and focus after navigation', () => {
  it('closes on Escape and gives focus back to its button', async () => {
    const { page } = await e2e.tab({ viewport: DESKTOP });
    await visit(page, pagePath.posts());
    const banner = page.getByRole('banner');
    await banner.getByText('List', { exact: true }).focus();
    await page.keyboard.press('Enter');
    const categories = await api<{ id: number; name: string }[]>(e2e, apiPath.postcates());
    const link = banner.getByRole('link', { name: categories[0]!.name, exact: true });
    expect(await link.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe(`a:${categories[0]!.name}`);
    await page.keyboard.press('Escape');
    expect(await link.isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('summary:List');
  });

  it('puts focus on the new page heading after choosing a List entry', async () => {
    const categories = await api<{ id: number; name: string }[]>(e2e, apiPath.postcates());
    const { page } = await e2e.tab({ viewport: DESKTOP });
    await visit(page, pagePath.posts());
    const banner = page.getByRole('banner');
    await banner.getByText('List', { exact: true }).click();
    await banner.getByRole('link', { name: categories[2]!.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === pagePath.category(categories[2]!.id));
    await expect.poll(() => focusedText(page)).toMatch(new RegExp(`^h1:${categories[2]!.name}`));
  });
});
