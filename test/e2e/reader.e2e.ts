import { describe, expect, it } from 'vitest';
import { useE2E, visit } from './helpers/browser.js';
import {
  api,
  cardNames,
  cards,
  currentPage,
  documentMarked,
  markDocument,
  names,
  pageOfPosts,
  pagination,
  pathAndQuery,
  sidebar,
} from './helpers/reader.js';
import { apiPath, pagePath } from '../../src/shared/paths.js';

const e2e = useE2E();
const SITE_TITLE = 'Noor Halvorsen — Notes on the web';

describe('post list /posts', () => {
  it('has the top bar: logo home, List of categories, sidebar toggle, search', async () => {
    const { page } = await e2e.tab();
    const response = await visit(page, pagePath.posts());
    expect(response?.status()).toBe(200);
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: SITE_TITLE }).getAttribute('href')).toBe('/');

    const categories = await api<{ id: number; name: string }[]>(e2e, apiPath.postcates());
    expect(categories).toHaveLength(5);
    const list = banner.getByText('List', { exact: true });
    const first = banner.getByRole('link', { name: categories[0]!.name });
    expect(await first.isVisible()).toBe(false);
    await list.click();
    for (const category of categories) {
      const link = banner.getByRole('link', { name: category.name, exact: true });
      expect(await link.isVisible()).toBe(true);
      expect(await link.getAttribute('href')).toBe(pagePath.category(category.id));
    }
    await markDocument(page);
    await banner.getByRole('link', { name: categories[2]!.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === pagePath.category(categories[2]!.id));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toContain(categories[2]!.name);
    expect(await documentMarked(page)).toBe(true);
    expect(await first.isVisible(), 'the List menu closes after a choice').toBe(false);

    expect(await banner.getByRole('searchbox', { name: 'Search posts' }).isVisible()).toBe(true);
    expect(await banner.getByRole('button', { name: 'Search' }).isVisible()).toBe(true);
    await banner.getByRole('link', { name: SITE_TITLE }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('hides and shows the sidebar with the toggle button', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    expect(await sidebar(page).isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await expect.poll(() => sidebar(page).isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('radio').count()).toBe(0);
    await toggle.click();
    await expect.poll(() => sidebar(page).isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: /Databases/ }).isVisible()).toBe(true);
  });

  it('shows cards with name, image linking to the post, and summary', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    const expected = await pageOfPosts(e2e, 1);
    expect(expected).toHaveLength(12);
    expect(await cardNames(page)).toEqual(names(expected));
    const card = cards(page).first();
    const post = expected[0]!;
    const image = card.getByRole('link', { name: post.name });
    expect(await image.getAttribute('href')).toBe(pagePath.post(post.slug));
    const img = image.getByRole('img', { name: post.name });
    // The image's own file under a name of its hash, as the API lists it.
    expect(await img.getAttribute('src')).toBe(post.image_variants?.files.at(-1)?.url);
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(
      true,
    );
    expect(await card.getByText(post.summary).isVisible()).toBe(true);
    // The name is the header of an accordion: it folds the card body away.
    await card.getByRole('heading', { name: post.name }).click();
    await expect.poll(() => card.getByText(post.summary).isVisible()).toBe(false);
  });

  it('filters in place by category, mirrored in the URL, resetting to page 1', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    await markDocument(page);
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await expect.poll(() => currentPage(page)).toBe('2');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 2)));

    await page.getByRole('radio', { name: /TypeScript/ }).click();
    await page.waitForURL((url) => url.search === '?category=2');
    const typescript = names(await pageOfPosts(e2e, 1, 2));
    await expect.poll(() => cardNames(page)).toEqual(typescript);
    expect(await currentPage(page)).toBe('1');
    expect(await page.getByRole('radio', { name: /TypeScript/ }).isChecked()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('TypeScript');
    expect(new URL(page.url()).pathname, 'filtered in place, not on /cate').toBe(pagePath.posts());
    expect(await documentMarked(page)).toBe(true);

    await page.getByRole('radio', { name: /Databases/ }).click();
    await page.waitForURL((url) => url.search === '?category=3');
    await expect.poll(() => cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1, 3)));

    // Back restores the previous filter, then the previous page.
    await page.goBack();
    await page.waitForURL((url) => url.search === '?category=2');
    await expect.poll(() => cardNames(page)).toEqual(typescript);
    expect(await page.getByRole('radio', { name: /TypeScript/ }).isChecked()).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => url.search === '?page=2');
    await expect.poll(() => currentPage(page)).toBe('2');
    expect(await page.getByRole('radio', { name: 'All posts' }).isChecked()).toBe(true);
    expect(await documentMarked(page)).toBe(true);

    // 'All posts' goes back to the unfiltered list.
    await page.getByRole('radio', { name: /Career/ }).click();
    await page.waitForURL((url) => url.search === '?category=5');
    await page.getByRole('radio', { name: 'All posts' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.posts() && url.search === '');
    await expect.poll(() => cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1)));
  });

  it('keeps the filter and the page across a reload', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    await page.getByRole('radio', { name: /Career/ }).click();
    await page.waitForURL((url) => url.search === '?category=5');
    await page.reload();
    await page.getByRole('main').waitFor();
    expect(pathAndQuery(page)).toBe(pagePath.posts({ category: 5 }));
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1, 5)));
    expect(await page.getByRole('radio', { name: /Career/ }).isChecked()).toBe(true);

    await visit(page, pagePath.posts());
    await page.getByRole('link', { name: 'Page 3' }).click();
    await page.waitForURL((url) => url.search === '?page=3');
    await page.reload();
    await page.getByRole('main').waitFor();
    expect(await currentPage(page)).toBe('3');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 3)));
  });

  it('has a page selector: Previous disabled on page 1, Next and Previous work, current marked', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    const nav = pagination(page);
    expect(await nav.getByRole('link', { name: /Page \d/ }).allInnerTexts()).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(await nav.getByRole('link', { name: 'Previous' }).count()).toBe(0);
    expect(await nav.getByText('Previous').getAttribute('aria-disabled')).toBe('true');
    expect(await currentPage(page)).toBe('1');

    await markDocument(page);
    await nav.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await expect.poll(() => currentPage(page)).toBe('2');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 2)));
    await nav.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.search === '?page=3');
    await expect.poll(() => currentPage(page)).toBe('3');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 3)));
    expect(await nav.getByRole('link', { name: 'Next' }).count()).toBe(0);
    expect(await nav.getByText('Next').getAttribute('aria-disabled')).toBe('true');

    await nav.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await nav.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.posts() && url.search === '');
    await expect.poll(() => currentPage(page)).toBe('1');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1)));
    expect(await documentMarked(page), 'pages change without a document reload').toBe(true);
  });
});

describe('search', () => {
  async function search(page: import('playwright-core').Page, text: string) {
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(text);
    await page.getByRole('button', { name: 'Search' }).click();
  }

  it('goes to /posts/{text} with the matching cards', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    await markDocument(page);
    await search(page, 'FTS5');
    await page.waitForURL((url) => url.pathname === pagePath.search('FTS5'));
    await expect
      .poll(() => cardNames(page))
      .toEqual(['Full-text search with FTS5 before you reach for a search cluster']);
    expect(await page.getByRole('status').innerText()).toBe('1 post matches “FTS5”');
    expect(await documentMarked(page)).toBe(true);

    await search(page, 'keyboard test');
    await page.waitForURL((url) => url.pathname === pagePath.search('keyboard test'));
    await expect
      .poll(() => cardNames(page))
      .toContain('A ten-minute keyboard test for every pull request');
  });

  it('ignores an empty search', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts({ page: 2 }));
    for (const text of ['', '   ']) {
      await search(page, text);
      await page.waitForTimeout(300);
      expect(pathAndQuery(page)).toBe(pagePath.posts({ page: 2 }));
    }
    expect(await currentPage(page)).toBe('2');
  });

  for (const text of ['"a" AND (b', '中文', '🙂', '100% <b>&amp;', 'zzzqqqxxx']) {
    it(`shows a results page for ${JSON.stringify(text)}`, async () => {
      const { page } = await e2e.tab();
      await visit(page, pagePath.posts());
      await search(page, text);
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/posts/${text}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.innerText()).toContain(`Search results for “${text}”`);
      expect(await page.getByRole('status').innerText()).toMatch(
        /^(\d+ posts? match(es)?|No posts match) “/,
      );
      const shown = await cards(page).count();
      if (shown === 0)
        expect(await page.getByText(`No posts match “${text}”`).isVisible()).toBe(true);
      // The same address loaded directly answers 200 with the same page.
      const response = await page.reload();
      expect(response?.status()).toBe(200);
      expect(await heading.innerText()).toContain(`Search results for “${text}”`);
      expect(await cards(page).count()).toBe(shown);
    });
  }
});
