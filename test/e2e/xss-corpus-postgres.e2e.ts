/**
 * The XSS corpus (xss-corpus.e2e.ts) on PostgreSQL: the hostile folder imported by the server into
 * its empty store on start, then the store-dependent pages (list ends, two categories, searches,
 * the family posts, …), every feed and every list answer of the API checked as on SQLite: pages
 * audited from Node and opened in Chromium with the script detector, JSON and XML from Node.
 * Beside it, the corpus's tools checked against themselves (they need a corpus server, of either
 * store; here the two corpus files take about as long): the detector sees planted vectors, and
 * pages parsed in Node are parsed and audited as Chromium parses and audits them.
 */
import { describe, it } from 'vitest';
import { hydrated } from './helpers/browser.js';
import { parseHtml } from './helpers/html-parse.js';
import { coverage, report, useCorpus } from './helpers/xss-corpus.js';
import { Detector } from './helpers/xss-detector.js';
import {
  parityProblem,
  parsedInChromium,
  parsedInNode,
  PARSER_DIFFERENCES,
} from './helpers/xss-parser-parity.js';
import { describeFindings, failures, PAGE_WAIT_MS, sweep } from './helpers/xss-sweep.js';
import { listing, targets, vectorIndex } from './helpers/xss-targets.js';
import { VECTORS } from './helpers/xss-vectors.js';
import { pagePath } from '../../src/shared/paths.js';

/** The tests at once: while one waits on a page, another uses the CPU. */
describe.concurrent('the XSS corpus on PostgreSQL, imported by the server on start', () => {
  const corpus = useCorpus('postgres');

  it('runs no vector on any list, family post, feed or API answer', async ({ expect }) => {
    const { site, server, browser } = corpus;
    const list = targets(site, await listing(server.url), false);
    const started = performance.now();
    const findings = await sweep(browser, server.url, list, vectorIndex(site));
    report('postgres', coverage(list, started), findings);
    expect(failures(findings), describeFindings(failures(findings))).toEqual([]);
  }, 240_000);

  describe('the detector and the parser of pages in Node, checked against themselves', () => {
    it('sees a vector that gets through: the detector checked against itself', async ({
      expect,
    }) => {
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
  });
});
