import type { Locator, Page } from 'playwright-core';
import { apiPath } from '../../../src/shared/paths.js';
import type { E2E } from './browser.js';

export interface Card {
  name: string;
  slug: string;
  summary: string;
  image: string;
  image_variants?: { files: { url: string }[] } | null;
}

/** The JSON API of the server under test (`path` from apiPath), for the expected values of a screen. */
export async function api<T>(e2e: E2E, path: string): Promise<T> {
  const response = await fetch(e2e.url(path));
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export async function pageOfPosts(e2e: E2E, page: number, category?: number): Promise<Card[]> {
  const path = category ? apiPath.postsCate(category, page) : apiPath.posts(page);
  return (await api<{ data: Card[] }>(e2e, path)).data;
}

export function names(cards: Card[]): string[] {
  return cards.map((card) => card.name);
}

/** The post cards of the main region, as a person sees them. */
export function cards(page: Page): Locator {
  return page.getByRole('main').getByRole('article');
}

/** The names (card headings) of the cards shown. */
export async function cardNames(page: Page): Promise<string[]> {
  return cards(page).getByRole('heading', { level: 2 }).allInnerTexts();
}

export function pagination(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Pagination' });
}

/** The number of the page marked current in the page selector. */
export async function currentPage(page: Page): Promise<string | null> {
  const current = pagination(page).locator('[aria-current="page"]');
  return (await current.count()) === 1 ? current.innerText() : null;
}

export function sidebar(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Sidebar' });
}

export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Sets a marker on window; still there after a navigation means no document reload happened. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1));
}

export async function documentMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 1);
}
