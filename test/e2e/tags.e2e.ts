import { describe, expect, it } from 'vitest';
import { audit, auditColours, turnDarkInPlace } from './helpers/axe.js';
import { DESKTOP, NOT_FOUND_LOG, PHONE, useE2E, visit } from './helpers/browser.js';
import {
  api,
  cardNames,
  cards,
  documentMarked,
  markDocument,
  pagination,
  sidebar,
} from './helpers/reader.js';
import { apiPath, pagePath } from '../../src/shared/paths.js';

const e2e = useE2E();

interface Ref {
  name: string;
  slug: string;
}

interface Detail {
  post: {
    title: string;
    tags: Ref[];
    category: { id: number; name: string };
    reading_minutes: number;
    modified_at: string | null;
  };
  previous: Ref | null;
  next: Ref | null;
}

/** A demo post revised after it was published, in the middle of its category. */
const REVISED = 'sqlite-in-production';

describe('the parts of a post page', () => {
  it('shows the cover, dates, category, tags and reading time under the title', async () => {
    const { page } = await e2e.tab();
    const { post } = await api<Detail>(e2e, apiPath.post(REVISED));
    await visit(page, `/${REVISED}`);
    const article = page.getByRole('main').getByRole('article');

    const cover = article.getByRole('img', { name: post.title, exact: true });
    expect(await cover.count()).toBe(1);
    expect(await cover.getAttribute('width')).toBe('800');
    expect(await cover.getAttribute('height')).toBe('450');
    // The cover comes before the title.
    const coverFirst = await page.evaluate(() => {
      const header = document.querySelector('article.post header');
      return header?.firstElementChild?.tagName === 'FIGURE';
    });
    expect(coverFirst).toBe(true);

    const meta = await article.locator('.post__meta').innerText();
    expect(meta).toContain('Published September 8, 2025');
    expect(meta).toContain('Updated April 2, 2026');
    expect(meta).toContain(`${post.reading_minutes} min read`);
    expect(post.reading_minutes).toBeGreaterThan(0);
    expect(
      await article
        .getByRole('link', { name: post.category.name, exact: true })
        .getAttribute('href'),
    ).toBe(pagePath.category(post.category.id));

    const tags = article.getByRole('list', { name: 'Tags' }).getByRole('link');
    expect(await tags.allInnerTexts()).toEqual(post.tags.map((tag) => `#${tag.name}`));
    expect(await tags.first().getAttribute('href')).toBe(pagePath.tag(post.tags[0]!.slug));
  });

  it('names the cover by image_alt when the post has one', async () => {
    const { page } = await e2e.tab();
    await visit(page, '/why-your-lcp-is-slow');
    const alt = 'A page timeline with the largest paint arriving late';
    expect(await page.getByRole('main').getByRole('img', { name: alt }).count()).toBe(1);
    expect(await page.locator('.post__meta').innerText()).not.toContain('Updated');
  });

  it('links the previous and next post of the category, without reloading', async () => {
    const { page } = await e2e.tab();
    const { previous, next, post } = await api<Detail>(e2e, apiPath.post(REVISED));
    expect(previous).not.toBeNull();
    expect(next).not.toBeNull();
    await visit(page, `/${REVISED}`);
    const around = page.getByRole('navigation', { name: `More in ${post.category.name}` });
    const older = around.getByRole('link', {
      name: new RegExp(`Previous post.*${previous!.name}`),
    });
    expect(await older.getAttribute('href')).toBe(pagePath.post(previous!.slug));
    const newer = around.getByRole('link', { name: new RegExp(`Next post.*${next!.name}`) });
    expect(await newer.getAttribute('href')).toBe(pagePath.post(next!.slug));

    await markDocument(page);
    await newer.click();
    await page.waitForURL((url) => url.pathname === pagePath.post(next!.slug));
    await expect
      .poll(() => page.getByRole('main').getByRole('heading', { level: 1 }).innerText())
      .toBe(next!.name);
    expect(await documentMarked(page)).toBe(true);
  });
});

describe('tag pages', () => {
  it('opens a tag from a post: its cards, the sidebar and the page selector', async () => {
    const { page } = await e2e.tab();
    const { post } = await api<Detail>(e2e, apiPath.post(REVISED));
    const tag = post.tags[0]!;
    const listed = await api<{ data: Ref[]; total: number }>(e2e, apiPath.postsTag(tag.slug, 1));
    await visit(page, `/${REVISED}`);
    await markDocument(page);
    await page
      .getByRole('list', { name: 'Tags' })
      .getByRole('link', { name: `#${tag.name}` })
      .click();
    await page.waitForURL((url) => url.pathname === pagePath.tag(tag.slug));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toContain(`#${tag.name}`);
    expect(await documentMarked(page)).toBe(true);
    await expect.poll(() => cardNames(page)).toEqual(listed.data.map((card) => card.name));
    expect(await sidebar(page).isVisible()).toBe(true);
    expect(await pagination(page).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toContain(`#${tag.name}`);
  });

  it('renders a tag page on the server with its status, and a 404 page for an unknown tag', async () => {
    const { page } = await e2e.tab({ allow: [NOT_FOUND_LOG] });
    const tags = await api<Array<Ref & { post_count: number }>>(e2e, apiPath.tags());
    expect(tags.length).toBeGreaterThan(10);
    const response = await visit(page, pagePath.tag(tags[0]!.slug));
    expect(response?.status()).toBe(200);
    expect(await cards(page).count()).toBe(Math.min(12, tags[0]!.post_count));

    const missing = await visit(page, pagePath.tag('no-such-tag'));
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/not found/i);
  });

  it('shows each card with its date, category, reading time and tags', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    const card = cards(page).first();
    const meta = await card.locator('.card__meta').innerText();
    expect(meta).toMatch(/\w+ \d{1,2}, \d{4}/);
    expect(meta).toMatch(/\d+ min read/);
    const categories = await api<Array<{ name: string }>>(e2e, apiPath.postcates());
    expect(categories.some((c) => meta.includes(c.name))).toBe(true);
    expect(await card.getByRole('link', { name: /^#/ }).count()).toBeGreaterThan(0);
  });

  // Light runs every rule; dark, after the test shows that nothing but colours changed with the
  // scheme, runs the colour rules (as in a11y.e2e.ts).
  for (const colorScheme of ['light', 'dark'] as const)
    for (const viewport of [DESKTOP, PHONE])
      it(`has no axe violations at ${viewport.width}px, ${colorScheme}`, async () => {
        const { page } = await e2e.tab({ viewport });
        const [tag] = await api<Ref[]>(e2e, apiPath.tags());
        await visit(page, pagePath.tag(tag!.slug));
        let results;
        if (colorScheme === 'dark') {
          await turnDarkInPlace(page);
          results = await auditColours(page);
        } else {
          results = await audit(page);
          expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10);
        }
        expect(results.violations.map((v) => ({ id: v.id, targets: v.nodes.length }))).toEqual([]);
      });
});
