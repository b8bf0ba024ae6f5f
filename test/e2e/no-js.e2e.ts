import { describe, expect, it } from 'vitest';
import { useE2E } from './helpers/browser.js';
import { cardNames, currentPage, names, pageOfPosts, pathAndQuery } from './helpers/reader.js';

const e2e = useE2E();
const noJs = () => e2e.tab({ javaScriptEnabled: false });

describe('without JavaScript', () => {
  it('shows /posts with its cards, and the page links work', async () => {
    const { page } = await noJs();
    const response = await page.goto('/posts');
    expect(response?.status()).toBe(200);
    // React never ran: the server's HTML alone is on screen.
    const hydratedKeys = await page
      .getByRole('button', { name: 'Toggle sidebar' })
      .evaluate((el) => Object.keys(el).filter((key) => key.startsWith('__react')));
    expect(hydratedKeys).toEqual([]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('All posts');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1)));

    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    expect(await currentPage(page)).toBe('2');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 2)));
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.search === '?page=3');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 3)));
  });

  it('filters by category through the sidebar form', async () => {
    const { page } = await noJs();
    await page.goto('/posts');
    await page.getByRole('radio', { name: /Databases/ }).check();
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.search === '?category=3');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1, 3)));
    expect(await page.getByRole('radio', { name: /Databases/ }).isChecked()).toBe(true);
  });

  it('searches through the search form', async () => {
    const { page } = await noJs();
    await page.goto('/posts');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('FTS5');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/posts/FTS5');
    expect(await cardNames(page)).toEqual([
      'Full-text search with FTS5 before you reach for a search cluster',
    ]);
  });

  it('shows a post with its body, and a card link opens it', async () => {
    const { page } = await noJs();
    await page.goto('/posts');
    const [first] = await pageOfPosts(e2e, 1);
    await page.getByRole('main').getByRole('link', { name: first!.name }).click();
    await page.waitForURL((url) => url.pathname === `/${first!.slug}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(first!.name);

    await page.goto('/full-text-search-with-fts5');
    const article = page.getByRole('main').getByRole('article');
    expect(await article.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Full-text search with FTS5 before you reach for a search cluster',
    );
    expect(await article.getByRole('heading', { name: 'Creating the index' }).isVisible()).toBe(
      true,
    );
    expect(await article.locator('pre code').first().innerText()).toContain('CREATE VIRTUAL TABLE');
    expect(await page.getByRole('complementary').getByText('Relative Posts').isVisible()).toBe(
      true,
    );
  });

  it('shows /resume with every section and the contact form', async () => {
    const { page } = await noJs();
    const response = await page.goto('/resume');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Noor Halvorsen');
    for (const name of [
      'Experience and education',
      'Demo products',
      'How I can help',
      "Let's work together",
    ])
      expect(await page.getByRole('heading', { name }).isVisible(), name).toBe(true);
    expect(await page.getByRole('button', { name: 'Send Message' }).isDisabled()).toBe(true);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Contact' })
      .click();
    expect(pathAndQuery(page)).toBe('/resume');
    expect(new URL(page.url()).hash).toBe('#contact');
  });

  it('shows the landing cards', async () => {
    const { page } = await noJs();
    await page.goto('/');
    expect(await page.getByRole('link', { name: /Open the web course/ }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: "I'm" }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go Here' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });
});
