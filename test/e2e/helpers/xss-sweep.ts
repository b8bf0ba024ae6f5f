/**
 * Checks every address of a server holding the hostile content: every page fetched, parsed and
 * audited from Node, and feeds, the sitemap and API answers checked there, as no browser runs what
 * they hold (xss-node-checks.ts); meanwhile the pages to open (xss-targets.ts) and images are
 * opened in Chromium a few tabs at a time, each tab wired to the detector (pages hydrated, audited,
 * their h1 checked against the server's own data).
 */
import type { Browser, Page } from 'playwright-core';
import { hydrated } from './browser.js';
import { Detector, INFORMATIONAL, type Finding } from './xss-detector.js';
import { asParsed, checkData, checkPage } from './xss-node-checks.js';
import { isData, isOpened, type Target } from './xss-targets.js';
import { VECTORS } from './xss-vectors.js';

/**
 * How long a tab waits for a page, a click or a state: the corpus's tests run at once, and a page
 * may wait its turn for the CPU longer than it would alone.
 */
export const PAGE_WAIT_MS = 30_000;

/** Opens a target in `page`: a page is hydrated, its h1 checked and its live document audited. */
async function open(page: Page, target: Target, detector: Detector): Promise<void> {
  // A page is waited for by its hydration below, not by its load event.
  const response = await page.goto(target.path, {
    waitUntil: target.kind === 'html' ? 'commit' : 'load',
  });
  const status = response?.status();
  if (status !== (target.status ?? 200))
    detector.note('navigation', page.url(), `${target.path} answered ${status}`);
  if (target.kind !== 'html') return;
  try {
    await hydrated(page);
  } catch {
    detector.note('navigation', page.url(), `${target.path} did not hydrate`);
    return;
  }
  if (target.h1 !== undefined) {
    // The article's own heading comes first in main; post HTML may hold h1 elements of its own.
    const h1 = await page.evaluate(() => document.querySelector('main h1')?.textContent ?? null);
    if (asParsed(h1 ?? '') !== asParsed(target.h1))
      detector.note(
        'clobbered',
        page.url(),
        `h1 after hydration is ${JSON.stringify(h1?.slice(0, 120))}, the server's is ${JSON.stringify(target.h1.slice(0, 120))}`,
      );
  }
  await detector.audit(page);
}

/**
 * Checks every target from Node (all but images) while `tabs` tabs open the pages to open and the
 * images; returns the detector's findings.
 */
export async function sweep(
  browser: Browser,
  origin: string,
  list: Target[],
  vectorsAt: (path: string) => number[],
  tabs = 2,
): Promise<Finding[]> {
  const detector = new Detector(vectorsAt);
  const failed = (path: string, error: unknown) =>
    detector.note('navigation', path, `failed: ${(error as Error).message.split('\n')[0]}`);
  // Queues shared by their workers: each target is taken by one.
  const toFetch = list.filter((t) => t.kind !== 'image').values();
  const toOpen = list.filter(isOpened).values();
  const fetcher = async () => {
    for (const target of toFetch)
      await (isData(target) ? checkData : checkPage)(origin, target, detector).catch((error) =>
        failed(target.path, error),
      );
  };
  const tab = async () => {
    const context = await browser.newContext({ baseURL: origin });
    context.setDefaultTimeout(PAGE_WAIT_MS);
    await detector.attach(context);
    const page = await context.newPage();
    detector.watch(page);
    for (const target of toOpen)
      await open(page, target, detector).catch((error) => failed(target.path, error));
    // Bindings and events travel asynchronously: let the last ones arrive.
    await page.waitForTimeout(300);
    await context.close();
  };
  const workers = [...Array.from({ length: 4 }, fetcher), ...Array.from({ length: tabs }, tab)];
  await Promise.all(workers);
  return detector.findings;
}

/** Findings that fail the corpus: every one but the informational kinds. */
export const failures = (findings: Finding[]) => findings.filter((f) => !INFORMATIONAL.has(f.kind));

/** One line per finding, naming its vector when known. */
export function describeFindings(findings: Finding[]): string {
  const byId = new Map(VECTORS.map((v) => [v.id, v]));
  return findings
    .map((f) => {
      const named =
        f.vectors.length === 1
          ? ` [vector ${f.vectors[0]} ${byId.get(f.vectors[0]!)?.family}: ${JSON.stringify(byId.get(f.vectors[0]!)?.payload.slice(0, 100))}]`
          : f.vectors.length > 1
            ? ` [one of ${f.vectors.length} vectors of the page]`
            : '';
      return `${f.kind} at ${f.url}: ${f.detail}${named}`;
    })
    .join('\n');
}
