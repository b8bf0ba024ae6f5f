import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './helpers/browser.js';
import { runCli } from './helpers/cli.js';
import { cardNames, currentPage, names, pageOfPosts, pathAndQuery } from './helpers/reader.js';
import { EMPLOYER_EMAIL } from './helpers/server.js';
import { FORM_ROUTES, pagePath } from '../../src/shared/paths.js';

/** The browser's log line for a document answered with 400 or 403 (the forms' refusals). */
const REFUSED_LOG = /Failed to load resource: the server responded with a status of 40[03]/;

// A server of its own for the forms: the gate spends attempts, which a server counts per client,
// and the contact form is switched on. The pages that are only read come from the run's server.
// Its counts are written every second, for the analytics dashboard to show them soon.
const site = useE2E({ env: { CONTACT_ENABLED: '1', ANALYTICS_FLUSH_SECONDS: '1' } });

describe('without JavaScript', () => {
  const e2e = useE2E();
  const noJs = () => e2e.tab({ javaScriptEnabled: false });

  it('shows /posts with its cards, and the page links work', async () => {
    const { page } = await noJs();
    const response = await page.goto(pagePath.posts());
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
    await page.goto(pagePath.posts());
    await page.getByRole('radio', { name: /Databases/ }).check();
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.search === '?category=3');
    expect(await cardNames(page)).toEqual(names(await pageOfPosts(e2e, 1, 3)));
    expect(await page.getByRole('radio', { name: /Databases/ }).isChecked()).toBe(true);
  });

  it('searches through the search form', async () => {
    const { page } = await noJs();
    await page.goto(pagePath.posts());
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('FTS5');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.search('FTS5'));
    expect(await cardNames(page)).toEqual([
      'Full-text search with FTS5 before you reach for a search cluster',
    ]);
  });

  it('shows a post with its body, and a card link opens it', async () => {
    const { page } = await noJs();
    await page.goto(pagePath.posts());
    const [first] = await pageOfPosts(e2e, 1);
    await page.getByRole('main').getByRole('link', { name: first!.name }).click();
    await page.waitForURL((url) => url.pathname === pagePath.post(first!.slug));
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
    const response = await page.goto(pagePath.resume());
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
    expect(pathAndQuery(page)).toBe(pagePath.resume());
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

describe('the employer gate without JavaScript', () => {
  const noJs = () => site.tab({ javaScriptEnabled: false });
  const gate = (page: Page) => page.getByRole('region', { name: 'Hiring? Unlock the portfolio' });

  it("opens with 'I'm' and sends the right address on to /resume", async () => {
    const { page } = await noJs();
    await page.goto('/');
    expect(await page.getByLabel('Your work email').isVisible()).toBe(false);
    await gate(page).getByRole('button', { name: "I'm" }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?employer=1');
    const email = page.getByLabel('Your work email');
    expect(await email.isVisible()).toBe(true);
    expect(
      await gate(page).getByRole('button', { name: "I'm" }).getAttribute('aria-expanded'),
    ).toBe('true');
    await email.fill(`  ${EMPLOYER_EMAIL.toUpperCase()} `);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.resume());
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Noor Halvorsen');
  });

  it("answers a wrong or empty address with a page saying 'Please text my email to login'", async () => {
    const { page } = await site.tab({ javaScriptEnabled: false, allow: [REFUSED_LOG] });
    for (const address of ['someone.else@example.com', '']) {
      await page.goto('/?employer=1');
      await page.getByLabel('Your work email').fill(address);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(FORM_ROUTES.employerCheck)),
        page.getByRole('button', { name: 'Submit' }).click(),
      ]);
      expect(response.status()).toBe(403);
      await page.waitForURL((url) => url.pathname === FORM_ROUTES.employerCheck);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Not unlocked');
      expect(await page.getByRole('status').innerText()).toBe('Please text my email to login');
      expect(await page.content()).not.toContain(EMPLOYER_EMAIL);
      await page.getByRole('link', { name: 'Try another address' }).click();
      await page.waitForURL((url) => url.search === '?employer=1');
      expect(await page.getByLabel('Your work email').isVisible()).toBe(true);
    }
  });
});

describe('the contact form without JavaScript, switched on', () => {
  const form = (page: Page) => page.getByRole('region', { name: "Let's work together" });

  async function fill(page: Page, fields: { name: string; email: string; message: string }) {
    await form(page).getByLabel('Your name').fill(fields.name);
    await form(page).getByLabel('Your email').fill(fields.email);
    await form(page).getByLabel('Subject').fill('Hello from a browser without scripts');
    await form(page).getByLabel('Message', { exact: true }).fill(fields.message);
  }

  it('sends a message and answers a page with the success text', async () => {
    const { page } = await site.tab({ javaScriptEnabled: false });
    await page.goto(pagePath.resume('contact'));
    await fill(page, { name: 'Ada', email: 'ada@example.com', message: 'Typed with no script.' });
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST'),
      form(page).getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(request.url()).toBe(site.url(FORM_ROUTES.contact));
    expect(request.headers()['content-type']).toBe('application/x-www-form-urlencoded');
    await page.waitForURL((url) => url.pathname === FORM_ROUTES.contact);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Message sent');
    expect(await page.getByRole('status').innerText()).toBe(
      'Your message has been sent. Thank you!',
    );
    // The page is styled by the site's own stylesheet, which the CSP allowed.
    expect(await page.locator('main').evaluate((el) => getComputedStyle(el).maxWidth)).not.toBe(
      'none',
    );
    await page.getByRole('link', { name: 'Back to the portfolio' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.resume());
  });

  it('names what the server refused, and Back keeps what was typed', async () => {
    const { page } = await site.tab({ javaScriptEnabled: false, allow: [REFUSED_LOG] });
    await page.goto(pagePath.resume('contact'));
    // Both pass the browser's own checks (required, type=email); the server trims the name, and
    // takes every address the browser's type=email takes (a domain without a dot, too).
    await fill(page, { name: '   ', email: 'ada@localhost', message: 'Kept when I go back.' });
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL((url) => url.pathname === FORM_ROUTES.contact);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Not sent yet');
    expect(await page.getByRole('listitem').allInnerTexts()).toEqual([
      'Your name: please fill it in.',
    ]);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === pagePath.resume());
    expect(await form(page).getByLabel('Message', { exact: true }).inputValue()).toBe(
      'Kept when I go back.',
    );
  });
});

/** A reader's browser as the analytics see it. */
const READER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('the analytics dashboard without JavaScript', () => {
  it('opens from its signed link: charts drawn as SVG, each over its table, no script', async () => {
    const { page } = await site.tab({ javaScriptEnabled: false, userAgent: READER });
    await page.goto(pagePath.posts());
    await page.goto(pagePath.resume());
    const made = await runCli(['stats', '--link'], site.server.env as Record<string, string>);
    expect(made.code, made.stderr).toBe(0);
    const dashboard = new URL(made.stdout.trim()).pathname;
    // The views reach the store with the next batch: the page shows them once written.
    // The tables are in closed <details>: hidden until opened, still read by a screen reader's table list.
    const topPages = page.getByRole('table', { name: 'Top pages', includeHidden: true });
    const pageRow = (path: string) =>
      topPages.getByRole('row', { includeHidden: true }).filter({
        has: page.getByRole('rowheader', { name: path, exact: true, includeHidden: true }),
      });
    for (let tries = 0; ; tries++) {
      const response = await page.goto(dashboard);
      expect(response?.status()).toBe(200);
      if (await pageRow(pagePath.resume()).count()) break;
      expect(tries, 'the views of /posts and /resume on the dashboard').toBeLessThan(50);
      await page.waitForTimeout(200);
    }
    expect(await page.locator('script').count()).toBe(0);
    const charts = page.locator('figure > svg');
    expect(await charts.count()).toBeGreaterThanOrEqual(3);
    // Each chart is laid out with its bars, and has its table under it.
    for (const chart of await charts.all()) {
      const box = await chart.boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      expect(box?.height).toBeGreaterThan(10);
      expect(await chart.locator('rect').count()).toBeGreaterThan(0);
      expect(await chart.locator('xpath=following-sibling::details//table').count()).toBe(1);
    }
    const views = await pageRow(pagePath.posts()).locator('td').first().textContent();
    expect(Number(views)).toBeGreaterThanOrEqual(1);
  });
});
