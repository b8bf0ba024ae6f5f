import { describe, expect, it } from 'vitest';
import { NOT_FOUND_LOG, useE2E, visit } from './helpers/browser.js';
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
  sidebar,
} from './helpers/reader.js';
import { apiPath, pagePath } from '../../src/shared/paths.js';

const e2e = useE2E();

interface Detail {
  post: { title: string; slug: string; category: { id: number; name: string } };
  posts: { name: string; slug: string }[];
}

const SLUG = 'full-text-search-with-fts5';
const TITLE = 'Full-text search with FTS5 before you reach for a search cluster';

describe('post /{slug}', () => {
  it('shows the breadcrumb, the title and the post HTML', async () => {
    const { page } = await e2e.tab();
    const response = await visit(page, pagePath.post(SLUG));
    expect(response?.status()).toBe(200);
    expect(await page.title()).toContain(TITLE);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    expect(await crumbs.allInnerTexts()).toEqual(['Home', TITLE]);
    expect(await crumbs.first().getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(await crumbs.last().getAttribute('aria-current')).toBe('page');

    const article = page.getByRole('main').getByRole('article');
    expect(await article.getByRole('heading', { level: 1 }).innerText()).toBe(TITLE);
    expect(
      await article.getByRole('heading', { level: 2, name: 'Creating the index' }).count(),
    ).toBe(1);
    const code = article.locator('pre code').first();
    // Code blocks that scroll sideways can be reached by keyboard.
    expect(await article.locator('pre').first().getAttribute('tabindex')).toBe('0');
    expect(await code.innerText()).toContain('CREATE VIRTUAL TABLE posts_fts USING fts5(');
    expect(
      await article
        .getByRole('img', { name: 'Words pointing to the documents that contain them' })
        .count(),
    ).toBe(1);

    await markDocument(page);
    await crumbs.first().getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await documentMarked(page)).toBe(true);
  });

  it('sends the post body once: in the page, not again in its hydration data', async () => {
    const { page } = await e2e.tab();
    const html = await (await fetch(e2e.url(pagePath.post(SLUG)))).text();
    const block = /<script type="application\/json" data-hydration>([^<]*)<\/script>/.exec(html);
    const state = JSON.parse(block![1]!) as { loaderData: { post: Detail } };
    expect(state.loaderData.post.post.title).toBe(TITLE);
    expect(state.loaderData.post.post).not.toHaveProperty('content');
    // Prose, not code: highlighted code is split into spans.
    expect(html.split('proposes a dedicated search cluster').length).toBe(2);

    // The browser reads the body back from the element that holds it, before hydrating.
    const { post } = await api<Detail & { post: { content: string } }>(e2e, apiPath.post(SLUG));
    await visit(page, pagePath.post(SLUG));
    const shown = await page.evaluate((content) => {
      const parsed = document.createElement('div');
      parsed.innerHTML = content;
      return document.querySelector('article.post > div.prose')?.innerHTML === parsed.innerHTML;
    }, post.content);
    expect(shown).toBe(true);

    // A post reached by client-side navigation gets its body from the API.
    const { posts } = await api<Detail>(e2e, apiPath.post(SLUG));
    const target = await api<{ post: { content: string } }>(e2e, apiPath.post(posts[0]!.slug));
    await sidebar(page).getByRole('link', { name: posts[0]!.name }).click();
    await page.waitForURL((url) => url.pathname === pagePath.post(posts[0]!.slug));
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    const body = await page.evaluate((content) => {
      const parsed = document.createElement('div');
      parsed.innerHTML = content;
      return parsed.innerText || parsed.textContent || '';
    }, target.post.content);
    expect(words(body).length).toBeGreaterThan(20);
    await expect
      .poll(async () => words(await page.getByRole('main').getByRole('article').innerText()))
      .toContain(words(body).slice(0, 60));
  });

  it("lists 'Relative Posts' that navigate to the other post", async () => {
    const { page } = await e2e.tab();
    const { post, posts } = await api<Detail>(e2e, apiPath.post(SLUG));
    expect(posts.length).toBeGreaterThan(0);
    await visit(page, pagePath.post(SLUG));
    const aside = sidebar(page);
    expect(await aside.getByText('Relative Posts', { exact: true }).isVisible()).toBe(true);
    const links = aside.getByRole('list').getByRole('link');
    expect(await links.allInnerTexts()).toEqual(names(posts as never));
    expect(await links.allInnerTexts()).not.toContain(post.title);

    await markDocument(page);
    const target = posts[0]!;
    await aside.getByRole('link', { name: target.name }).click();
    await page.waitForURL((url) => url.pathname === pagePath.post(target.slug));
    await expect
      .poll(() => page.getByRole('main').getByRole('heading', { level: 1 }).innerText())
      .toBe(target.name);
    expect(await documentMarked(page)).toBe(true);
    await expect.poll(() => page.title()).toContain(target.name);
    // The new post's related list no longer offers itself.
    expect(await sidebar(page).getByRole('list').getByRole('link').allInnerTexts()).not.toContain(
      target.name,
    );
  });

  it('checks the post category in the sidebar; another category goes to /cate/{id}', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.post(SLUG));
    expect(await page.getByRole('radio', { name: /Databases/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Accessibility/ }).click();
    await page.waitForURL((url) => url.pathname === pagePath.category(4));
    await expect.poll(() => cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1, 4)));
  });

  it('opens a post from a card without reloading the document', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    const [first] = await pageOfPosts(e2e, 1);
    await markDocument(page);
    await cards(page).first().getByRole('link', { name: first!.name }).click();
    await page.waitForURL((url) => url.pathname === pagePath.post(first!.slug));
    await expect
      .poll(() => page.getByRole('main').getByRole('heading', { level: 1 }).innerText())
      .toBe(first!.name);
    expect(await documentMarked(page)).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === pagePath.posts());
    await expect.poll(() => cardNames(page)).toContain(first!.name);
    expect(await documentMarked(page)).toBe(true);
  });

  it('leaves a modified click on a link to the browser', async () => {
    const { page, context } = await e2e.tab();
    await visit(page, pagePath.posts());
    const [first] = await pageOfPosts(e2e, 1);
    await markDocument(page);
    // Ctrl+click opens the post in a tab of its own; this one stays where it is.
    const opened = context.waitForEvent('page');
    await cards(page)
      .first()
      .getByRole('link', { name: first!.name })
      .click({ modifiers: ['Control'] });
    const other = await opened;
    await other.waitForURL((url) => url.pathname === pagePath.post(first!.slug));
    await other.close();
    expect(new URL(page.url()).pathname).toBe(pagePath.posts());
    expect(await documentMarked(page)).toBe(true);
  });
});

describe('category /cate/{id}', () => {
  it('shows only the cards of that category, with a page selector', async () => {
    const { page } = await e2e.tab();
    const categories = await api<{ id: number; name: string }[]>(e2e, apiPath.postcates());
    const databases = categories.find((c) => c.name === 'Databases')!;
    const response = await visit(page, pagePath.category(databases.id));
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Databases');
    const expected = await pageOfPosts(e2e, 1, databases.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(await cardNames(page)).toEqual(names(expected));
    const all = names(await pageOfPosts(e2e, 1));
    const others = all.filter((name) => !names(expected).includes(name));
    for (const name of others) expect(await cardNames(page)).not.toContain(name);
    expect(await pagination(page).isVisible()).toBe(true);
    expect(await currentPage(page)).toBe('1');
    expect(await page.getByRole('radio', { name: /Databases/ }).isChecked()).toBe(true);
  });

  it('moves to another category from the sidebar', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.category(3));
    await markDocument(page);
    await page.getByRole('radio', { name: /Career/ }).click();
    await page.waitForURL((url) => url.pathname === pagePath.category(5));
    await expect.poll(() => cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1, 5)));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Career');
    expect(await documentMarked(page)).toBe(true);
  });
});

describe('not found', () => {
  for (const path of ['/no-such-post', '/cate/99999', '/cate/abc', '/cate/0', '/a/b/c']) {
    it(`answers 404 with a way home for ${path}`, async () => {
      const { page } = await e2e.tab({ allow: [NOT_FOUND_LOG] });
      const response = await visit(page, path);
      expect(response?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
      expect(await page.title()).toMatch(/^Page not found · /);
      // The message gets the page's width, not a sidebar-sized column.
      expect((await page.getByRole('main').boundingBox())!.width).toBeGreaterThan(600);
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
      if ((await toggle.count()) > 0) {
        const controls = await toggle.getAttribute('aria-controls');
        expect(
          await page.locator(`[id="${controls}"]`).count(),
          'the toggle controls the sidebar',
        ).toBe(1);
        await toggle.click();
        await expect.poll(() => sidebar(page).isVisible()).toBe(false);
      }
      const home = page.getByRole('main').getByRole('link', { name: 'Home' });
      expect(await home.getAttribute('href')).toBe('/');
      await home.click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: "I'm" }).waitFor();
    });
  }

  it('shows the not-found page, with its title, after a client-side navigation', async () => {
    const { page } = await e2e.tab({ allow: [NOT_FOUND_LOG] });
    await visit(page, pagePath.category(99999));
    expect(await page.title()).toMatch(/^Page not found · /);
    await page.getByRole('main').getByRole('link', { name: 'All posts' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.posts());
    await expect.poll(() => page.title()).toMatch(/^All posts · /);
    await markDocument(page);
    // Back is a client-side navigation: the router loads /cate/99999 and gets a 404.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === pagePath.category(99999));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Page not found');
    await expect.poll(() => page.title()).toMatch(/^Page not found · /);
    expect(await documentMarked(page)).toBe(true);
  });
});
