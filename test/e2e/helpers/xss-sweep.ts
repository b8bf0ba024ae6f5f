/**
 * Checks every address of a server holding the hostile content: pages and images opened in
 * Chromium a few tabs at a time, each tab wired to the detector (pages hydrated, audited, their h1
 * checked against the server's own data), or parsed there without running; feeds, the sitemap and
 * API answers fetched and checked from Node, as no browser runs what they hold.
 */
import type { Browser, Page } from 'playwright-core';
import { SaxesParser } from 'saxes';
import { hydrated } from './browser.js';
import type { HostileSite } from './hostile-site.js';
import { Detector, INFORMATIONAL, type Finding } from './xss-detector.js';
import { VECTORS } from './xss-vectors.js';
import { FuzzRandom } from '../../helpers/fuzz-random.js';
import { apiPath, feedPath, imagePath, pagePath } from '../../../src/shared/paths.js';

export interface Target {
  kind: 'html' | 'json' | 'xml' | 'image';
  path: string;
  status?: number;
  /** The h1 the hydrated page must show: the server's own data, not content standing in for it. */
  h1?: string;
  /**
   * A page fetched from Node, parsed in a tab without running and audited as an opened page
   * would be, not opened (JSON and XML are always checked from Node: `isData`).
   */
  fetchOnly?: boolean;
}

/**
 * Which of the posts holding one vector each a tab opens; every family post (all its family's
 * vectors in one page) is opened always. A random third, from XSS_SAMPLE_SEED when it is set
 * (each run prints its seed), so that runs cover every post between them; XSS_FULL=1 opens all.
 */
export function openedPosts(site: HostileSite): Set<string> {
  if (process.env.XSS_FULL === '1') return new Set(site.posts.map((p) => p.slug));
  const seed = Number(process.env.XSS_SAMPLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`xss-corpus: posts opened in tabs drawn with XSS_SAMPLE_SEED=${seed}`);
  const random = new FuzzRandom(seed);
  return new Set(site.posts.filter((p) => p.combined || random.chance(1 / 3)).map((p) => p.slug));
}

/** Text as the DOM holds it after parsing: CR and CRLF become LF, NUL is dropped. */
export const asParsed = (text: string) => text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '');

/** Vectors reflected into the search page, a hostile search text being a vector itself. */
const SEARCH_VECTORS = VECTORS.filter((v) => /^<(img|svg|script)/i.test(v.payload)).slice(0, 4);

export const SEARCHES = [
  'script',
  'onerror',
  'javascript',
  'CDATA',
  'svg',
  ...SEARCH_VECTORS.map((v) => v.payload),
];

interface Listing {
  categories: { id: number; slug: string }[];
  lastPage: number;
}

async function getJson<T>(origin: string, path: string): Promise<T> {
  const response = await fetch(`${origin}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export async function listing(origin: string): Promise<Listing> {
  const categories = await getJson<{ id: number; slug: string }[]>(origin, apiPath.postcates());
  const page = await getJson<{ last_page: number }>(origin, apiPath.posts(1));
  return { categories, lastPage: page.last_page };
}

/**
 * Every address of the site. The light pass (`full` false) keeps what depends on the store: the
 * lists' first and last pages, two categories, the family posts, searches, every feed and every
 * list answer of the API. Posts not in `opened` are parsed, not opened.
 */
export function targets(
  site: HostileSite,
  { categories, lastPage }: Listing,
  full = true,
  opened: Set<string> = new Set(site.posts.map((p) => p.slug)),
): Target[] {
  const pages = Array.from({ length: lastPage }, (_x, i) => i + 1);
  const listPages = full ? pages : [...new Set([1, lastPage])];
  const listCategories = full ? categories : categories.slice(0, 2);
  const posts = full ? site.posts : site.posts.filter((p) => p.combined);
  return [
    { kind: 'html', path: '/' },
    { kind: 'html', path: pagePath.resume(), h1: site.heroName },
    ...listPages.map((n): Target => ({
      kind: 'html',
      path: pagePath.posts({ page: n }),
    })),
    ...listCategories.map((c): Target => ({ kind: 'html', path: pagePath.category(c.id) })),
    ...posts.map((p): Target => ({
      kind: 'html',
      path: pagePath.post(p.slug),
      h1: p.title,
      fetchOnly: !opened.has(p.slug),
    })),
    ...SEARCHES.map((text): Target => ({
      kind: 'html',
      path: pagePath.search(text),
    })),
    { kind: 'html', path: `/${encodeURIComponent('<img src=x onerror=alert(0)>')}`, status: 404 },
    { kind: 'xml', path: feedPath.rss() },
    ...categories.map((c): Target => ({ kind: 'xml', path: feedPath.category(c.slug) })),
    { kind: 'xml', path: feedPath.sitemap() },
    { kind: 'xml', path: feedPath.sitemapFile('pages', 1) },
    { kind: 'xml', path: feedPath.sitemapFile('posts', 1) },
    { kind: 'json', path: apiPath.postcates() },
    { kind: 'json', path: apiPath.site() },
    ...pages.map((n): Target => ({ kind: 'json', path: apiPath.posts(n) })),
    ...categories.map((c): Target => ({ kind: 'json', path: apiPath.postsCate(c.id, 1) })),
    ...posts.map((p): Target => ({ kind: 'json', path: apiPath.post(p.slug) })),
    ...SEARCHES.map((text): Target => ({
      kind: 'json',
      path: apiPath.search(text, 1),
    })),
    { kind: 'image', path: imagePath('cover.svg') },
  ];
}

/** The vectors shown at a path: a post's, for attributing what happens on its page. */
export function vectorIndex(site: HostileSite): (path: string) => number[] {
  const bySlug = new Map(site.posts.map((p) => [p.slug, p.vectors]));
  return (path) => {
    const slug = decodeURIComponent(path.replace(/^\/(api\/post\/)?/, ''));
    return bySlug.get(slug) ?? [];
  };
}

/**
 * Problems of a feed or sitemap as XML, parsed by saxes (a conformant, namespace-aware parser): not
 * well-formed (a broken CDATA section shows here), an element a browser would render as HTML or
 * SVG (and so run), an event-handler attribute, or a stylesheet instruction (XSLT can run script).
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (error) => {
    problems.push(`not well-formed: ${error.message.slice(0, 200)}`);
  });
  parser.on('opentag', (tag) => {
    if (ACTIVE_NAMESPACES.includes(tag.uri)) problems.push(`element <${tag.name}> in ${tag.uri}`);
    for (const attribute of Object.values(tag.attributes))
      if (attribute.name.toLowerCase().startsWith('on'))
        problems.push(`attribute ${attribute.name} on <${tag.name}>`);
  });
  parser.on('processinginstruction', (instruction) => {
    if (instruction.target.toLowerCase() === 'xml-stylesheet')
      problems.push('an xml-stylesheet instruction');
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    problems.push(`not well-formed: ${(error as Error).message.slice(0, 200)}`);
  }
  return problems;
}

/** Namespaces whose elements a browser renders as a document of its own, scripts and all. */
const ACTIVE_NAMESPACES = ['http://www.w3.org/1999/xhtml', 'http://www.w3.org/2000/svg'];

/**
 * The headers that keep a browser from running what an answer holds: its declared type (no
 * sniffing into HTML) and a policy that runs nothing.
 */
function headerProblems(response: Response, type: RegExp): string[] {
  const problems: string[] = [];
  const declared = response.headers.get('content-type') ?? '';
  if (!type.test(declared)) problems.push(`content-type ${declared}`);
  if (response.headers.get('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  if (!/default-src 'none'/.test(response.headers.get('content-security-policy') ?? ''))
    problems.push('no CSP default-src none');
  return problems;
}

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

/** A page's HTML as the server sends it, parsed in `page` without running, and audited. */
async function parse(page: Page, origin: string, target: Target, detector: Detector) {
  const url = `${origin}${target.path}`;
  const response = await fetch(url);
  if (response.status !== (target.status ?? 200))
    detector.note('navigation', url, `${target.path} answered ${response.status}`);
  const html = await response.text();
  await detector.auditSource(page, url, html);
  if (target.h1 === undefined) return;
  const h1 = await page.evaluate(
    (source) =>
      new DOMParser().parseFromString(source, 'text/html').querySelector('main h1')?.textContent ??
      null,
    html,
  );
  if (asParsed(h1 ?? '') !== asParsed(target.h1))
    detector.note('clobbered', url, `h1 sent is ${JSON.stringify(h1?.slice(0, 120))}`);
}

/**
 * An API answer, feed or sitemap as a browser would get it: JSON or XML that no browser renders as
 * a page (its type, nosniff, a policy that runs nothing), parsed in full; XML is also checked for
 * anything a browser would run in it.
 */
async function fetchData(origin: string, target: Target, detector: Detector): Promise<void> {
  const url = `${origin}${target.path}`;
  const response = await fetch(url);
  const problems: string[] = [];
  if (response.status !== (target.status ?? 200)) problems.push(`answered ${response.status}`);
  const text = await response.text();
  if (target.kind === 'xml') {
    problems.push(...headerProblems(response, /^application\/(rss\+)?xml\b/));
    for (const problem of xmlProblems(text)) detector.note('feed', url, problem);
  } else {
    problems.push(...headerProblems(response, /^application\/json\b/));
    try {
      JSON.parse(text);
    } catch {
      problems.push('not JSON');
    }
  }
  for (const problem of problems)
    detector.note(target.kind === 'xml' ? 'feed' : 'api', url, problem);
}

/** Opens every target with `tabs` tabs at once; returns the detector's findings. */
export async function sweep(
  browser: Browser,
  origin: string,
  list: Target[],
  vectorsAt: (path: string) => number[],
  tabs = 2,
): Promise<Finding[]> {
  const detector = new Detector(vectorsAt);
  const fetched = list.filter((t) => isData(t));
  for (let i = 0; i < fetched.length; i += 4)
    await Promise.all(fetched.slice(i, i + 4).map((t) => fetchData(origin, t, detector)));
  // Pages come first: a tab is on the site's origin before it parses a page of it.
  const opened = list.filter((t) => !fetched.includes(t));
  let next = 0;
  const worker = async () => {
    const context = await browser.newContext({ baseURL: origin });
    context.setDefaultTimeout(15_000);
    await detector.attach(context);
    const page = await context.newPage();
    detector.watch(page);
    while (next < opened.length) {
      const target = opened[next++]!;
      try {
        if (target.fetchOnly) await parse(page, origin, target, detector);
        else await open(page, target, detector);
      } catch (error) {
        detector.note(
          'navigation',
          target.path,
          `failed: ${(error as Error).message.split('\n')[0]}`,
        );
      }
    }
    // Bindings and events travel asynchronously: let the last ones arrive.
    await page.waitForTimeout(300);
    await context.close();
  };
  await Promise.all(Array.from({ length: tabs }, worker));
  return detector.findings;
}

/** JSON and XML: checked from Node, as no browser would run what they hold (`fetchData`). */
export const isData = (target: Target) => target.kind === 'json' || target.kind === 'xml';

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
