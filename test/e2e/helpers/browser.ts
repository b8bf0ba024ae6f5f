import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { ROOT, startServer, type RunningServer } from './server.js';
import { SERVED_FONT_META } from '../../../src/shared/route-modules-meta.js';
import { TabPool } from './tab-pool.js';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
export const SCREENSHOT_DIR = join(ROOT, 'test-results', 'screenshots');

/** A browser context with one page whose console errors and uncaught exceptions are recorded. */
export interface Tab {
  context: BrowserContext;
  page: Page;
  /** console 'error' messages and pageerror events, in order. */
  errors: string[];
  /** Errors to tolerate, e.g. the browser's own log line for a 404 document. */
  allow: RegExp[];
}

export interface TabOptions {
  viewport?: { width: number; height: number };
  /** The `prefers-color-scheme` the page sees; light unless said. */
  colorScheme?: 'light' | 'dark';
  javaScriptEnabled?: boolean;
  /** Headless Chromium's own names it a bot ("HeadlessChrome"), which the analytics count apart. */
  userAgent?: string;
  allow?: RegExp[];
  /**
   * Left open after the test, for the next tests of its block, whose `afterAll` closes it (the
   * page's console is still checked after each test).
   */
  keep?: boolean;
}

export interface E2E {
  server: RunningServer;
  browser: Browser;
  /** Opens a fresh context and page; its errors are checked and it is closed after the test. */
  tab(options?: TabOptions): Promise<Tab>;
  /** Absolute URL of a path on the server under test. */
  url(path: string): string;
}

/** The browser's log line for a document or fetch answered with 404 (expected on 404 pages). */
export const NOT_FOUND_LOG = /Failed to load resource: the server responded with a status of 404/;

/**
 * The run's shared Chromium (test/e2e/setup/shared-site.ts), connected to; `close()` only
 * disconnects. A missing Chromium fails the global setup, loudly: the suite never skips.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}

/** The run's shared demo server: its state is the global setup's to check, not a file's. */
function sharedDemoServer(): RunningServer {
  const url = inject('demoSiteUrl');
  return {
    url,
    output: () => '(the shared demo server: its output is printed by the global teardown)',
    stop: () => Promise.resolve(0),
  };
}

export interface E2EOptions {
  databaseUrl?: () => string;
  env?: Record<string, string>;
  /**
   * A demo server of the file's own, for files that change what a server holds or counts (the
   * employer gate's attempts per client, say). Implied by `databaseUrl` and `env`.
   */
  ownServer?: boolean;
}

/**
 * Registers the hooks of a browser test file (or of a describe block): the run's demo server, or
 * one of the file's own (a copy of the demo store, or its own content or store imported on its
 * first start; `env` over the test defaults), and the run's Chromium; every tab opened in a test
 * is checked for console errors after it, then made as new for the next test or closed
 * (tab-pool.ts); a server must shut down cleanly (exit code 0) on SIGTERM.
 */
export function useE2E(options: E2EOptions = {}): E2E {
  const state = {} as { server: RunningServer; browser: Browser };
  let tabs: Tab[] = [];
  const kept = new Set<Tab>();
  const pool = new TabPool(() => state.browser);
  const own = options.ownServer || options.databaseUrl !== undefined || options.env !== undefined;

  beforeAll(async () => {
    state.browser = await launchBrowser();
    const databaseUrl = options.databaseUrl?.();
    // A server of the demo content starts from the run's demo store; one of other content or of
    // another store imports it as a first start does.
    const demoContent = databaseUrl === undefined && options.env?.CONTENT_DIR === undefined;
    state.server = own
      ? await startServer({
          databaseUrl,
          env: options.env,
          store: demoContent ? inject('demoStore') : undefined,
        })
      : sharedDemoServer();
  });

  afterEach(async () => {
    const open = tabs;
    tabs = [];
    const problems: string[] = [];
    for (const tab of open) {
      for (const error of tab.errors.splice(0))
        if (!tab.allow.some((re) => re.test(error))) problems.push(error);
      // A kept tab is its block's to close, never handed to another test.
      if (kept.has(tab)) tabs.push(tab);
      else await pool.give(tab.page);
    }
    expect(problems, 'console errors or uncaught exceptions in the page').toEqual([]);
  });

  afterAll(async () => {
    await pool.close();
    await state.browser?.close();
    if (state.server) {
      const code = await state.server.stop();
      expect(code, `server exit code; output:\n${state.server.output()}`).toBe(0);
    }
  });

  return {
    get server() {
      return state.server;
    },
    get browser() {
      return state.browser;
    },
    url: (path) => new URL(path, state.server.url).toString(),
    tab: async (tabOptions = {}) => {
      const { context, page } = await pool.take({
        viewport: tabOptions.viewport ?? DESKTOP,
        javaScriptEnabled: tabOptions.javaScriptEnabled ?? true,
        colorScheme: tabOptions.colorScheme ?? 'light',
        userAgent: tabOptions.userAgent,
        baseURL: state.server.url,
      });
      const tab: Tab = { context, page, errors: [], allow: tabOptions.allow ?? [] };
      page.on('console', (message) => {
        if (message.type() === 'error')
          tab.errors.push(`${page.url()}: console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) =>
        tab.errors.push(`${page.url()}: pageerror: ${error.message}`),
      );
      tabs.push(tab);
      if (tabOptions.keep) {
        kept.add(tab);
        context.on('close', () => kept.delete(tab));
      }
      return tab;
    },
  };
}

/**
 * Waits until React has hydrated the page: every control React rendered (not those of HTML it
 * was given as a string: a post's body, the server's markup of the owner's links and footer)
 * carries React's props key, and the commit has had a frame to finish.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root) return false;
    const propsOf = (node: Element) => {
      const key = Object.keys(node).find((name) => name.startsWith('__reactProps$'));
      return key ? (node as unknown as Record<string, Record<string, unknown>>)[key] : undefined;
    };
    const givenAsHtml = (element: Element) => {
      for (let node = element.parentElement; node && node !== root; node = node.parentElement)
        if (propsOf(node)?.dangerouslySetInnerHTML) return true;
      return false;
    };
    const controls = [...root.querySelectorAll('a, button, input, textarea, summary, main')].filter(
      (element) => !element.closest('.prose') && !givenAsHtml(element),
    );
    return controls.length > 0 && controls.every((element) => propsOf(element) !== undefined);
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/**
 * Waits until the page's fonts are in: its stylesheets loaded, the served font's faces added and
 * swapped in by the boot script after the first paint (web/served-font.ts: `document.fonts.ready` alone may
 * resolve before they are known), a frame for the text to ask for its fonts, then every font
 * asked for loaded.
 */
export async function fontsIn(page: Page): Promise<void> {
  const families = await page.evaluate(async (meta) => {
    const href = document.querySelector<HTMLMetaElement>(`meta[name="${meta}"]`)?.content;
    const css = href ? await (await fetch(href)).text() : '';
    return [...css.matchAll(/font-family:\s*([^;}]+)/g)].map(([, family]) =>
      family!.trim().replace(/^["']|["']$/g, ''),
    );
  }, SERVED_FONT_META);
  if (families.length)
    await page.waitForFunction(
      // FontFace.family quotes a name with spaces. The root is marked once the last part of the
      // page has taken the font.
      (names) =>
        document.documentElement.hasAttribute('data-font') &&
        [...document.fonts].some((face) => names.includes(face.family.replace(/^"|"$/g, ''))),
      families,
    );
  await page.evaluate(async () => {
    await Promise.all(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
        link.sheet
          ? undefined
          : new Promise((resolve) => {
              link.addEventListener('load', resolve, { once: true });
              link.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await document.fonts.ready;
  });
}

/** Opens a path and waits for hydration; returns the document response. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
