/**
 * The XSS corpus: hundreds of hostile posts, front matter and site.yaml values, imported into
 * SQLite through the CLI (into PostgreSQL: xss-corpus-postgres.e2e.ts) and checked on every page,
 * feed, API answer and image. Every page is fetched from Node, parsed as
 * Chromium parses it and audited; the pages that depend on the store in their own way, every post
 * holding a family of vectors and a random share of the posts holding one each are also opened in
 * Chromium, with a detector of script execution (a binding, dialogs, console, uncaught errors, CSP
 * violation events) and an audit of what would run on a click; feeds and API answers are checked
 * from Node for what a browser would run in them. Expected: nothing runs, nothing is left that
 * could. The detector and the Node parse are checked against themselves in
 * xss-corpus-postgres.e2e.ts; hostile URL fields, which the import refuses, in
 * xss-content-refusals.e2e.ts.
 */
import { describe, expect, it } from 'vitest';
import { hydrated } from './helpers/browser.js';
import { cards } from './helpers/reader.js';
import { coverage, report, useCorpus } from './helpers/xss-corpus.js';
import { Detector } from './helpers/xss-detector.js';
import { asParsed } from './helpers/xss-node-checks.js';
import { describeFindings, failures, PAGE_WAIT_MS, sweep } from './helpers/xss-sweep.js';
import { listing, openedPosts, targets, vectorIndex } from './helpers/xss-targets.js';
import { familyCounts, VECTORS } from './helpers/xss-vectors.js';
import { pageParams, pagePath } from '../../src/shared/paths.js';

describe('the vector list', () => {
  it('holds at least 280 distinct vectors, in every family', () => {
    expect(new Set(VECTORS.map((v) => v.payload)).size).toBe(VECTORS.length);
    expect(VECTORS.length).toBeGreaterThanOrEqual(280);
    for (const [family, count] of Object.entries(familyCounts()))
      expect(count, family).toBeGreaterThanOrEqual(10);
  });
});

/** The tests at once: while one waits on a page, another uses the CPU. */
describe.concurrent('the XSS corpus on SQLite, imported through the CLI', () => {
  const corpus = useCorpus('sqlite');

  it('runs no vector on any page, feed, API answer or image', async ({ expect }) => {
    const { site, server, browser } = corpus;
    const list = targets(site, await listing(server.url), true, openedPosts(site));
    const started = performance.now();
    const findings = await sweep(browser, server.url, list, vectorIndex(site));
    report('sqlite', coverage(list, started), findings);
    expect(failures(findings), describeFindings(failures(findings))).toEqual([]);
  }, 240_000);

  it('runs no vector while navigating in the app', async ({ expect }) => {
    const { site, server, browser } = corpus;
    const detector = new Detector(vectorIndex(site));
    const context = await browser.newContext({ baseURL: server.url });
    context.setDefaultTimeout(PAGE_WAIT_MS);
    await detector.attach(context);
    const page = await context.newPage();
    detector.watch(page);
    const titleOf = new Map(site.posts.map((p) => [p.slug, p.title]));
    const h1 = () => page.getByRole('main').getByRole('heading', { level: 1 }).first();

    await page.goto('/');
    await hydrated(page);
    await page.getByRole('link', { name: 'Browse all posts' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.posts());
    await cards(page).first().waitFor();
    // The first page lists the posts holding a whole family each: every vector rendered client-side.
    const names = await cards(page).getByRole('heading', { level: 2 }).allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const [i, name] of names.entries()) {
      await cards(page).nth(i).getByRole('link').first().click();
      await page.waitForURL((url) => url.pathname !== pagePath.posts());
      const slug = decodeURIComponent(new URL(page.url()).pathname.slice(1));
      await expect
        .poll(async () => asParsed((await h1().textContent()) ?? ''), { timeout: PAGE_WAIT_MS })
        .toBe(asParsed(titleOf.get(slug) ?? name));
      await detector.audit(page);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === pagePath.posts());
    }
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await cards(page).first().getByRole('link').first().click();
    await page.waitForURL((url) => !url.pathname.startsWith(pagePath.posts()));
    await detector.audit(page);
    await page.getByRole('radio').nth(1).click();
    await page.waitForURL((url) => pageParams('category', url.pathname) !== undefined);
    await cards(page).first().waitFor();
    await detector.audit(page);
    const text = VECTORS.find((v) => v.payload.startsWith('<img src=x onerror='))!.payload;
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(text);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => pageParams('search', url.pathname) !== undefined);
    // The URL changes before the results' loader has answered; the heading follows it.
    await expect
      .poll(
        async () => (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '',
        { timeout: PAGE_WAIT_MS },
      )
      .toContain(text);
    await detector.audit(page);
    await page.waitForTimeout(300);
    await context.close();
    report(
      'sqlite-navigation',
      `${names.length + 4} screens reached in the app`,
      detector.findings,
    );
    expect(failures(detector.findings), describeFindings(failures(detector.findings))).toEqual([]);
  }, 120_000);
});
