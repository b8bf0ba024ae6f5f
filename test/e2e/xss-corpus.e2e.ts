/**
 * The XSS corpus: hundreds of hostile posts, front matter and site.yaml values, imported into
 * SQLite through the CLI (into PostgreSQL: xss-corpus-postgres.e2e.ts) and checked on every page,
 * feed, API answer and image. Every page is fetched from Node, parsed as
 * Chromium parses it and audited; the pages that depend on the store in their own way, every post
 * holding a family of vectors and a random share of the posts holding one each are also opened in
 * Chromium, with a detector of script execution (a binding, dialogs, console, uncaught errors, CSP
 * violation events) and an audit of what would run on a click; feeds and API answers are checked
 * from Node for what a browser would run in them. Expected: nothing runs, nothing is left that
 * could. Hostile URL fields, which the import refuses, are checked in xss-content-refusals.e2e.ts.
 */
import { describe, expect, it } from 'vitest';
import { hydrated } from './helpers/browser.js';
import { parseHtml } from './helpers/html-parse.js';
import { cards } from './helpers/reader.js';
import { coverage, report, useCorpus } from './helpers/xss-corpus.js';
import { Detector } from './helpers/xss-detector.js';
import {
  parityProblem,
  parsedInChromium,
  parsedInNode,
  PARSER_DIFFERENCES,
} from './helpers/xss-parser-parity.js';
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

  it('sees a vector that gets through: the detector checked against itself', async ({ expect }) => {
    const { server, browser } = corpus;
    const detector = new Detector(() => [7]);
    const context = await browser.newContext({ baseURL: server.url });
    await detector.attach(context);
    const page = await context.newPage();
    detector.watch(page);
    await page.goto(pagePath.posts());
    await hydrated(page);
    // What a sanitizer miss would leave in a page: a handler (refused by the CSP), a script URL.
    await page.evaluate(() => {
      const html =
        '<img src="/images/none.svg" onerror="alert(7)"><a href=" javascript:alert(7)">x</a>';
      document.querySelector('main')!.insertAdjacentHTML('beforeend', html);
      (window as unknown as { __xssHit(n: number): void }).__xssHit(7);
      setTimeout(() => alert(7));
    });
    await detector.audit(page);
    await expect
      .poll(() => [...new Set(detector.findings.map((f) => f.kind))].sort(), {
        timeout: PAGE_WAIT_MS,
      })
      .toEqual(['csp-script', 'dialog', 'hit', 'residue']);
    expect(detector.findings.filter((f) => f.kind === 'residue')).toHaveLength(2);
    expect(detector.findings.every((f) => f.vectors.includes(7))).toBe(true);
    await context.close();
  });

  it('sees what a page would run in HTML it parses without running it, in Chromium and in Node', async ({
    expect,
  }) => {
    const { server, browser } = corpus;
    const inChromium = new Detector(() => [7]);
    const inNode = new Detector(() => [7]);
    const page = await browser.newPage();
    await page.goto(server.url);
    const html =
      '<main><h1>x</h1><img src="/a.png" onerror="alert(7)">' +
      '<script src="https://cdn.example/x.js"></script><script src="/assets/own.js"></script>' +
      '<a href="\tjavascript:alert(7)">x</a></main>';
    await inChromium.auditSource(page, `${server.url}/x`, html);
    inNode.auditParsed(`${server.url}/x`, parseHtml(html));
    for (const detector of [inChromium, inNode]) {
      const details = detector.findings.map((f) => `${f.kind}: ${f.detail}`);
      expect(details).toHaveLength(3);
      expect(details[0]).toMatch(/^residue: handler onerror on <img/);
      expect(details[1]).toMatch(/^residue: href="\tjavascript:alert\(7\)" on <a/);
      expect(details[2]).toMatch(/^residue: script <script src="https:\/\/cdn\.example/);
    }
    // Parsed aside: nothing of it entered the page.
    expect(await page.evaluate(() => document.querySelector('img[onerror]'))).toBeNull();
    await page.close();
  });

  it('parses in Node as Chromium does: every vector unsanitized, and pages as sent', async ({
    expect,
  }) => {
    const { site, server, browser } = corpus;
    const origin = server.url;
    const raw = VECTORS.map(
      (v) =>
        '<!doctype html><html><head><title>t</title></head><body><main><h1>t</h1>' +
        `<div class="prose">${v.payload}</div><p>after</p></main></body></html>`,
    );
    const paths = [
      '/',
      pagePath.resume(),
      ...site.posts.filter((p) => p.combined).map((p) => pagePath.post(p.slug)),
    ];
    const sent = await Promise.all(
      paths.map(async (path) => (await fetch(`${origin}${path}`)).text()),
    );
    const docs = [...raw, ...sent];
    const page = await browser.newPage();
    const inChromium = await parsedInChromium(page, docs, origin);
    await page.close();
    const problems = docs.map((html, i) => {
      const vector = VECTORS[i];
      const mayDiffer = PARSER_DIFFERENCES.some((d) => vector && d.payload.test(vector.payload));
      const what = vector ? `vector ${vector.id}` : paths[i - raw.length]!;
      return parityProblem(what, parsedInNode(html, origin), inChromium[i]!, mayDiffer);
    });
    expect(problems.filter(Boolean).join('\n')).toBe('');
    // The unsanitized vectors leave what the audit must find: the comparison is not of empty lists.
    const residue = inChromium.slice(0, raw.length).filter((p) => p.audit.length > 0);
    expect(residue.length).toBeGreaterThan(VECTORS.length / 2);
  });

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
