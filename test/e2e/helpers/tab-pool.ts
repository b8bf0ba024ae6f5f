import type { Browser, BrowserContext, Page } from 'playwright-core';

/** What a context is made with; tabs are handed again only to a test asking for the same. */
export interface TabKind {
  viewport: { width: number; height: number };
  javaScriptEnabled: boolean;
  colorScheme: 'light' | 'dark';
  userAgent?: string;
  baseURL: string;
}

/** A page's default wait: Playwright's own is 30 s, longer than a test's budget for one step. */
const TAB_WAIT_MS = 10_000;

/**
 * Calls after which a tab cannot be made as new again: Playwright has no way to take back an
 * init script, a binding, extra headers, an emulated network or place, or an installed clock.
 */
const TAINTING = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'setOffline',
  'setGeolocation',
  'grantPermissions',
  'setHTTPCredentials',
  'routeFromHAR',
  'routeWebSocket',
] as const;

/**
 * The events a test may listen to, taken off before the tab is handed on. Not all of them:
 * Playwright waits on a page's and a context's own `close` itself.
 */
const PAGE_EVENTS = [
  'console',
  'dialog',
  'domcontentloaded',
  'download',
  'filechooser',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
];
const CONTEXT_EVENTS = [
  'console',
  'dialog',
  'page',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'serviceworker',
  'weberror',
];

interface Pooled {
  context: BrowserContext;
  page: Page;
  kind: TabKind;
  /** Origins the page's documents came from: their storage is cleared before the tab is handed on. */
  origins: Set<string>;
  tainted: boolean;
}

const keyOf = (kind: TabKind) => JSON.stringify(kind);

/**
 * Tabs handed back after a test and, made as new again, handed to the next test that asks for the
 * same kind. A page loaded in a new context cost Chromium 0.9-1.0 s of CPU, in a tab handed on
 * 0.43-0.46 s (20 loads of five demo pages each way, one Chromium): a renderer process started,
 * the browser's set-up of the context and the GPU process's of the page are saved. "As new": no
 * page it opened, listener, route, cookie, stored item (local and session storage, IndexedDB,
 * caches) or HTTP cache entry of the last test; its viewport, media and timeouts restored; the
 * page blank. A tab the last test changed in a way that cannot be taken back (TAINTING, the clock)
 * or closed itself is closed instead.
 */
export class TabPool {
  private readonly idle = new Map<string, Pooled[]>();
  private readonly lent = new Map<Page, Pooled>();

  constructor(private readonly browser: () => Browser) {}

  async take(kind: TabKind): Promise<{ context: BrowserContext; page: Page }> {
    const pooled = this.idle.get(keyOf(kind))?.pop() ?? (await this.open(kind));
    this.lent.set(pooled.page, pooled);
    return pooled;
  }

  /** Takes a tab back after its test: made as new and kept for the next, or closed. */
  async give(page: Page): Promise<void> {
    const pooled = this.lent.get(page);
    if (!pooled) return;
    this.lent.delete(page);
    if (pooled.tainted || page.isClosed() || !(await withinWait(this.reset(pooled)))) {
      await pooled.context.close().catch(() => undefined);
      return;
    }
    const key = keyOf(pooled.kind);
    this.idle.set(key, [...(this.idle.get(key) ?? []), pooled]);
  }

  /** Closes the tabs kept: the browser's connection closes them too, but a file may outlive it. */
  async close(): Promise<void> {
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(all.map((pooled) => pooled.context.close().catch(() => undefined)));
  }

  private async open(kind: TabKind): Promise<Pooled> {
    const context = await this.browser().newContext(kind);
    context.setDefaultTimeout(TAB_WAIT_MS);
    const page = await context.newPage();
    const pooled: Pooled = { context, page, kind, origins: new Set(), tainted: false };
    const taint = () => (pooled.tainted = true);
    for (const target of [context, page, context.clock, page.clock] as object[])
      for (const name of [...TAINTING, 'install', 'pauseAt', 'setFixedTime', 'setSystemTime'])
        wrapMethod(target, name, taint);
    this.watchOrigins(pooled);
    return pooled;
  }

  private watchOrigins(pooled: Pooled) {
    pooled.page.on('framenavigated', (frame) => {
      const { origin } = new URL(frame.url());
      if (origin.startsWith('http')) pooled.origins.add(origin);
    });
  }

  /** True when the tab is as new again. */
  private async reset(pooled: Pooled): Promise<boolean> {
    const { context, page, kind } = pooled;
    try {
      for (const event of PAGE_EVENTS) page.removeAllListeners(event);
      for (const event of CONTEXT_EVENTS) context.removeAllListeners(event);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      // Pages the test's page opened (a link to a new tab, `window.open`) go with the test.
      for (const other of context.pages()) if (other !== page) await other.close();
      await blank(page);
      const cdp = await context.newCDPSession(page);
      try {
        // "all" takes the tab's session storage of the origin too.
        for (const origin of pooled.origins)
          await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
        await cdp.send('Network.enable');
        await cdp.send('Network.clearBrowserCache');
      } finally {
        await cdp.detach();
      }
      pooled.origins.clear();
      this.watchOrigins(pooled);
      await context.clearCookies();
      await page.emulateMedia({
        media: null,
        colorScheme: kind.colorScheme,
        reducedMotion: null,
        forcedColors: null,
        contrast: null,
      });
      if (JSON.stringify(page.viewportSize()) !== JSON.stringify(kind.viewport))
        await page.setViewportSize(kind.viewport);
      context.setDefaultTimeout(TAB_WAIT_MS);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * False when `reset` has not ended within a page's wait: a page's evaluation has no time limit of
 * its own, and a renderer stuck in the last test's page must not hold up the next.
 */
async function withinWait(reset: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, TAB_WAIT_MS, false)));
  try {
    return await Promise.race([reset, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Leaves the page's document for a blank one, first, so that no script of the last test's stores
 * anything again or logs into the next test's console. From the document itself: a blank page
 * opened by the browser would start a renderer process of its own, and so would the next test's
 * first page after it, as costly as a new tab.
 */
async function blank(page: Page) {
  if (page.url() === 'about:blank') return;
  const left = await page
    .evaluate(() => location.replace('about:blank'))
    .then(() => true)
    .catch(() => false);
  if (left) await page.waitForURL('about:blank');
  else await page.goto('about:blank');
}

/** Replaces `target[name]`, when it is a method, by one that calls `before` first. */
function wrapMethod(target: object, name: string, before: () => void) {
  const record = target as Record<string, unknown>;
  const method = record[name];
  if (typeof method !== 'function') return;
  record[name] = function (this: unknown, ...args: unknown[]) {
    before();
    return (method as (...a: unknown[]) => unknown).apply(this, args);
  };
}
