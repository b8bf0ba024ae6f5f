/**
 * The script-execution detector of the XSS corpus. A browser context is wired so that anything a
 * vector could make run is recorded: `__xssHit(N)` (a binding every frame has), dialogs
 * (`alert(N)`), uncaught exceptions, console errors, and CSP violation events. Pages are also
 * audited for what would run on a click or a later load: event-handler attributes, script URLs,
 * foreign scripts and active elements in post HTML. The audit is one function, run on a live page
 * in Chromium and on HTML parsed in Node (html-parse.ts) alike.
 */
import type { BrowserContext, Page } from 'playwright-core';

export type FindingKind =
  | 'hit'
  | 'dialog'
  | 'csp-script'
  | 'csp-other'
  | 'pageerror'
  | 'console'
  | 'residue'
  | 'offsite'
  | 'clobbered'
  | 'feed'
  | 'api'
  | 'navigation';

export interface Finding {
  kind: FindingKind;
  /** The page (or frame) where it happened. */
  url: string;
  /** The vector it names (hits, dialogs) or the vectors of the page it happened on. */
  vectors: number[];
  detail: string;
}

/** Kinds that are no script execution and no open door: reported, not failed on. */
export const INFORMATIONAL: ReadonlySet<FindingKind> = new Set(['csp-other', 'offsite']);

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
}

/** Runs in every document before its own scripts: CSP violations go to the binding. */
const CSP_LISTENER = `document.addEventListener('securitypolicyviolation', (e) => {
  const report = { directive: e.effectiveDirective || e.violatedDirective, blocked: e.blockedURI,
    source: e.sourceFile, line: e.lineNumber, sample: e.sample };
  try { window.__xssCsp(report); } catch { /* the binding is always there */ }
}, true);`;

/** Loads that fail because no host but the server under test resolves (see OFFLINE_ARGS). */
const ABORTED_LOAD = /Failed to load resource: net::ERR_(NAME_NOT_RESOLVED|FAILED|ABORTED)/;

/**
 * Chromium flags that keep every request on the machine: hostile hosts and embedded players
 * resolve nowhere. (Intercepting requests instead doubled the time of a page.)
 */
export const OFFLINE_ARGS = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];
const CSP_LOG = /Content Security Policy/;
const NOT_FOUND_LOG = /Failed to load resource: the server responded with a status of 404/;

export class Detector {
  readonly findings: Finding[] = [];

  /** @param vectorsAt the vectors a path shows (e.g. a single-vector post's), for attribution. */
  constructor(private readonly vectorsAt: (path: string) => number[]) {}

  private record(kind: FindingKind, url: string, detail: string, vectors?: number[]): void {
    let path = url;
    try {
      path = new URL(url).pathname;
    } catch {
      // about:srcdoc and the like: no path of ours
    }
    this.findings.push({ kind, url, detail, vectors: vectors ?? this.vectorsAt(path) });
  }

  /** Wires a context: the detector's bindings and the CSP listener. */
  async attach(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__xssHit', ({ frame }, n: unknown) =>
      this.record('hit', frame.url(), `__xssHit(${String(n)})`, [Number(n)]),
    );
    await context.exposeBinding('__xssCsp', ({ frame }, v: Violation) => {
      const script = /^script-src/.test(v.directive);
      this.record(
        script ? 'csp-script' : 'csp-other',
        frame.url(),
        `${v.directive} blocked ${v.blocked || '(inline)'}` +
          (v.source ? ` at ${v.source}:${v.line}` : '') +
          (v.sample ? ` sample ${JSON.stringify(v.sample)}` : ''),
      );
    });
    await context.addInitScript(CSP_LISTENER);
  }

  /** Wires a page: dialogs, uncaught exceptions and console errors. */
  watch(page: Page): void {
    page.on('dialog', (dialog) => {
      const n = Number(/^\d+$/.test(dialog.message()) ? dialog.message() : NaN);
      this.record(
        'dialog',
        page.url(),
        `${dialog.type()}(${JSON.stringify(dialog.message())})`,
        Number.isNaN(n) ? undefined : [n],
      );
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('pageerror', (error) => this.record('pageerror', page.url(), error.message));
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() !== 'error' && !/__xssHit|alert\(/.test(text)) return;
      // CSP violations arrive through their event, with their directive; aborted loads are ours.
      if (CSP_LOG.test(text) || ABORTED_LOAD.test(text) || NOT_FOUND_LOG.test(text)) return;
      this.record('console', page.url(), `console.${message.type()}: ${text.slice(0, 300)}`);
    });
  }

  /** Records what the document holds that would run script on a click or a later load. */
  async audit(page: Page): Promise<void> {
    const problems = await page.evaluate(auditDocument, { html: null, origin: null });
    for (const [kind, detail] of problems) this.record(kind, page.url(), detail);
  }

  /**
   * The same audit of a page's HTML as the server sent it, parsed in `page` by DOMParser, which
   * runs nothing: what the page would hold before hydration.
   */
  async auditSource(page: Page, url: string, html: string): Promise<void> {
    const origin = new URL(url).origin;
    const problems = await page.evaluate(auditDocument, { html, origin });
    for (const [kind, detail] of problems) this.record(kind, url, detail);
  }

  /** The same audit of a document parsed in Node (`parseHtml`), as the server sent it from `url`. */
  auditParsed(url: string, doc: Document): void {
    const problems = auditDocument({ html: null, origin: new URL(url).origin }, doc);
    for (const [kind, detail] of problems) this.record(kind, url, detail);
  }

  note(kind: FindingKind, url: string, detail: string, vectors?: number[]): void {
    this.record(kind, url, detail, vectors);
  }
}

/**
 * Every element and attribute that could run script, as [kind, detail] pairs: in a page, of its own
 * document or of `html` parsed (not run) as a document of `origin`; in Node, of `parsed`, a
 * document of `origin`. Self-contained, as Playwright sends its source to the page.
 */
export function auditDocument(
  source: { html: string | null; origin: string | null },
  parsed?: Document,
): ['residue' | 'offsite', string][] {
  const doc =
    parsed ??
    (source.html === null ? document : new DOMParser().parseFromString(source.html, 'text/html'));
  const origin = source.origin ?? location.origin;
  const out: ['residue' | 'offsite', string][] = [];
  const describe = (el: Element) => el.outerHTML.slice(0, 160);
  // What a URL parser sees: no leading controls or spaces, no tab or newline anywhere.
  const scheme = (value: string) =>
    value
      // eslint-disable-next-line no-control-regex
      .replace(/^[\u0000-\u0020]+/, '')
      .replace(/[\t\n\r]/g, '')
      .toLowerCase();
  const URL_ATTRIBUTES = [
    'href',
    'src',
    'action',
    'formaction',
    'data',
    'poster',
    'background',
    'xlink:href',
    'codebase',
    'dynsrc',
    'lowsrc',
    'values',
    'to',
    'from',
  ];
  for (const el of doc.querySelectorAll('*')) {
    for (const attribute of el.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) out.push(['residue', `handler ${name} on ${describe(el)}`]);
      if (name === 'srcdoc') out.push(['residue', `srcdoc on ${describe(el)}`]);
      const values =
        name === 'srcset'
          ? attribute.value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '')
          : URL_ATTRIBUTES.includes(name)
            ? [attribute.value]
            : [];
      for (const value of values) {
        const url = scheme(value);
        // An image element never runs what a data: URL holds, whatever its type says.
        const imageData = (el.localName === 'img' || el.localName === 'source') && name !== 'href';
        if (
          /^(javascript|vbscript|livescript|mocha):/.test(url) ||
          (url.startsWith('data:') && !imageData)
        )
          out.push(['residue', `${name}="${value.slice(0, 80)}" on ${describe(el)}`]);
        else if (/^[/\\]{2}/.test(url) || /^https?:[^/]/.test(url))
          out.push(['offsite', `${name}="${value.slice(0, 80)}" on ${describe(el)}`]);
      }
    }
  }
  const jsonBlocks = [...doc.scripts].filter((s) => s.type === 'application/json');
  if (jsonBlocks.length > 1) out.push(['residue', `${jsonBlocks.length} JSON data blocks`]);
  for (const script of doc.scripts) {
    if (script.type === 'application/json') continue;
    // The page's structured data (JSON-LD) is a data block of its own head, never post HTML's.
    if (script.type === 'application/ld+json' && script.parentElement === doc.head) continue;
    const src = script.getAttribute('src');
    const own = src !== null && new URL(src, origin).origin === origin;
    if (!own) out.push(['residue', `script ${describe(script)}`]);
  }
  // Posts keep MathML for math and disabled checkboxes for task lists (content/markdown/).
  const ACTIVE =
    'script, iframe[srcdoc], object, embed, applet, base, meta, link, form, input:not([type="checkbox"][disabled]), button, textarea, select, frame, frameset, style, svg, maction, annotation-xml, mglyph, malignmark, semantics, math [href], template, noscript';
  for (const root of doc.querySelectorAll('.prose'))
    for (const el of root.querySelectorAll(ACTIVE))
      out.push(['residue', `in post HTML: ${describe(el)}`]);
  for (const el of doc.querySelectorAll(
    'base, meta[http-equiv], object, embed, applet, frame, frameset',
  ))
    out.push(['residue', describe(el)]);
  return out;
}
