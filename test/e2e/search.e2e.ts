import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E, visit } from './helpers/browser.js';
import { api, cardNames, cards, pageOfPosts, names } from './helpers/reader.js';
import { apiPath, pagePath } from '../../src/shared/paths.js';

const e2e = useE2E();

interface Category {
  id: number;
  name: string;
  post_count: number;
}

/** The total of a search, as the API's header gives it. */
async function totalOf(text: string): Promise<number> {
  const response = await fetch(e2e.url(apiPath.search(text, 1)));
  return Number(response.headers.get('x-total-count'));
}

/** Each card's marked words, in order. */
const markedWords = (page: Page) =>
  cards(page).evaluateAll((articles) =>
    articles.map((article) =>
      [...article.querySelectorAll('.card__excerpt mark')].map((mark) => mark.textContent ?? ''),
    ),
  );

describe('search results', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`shows the count and each card's passage with its matches marked (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const { page } = await e2e.tab({ javaScriptEnabled });
      if (javaScriptEnabled) await visit(page, pagePath.search('cache'));
      else await page.goto(pagePath.search('cache'));
      const total = await totalOf('cache');
      expect(total).toBeGreaterThan(1);
      expect(await page.getByRole('status').innerText()).toBe(`${total} posts match “cache”`);
      expect(await page.getByRole('searchbox', { name: 'Search posts' }).inputValue()).toBe(
        'cache',
      );
      const marks = await markedWords(page);
      expect(marks.length).toBe(Math.min(total, 12));
      for (const words of marks) {
        expect(words.length).toBeGreaterThan(0);
        for (const word of words) expect(word).toMatch(/^cach/i);
      }
    });
  }

  it('says "1 post matches" and marks every word of the query', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.search('FTS5'));
    expect(await page.getByRole('status').innerText()).toBe('1 post matches “FTS5”');
    expect((await markedWords(page))[0]?.map((w) => w.toLowerCase())).toContain('fts5');
  });

  it('shows hostile query text as text and runs nothing of it', async () => {
    const { page } = await e2e.tab();
    const text = '<img src=x onerror="window.__pwned=1">cache<script>window.__pwned=2</script>';
    await visit(page, pagePath.search(text));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain(`“${text}”`);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main img[src="x"], main script').count()).toBe(0);
    for (const words of await markedWords(page))
      for (const word of words) expect(word).toMatch(/^[\p{L}\p{N} ]+$/u);
  });
});

describe('a search that matches nothing', () => {
  const expectSuggestions = async (page: Page, text: string) => {
    const main = page.getByRole('main');
    expect(await page.getByRole('status').innerText()).toBe(`No posts match “${text}”`);
    const advice = await main.getByText(`Nothing matched “${text}”`).innerText();
    expect(advice).toContain('Check the spelling');
    expect(advice).toContain('fewer');

    const categories = (await api<Category[]>(e2e, apiPath.postcates())).filter(
      (c) => c.post_count,
    );
    const links = main.getByRole('navigation', { name: 'Browse the categories' }).getByRole('link');
    expect(await links.allInnerTexts()).toEqual(
      categories.map((c) => `${c.name} (${c.post_count})`),
    );
    expect(
      await links.evaluateAll((as) =>
        as.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
      ),
    ).toEqual(categories.map((c) => pagePath.category(c.id)));

    const recent = names(await pageOfPosts(e2e, 1)).slice(0, 4);
    const recentCards = main
      .getByRole('region', { name: 'The most recent posts' })
      .getByRole('article');
    expect(await recentCards.count()).toBe(4);
    expect(await cardNames(page)).toEqual(recent);
    // The box around the advice centres its text; the cards in it must not inherit that.
    const titleAlignments = await recentCards
      .getByRole('heading', { level: 2 })
      .evaluateAll((titles) => titles.map((title) => getComputedStyle(title).textAlign));
    expect(titleAlignments).toHaveLength(4);
    for (const alignment of titleAlignments) expect(['start', 'left']).toContain(alignment);
  };

  it('is rendered by the server: advice, category links with counts, the newest posts', async () => {
    const { page } = await e2e.tab({ javaScriptEnabled: false });
    const response = await page.goto(pagePath.search('zzqqxxnomatch'));
    expect(response?.status()).toBe(200);
    await expectSuggestions(page, 'zzqqxxnomatch');
  });

  it('is the same after a search typed in the page, and its links work', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.search('cache'));
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('qqzzxx nothing');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.search('qqzzxx nothing'));
    await expect.poll(() => page.getByRole('status').innerText()).toContain('No posts match');
    await expectSuggestions(page, 'qqzzxx nothing');
    const first = page
      .getByRole('navigation', { name: 'Browse the categories' })
      .getByRole('link')
      .first();
    const href = new URL((await first.getAttribute('href'))!, e2e.server.url).pathname;
    await first.click();
    await page.waitForURL((url) => url.pathname === href);
  });
});
