/**
 * Browser contexts kept between a file's tests. A test's first page of the demo site cost Chromium
 * 1.0 s of CPU in a new context (a renderer process and a context made and closed) and 0.6 s on a
 * page kept and reset so that the next test sees nothing of the last: its cookies, storage, HTTP
 * cache, listeners, size and colour scheme. A tab whose test changed what a reset cannot undo is
 * closed instead.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { HEALTH_ROUTES } from '../../../src/shared/paths.js';

/** The options fixed when a context is made: tabs share a context only when these agree. */
export interface ContextOptions {
  javaScriptEnabled: boolean;
  userAgent?: string;
}

/** What a tab is shown with, set again on a reused page. */
export interface PageOptions {
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
}

export interface PooledTab {
  context: BrowserContext;
  page: Page;
}

/**
 * Calls with effects a reset cannot undo (scripts run in every document, routes, bindings, a clock,
 * headers, other timeouts): a tab that made one is closed after its test.
 */
const LASTING_PAGE_CALLS = [
  'addInitScript',
  'addLocatorHandler',
  'exposeBinding',
  'exposeFunction',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'setDefaultNavigationTimeout',
  'setDefaultTimeout',
  'setExtraHTTPHeaders',
] as const;
const LASTING_CONTEXT_CALLS = [
  ...LASTING_PAGE_CALLS,
  'addCookies',
  'grantPermissions',
  'newPage',
  'setGeolocation',
  'setHTTPCredentials',
  'setOffline',
] as const;
const CLOCK_CALLS = [
  'install',
  'fastForward',
  'pauseAt',
  'resume',
  'runFor',
  'setFixedTime',
  'setSystemTime',
] as const;

/** Every listener of an emitter, by event: Playwright's own are there from the start. */
type Listeners = Map<string | symbol, Set<unknown>>;

interface Emitter {
  eventNames(): (string | symbol)[];
  listeners(event: string | symbol): unknown[];
  off(event: string | symbol, listener: (...args: unknown[]) => void): unknown;
}

function listenersOf(emitter: Emitter): Listeners {
  return new Map(emitter.eventNames().map((name) => [name, new Set(emitter.listeners(name))]));
}

/** Removes the listeners added since `before`, and only those. */
function removeListenersSince(emitter: Emitter, before: Listeners): void {
  for (const name of emitter.eventNames())
    for (const listener of emitter.listeners(name))
      if (!before.get(name)?.has(listener))
        emitter.off(name, listener as (...args: unknown[]) => void);
}

interface Entry extends PooledTab {
  key: string;
  /** The page's and the context's listeners when new, left as they were by a reset. */
  pageListeners: Listeners;
  contextListeners: Listeners;
  /** Origins the page's documents and frames came from, whose storage the reset clears. */
  origins: Set<string>;
  /** Set by a lasting call: the tab is closed rather than reused. */
  lasting: boolean;
}

function markOnCall(target: object, names: readonly string[], entry: Entry): void {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      entry.lasting = true;
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

/**
 * Leaves the page as a new one, on the server's liveness route; false when the tab cannot be
 * reused. The document is left for one of its own site: about:blank would start a renderer process
 * for itself and another for the next test's first page (0.7-0.9 s of Chromium's CPU a tab).
 */
async function reset(entry: Entry, baseURL: string): Promise<boolean> {
  const { context, page } = entry;
  if (entry.lasting || page.isClosed() || context.pages().length !== 1) return false;
  removeListenersSince(page as unknown as Emitter, entry.pageListeners);
  removeListenersSince(context as unknown as Emitter, entry.contextListeners);
  const server = new URL(HEALTH_ROUTES.live, baseURL);
  entry.origins.add(server.origin);
  await page.goto(new URL(page.url()).origin === server.origin ? server.href : 'about:blank');
  const cdp = await context.newCDPSession(page);
  try {
    for (const origin of entry.origins)
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    // A test that counts requests or looks at first loads sees them as in a new context.
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await cdp.detach();
  }
  await context.clearCookies();
  await context.clearPermissions();
  entry.origins.clear();
  return true;
}

export class TabPool {
  private readonly idle: Entry[] = [];
  private readonly open = new Map<Page, Entry>();

  constructor(
    private readonly browser: () => Browser,
    private readonly baseURL: () => string,
  ) {}

  async take(contextOptions: ContextOptions, pageOptions: PageOptions): Promise<PooledTab> {
    const key = JSON.stringify([contextOptions.javaScriptEnabled, contextOptions.userAgent]);
    const index = this.idle.findIndex((entry) => entry.key === key);
    const entry =
      index >= 0
        ? this.idle.splice(index, 1)[0]!
        : await this.create(key, contextOptions, pageOptions);
    if (index >= 0) {
      await entry.page.setViewportSize(pageOptions.viewport);
      await entry.page.emulateMedia({
        colorScheme: pageOptions.colorScheme,
        contrast: null,
        forcedColors: null,
        media: null,
        reducedMotion: null,
      });
    }
    entry.page.on('framenavigated', (frame) => {
      const { origin } = new URL(frame.url());
      if (origin !== 'null') entry.origins.add(origin);
    });
    this.open.set(entry.page, entry);
    return entry;
  }

  /** Resets the tab for the next test, or closes it when it cannot be reused. */
  async give(tab: PooledTab): Promise<void> {
    const entry = this.open.get(tab.page);
    if (!entry) return;
    this.open.delete(tab.page);
    if (await reset(entry, this.baseURL()).catch(() => false)) this.idle.push(entry);
    else await entry.context.close();
  }

  async close(): Promise<void> {
    const entries = [...this.idle, ...this.open.values()];
    this.idle.length = 0;
    this.open.clear();
    for (const entry of entries) await entry.context.close().catch(() => undefined);
  }

  private async create(
    key: string,
    contextOptions: ContextOptions,
    pageOptions: PageOptions,
  ): Promise<Entry> {
    const context = await this.browser().newContext({
      ...contextOptions,
      ...pageOptions,
      baseURL: this.baseURL(),
    });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const entry: Entry = {
      key,
      context,
      page,
      pageListeners: listenersOf(page as unknown as Emitter),
      contextListeners: listenersOf(context as unknown as Emitter),
      origins: new Set(),
      lasting: false,
    };
    markOnCall(page, LASTING_PAGE_CALLS, entry);
    markOnCall(context, LASTING_CONTEXT_CALLS, entry);
    markOnCall(context.clock, CLOCK_CALLS, entry);
    return entry;
  }
}
