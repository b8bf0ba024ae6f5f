/**
 * The XSS corpus (xss-corpus.e2e.ts) on PostgreSQL: the hostile folder imported by the server into
 * its empty store on start, then the store-dependent pages (list ends, two categories, searches,
 * the family posts, …), every feed and every list answer of the API checked as on SQLite: pages
 * audited from Node and opened in Chromium with the script detector, JSON and XML from Node.
 */
import { describe, expect, it } from 'vitest';
import { coverage, report, useCorpus } from './helpers/xss-corpus.js';
import { describeFindings, failures, sweep } from './helpers/xss-sweep.js';
import { listing, targets, vectorIndex } from './helpers/xss-targets.js';

describe('the XSS corpus on PostgreSQL, imported by the server on start', () => {
  const corpus = useCorpus('postgres');

  it('runs no vector on any list, family post, feed or API answer', async () => {
    const { site, server, browser } = corpus;
    const list = targets(site, await listing(server.url), false);
    const started = performance.now();
    const findings = await sweep(browser, server.url, list, vectorIndex(site));
    report('postgres', coverage(list, started), findings);
    expect(failures(findings), describeFindings(failures(findings))).toEqual([]);
  }, 120_000);
});
