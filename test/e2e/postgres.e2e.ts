import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_LOG, useE2E, visit } from './helpers/browser.js';
import { cardNames, currentPage, names, pageOfPosts } from './helpers/reader.js';
import { pgAdmin, pgDatabaseUrl, uniqueDatabase } from '../helpers/stores.js';
import { pagePath } from '../../src/shared/paths.js';

/** A database of its own on the test PostgreSQL; PostgreSQL being away fails, never skips. */
const database = uniqueDatabase('postfolio_e2e');
const databaseUrl = pgDatabaseUrl(database);

// Registered before useE2E so that the database exists when the server starts,
// and is dropped after the server has stopped.
beforeAll(() => pgAdmin(`CREATE DATABASE ${database}`));
afterAll(() => pgAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

const e2e = useE2E({ databaseUrl: () => databaseUrl });

describe('on PostgreSQL', () => {
  it('serves from the PostgreSQL store', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM posts');
      expect(Number(rows[0]!.n)).toBe(32);
    } finally {
      await client.end();
    }
  });

  it('lists posts, filters by category in place and pages', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1)));
    await page.getByRole('radio', { name: /Databases/ }).click();
    await page.waitForURL((url) => url.search === '?category=3');
    await expect.poll(() => cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1, 3)));
    await page.getByRole('radio', { name: 'All posts' }).click();
    await page.waitForURL((url) => url.search === '');
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await expect.poll(() => currentPage(page)).toBe('2');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 2)));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === pagePath.posts() && url.search === '');
    await expect.poll(() => currentPage(page)).toBe('1');
  });

  it('shows a post and navigates to a related one', async () => {
    const { page } = await e2e.tab();
    const response = await visit(page, '/full-text-search-with-fts5');
    expect(response?.status()).toBe(200);
    const article = page.getByRole('main').getByRole('article');
    expect(await article.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Full-text search with FTS5 before you reach for a search cluster',
    );
    expect(await article.locator('pre code').first().innerText()).toContain('CREATE VIRTUAL TABLE');
    const related = page.getByRole('complementary').getByRole('list').getByRole('link').first();
    const name = await related.innerText();
    await related.click();
    await expect
      .poll(() => page.getByRole('main').getByRole('heading', { level: 1 }).innerText())
      .toBe(name);
  });

  it('searches, including text with query syntax and other scripts', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('FTS5');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.search('FTS5'));
    await expect
      .poll(() => cardNames(page))
      .toEqual(['Full-text search with FTS5 before you reach for a search cluster']);
    for (const text of ['"a" AND (b', '中文', '🙂']) {
      const response = await visit(page, pagePath.search(text));
      expect(response?.status(), text).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain(
        `Search results for “${text}”`,
      );
    }
  });

  it('answers 404 for an unknown post or category', async () => {
    const { page } = await e2e.tab({ allow: [NOT_FOUND_LOG] });
    for (const path of ['/no-such-post', '/cate/99999', '/cate/abc']) {
      const response = await visit(page, path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
    }
  });
});
