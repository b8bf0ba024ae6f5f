import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../helpers/serve-process.js';
import { DESKTOP, hydrated, launchBrowser, NOT_FOUND_LOG } from './helpers/browser.js';
import { freePort, ROOT } from './helpers/server.js';
import { IMAGES_PREFIX, pagePath } from '../../src/shared/paths.js';
import { BUILT_CLI } from '../helpers/built-cli.js';

// One `postfolio dev` of a copy of the demo content, which the tests edit as a writer would,
// and one `postfolio serve`, which must never ship the reload code.
let browser: Browser;
let serve: ServeProcess;
const SERVED = { slug: 'served', title: 'A served post', category: 'news', body: 'Hello.' };

/** The browser's log line for a document answered 410 (a removed post). */
const GONE_LOG = /Failed to load resource: the server responded with a status of 410/;

interface DevProcess {
  url: string;
  content: string;
  output(): string;
  stop(): Promise<number | null>;
}

async function startDev(): Promise<DevProcess> {
  const content = mkdtempSync(join(tmpdir(), 'postfolio-dev-e2e-'));
  cpSync(join(ROOT, 'content'), content, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_CLI, 'dev', content, '--port', String(port)], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  const deadline = Date.now() + 60_000;
  while (!output.includes('postfolio dev: http://')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`postfolio dev did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    content,
    output: () => output,
    stop: async () => {
      child.kill('SIGINT');
      const code = await exited;
      rmSync(content, { recursive: true, force: true });
      return code;
    },
  };
}

let dev: DevProcess;
const tabs: { context: BrowserContext; errors: string[] }[] = [];
beforeAll(async () => {
  // Each imports its content on start: side by side, the CPU of one overlaps the other's waits.
  // Every one is awaited, and kept when it starts, so that afterAll stops it if another failed.
  const started = await Promise.allSettled([
    launchBrowser().then((connected) => (browser = connected)),
    startServe([{ ...SERVED, date: '2025-01-01' }]).then((process) => (serve = process)),
    startDev().then((process) => (dev = process)),
  ]);
  for (const result of started) if (result.status === 'rejected') throw result.reason;
});
afterEach(async () => {
  const errors = tabs.flatMap((tab) => tab.errors);
  for (const tab of tabs.splice(0)) await tab.context.close();
  expect(errors, 'console errors or uncaught exceptions in the page').toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  serve?.child.kill('SIGTERM');
  await serve?.exited;
  if (!dev) return;
  const code = await dev.stop();
  expect(code, dev.output()).toBe(0);
  expect(dev.output()).not.toMatch(/the import failed/);
});

const postFile = (slug: string) => join(dev.content, 'posts', `${slug}.md`);
/** Saves the post with another title, the rest of the file as it was. */
const retitle = (slug: string, title: string) =>
  writeFileSync(
    postFile(slug),
    readFileSync(postFile(slug), 'utf8').replace(/^title: .*$/m, `title: "${title}"`),
  );
const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/**
 * A tab whose console errors fail the test, and whose 404s are recorded by URL: the browser's
 * console line names none, and images are the images feature's business; this file checks that
 * nothing else is missing.
 */
async function devTab(allowed?: RegExp): Promise<{ page: Page; missing: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  tabs.push({ context, errors });
  page.on('console', (message) => {
    const text = message.text();
    const expected = NOT_FOUND_LOG.test(text) || GONE_LOG.test(text) || allowed?.test(text);
    if (message.type() === 'error' && !expected)
      errors.push(`${page.url()}: console.error: ${text}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: pageerror: ${error.message}`));
  const missing: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() >= 400 && !path.startsWith(IMAGES_PREFIX)) missing.push(path);
  });
  return { page, missing };
}

/**
 * How long a change may take to show here. The speed is `bench/dev-reload.js`'s bar (a second);
 * this only waits long enough for a loaded test host.
 */
const SHOWN_WITHIN_MS = 10_000;

/**
 * Resolves with the time (ms after `since`) when the page's h1 reads `title`; else fails with
 * what the page shows, at which revision, and the dev server's output.
 */
async function titleShown(page: Page, title: string, since: number): Promise<number> {
  try {
    await page.waitForFunction(
      (expected) => document.querySelector('main h1')?.textContent === expected,
      title,
      { timeout: SHOWN_WITHIN_MS, polling: 'raf' },
    );
  } catch (error) {
    const shown = await page
      .evaluate(() => ({
        h1: document.querySelector('main h1')?.textContent,
        revision: document.querySelector<HTMLElement>('[data-dev-revision]')?.dataset.devRevision,
      }))
      .catch(() => undefined);
    throw new Error(
      `${(error as Error).message}\n${page.url()} shows ${JSON.stringify(shown)}\n${dev.output()}`,
    );
  }
  return performance.now() - since;
}

describe('postfolio serve', () => {
  it('never ships the reload code: no reference in its pages, nothing at its URLs', async () => {
    const served = `http://127.0.0.1:${serve.port}`;
    const html = await (await fetch(`${served}/${SERVED.slug}`)).text();
    expect(html).toContain(SERVED.title);
    expect(html).not.toContain('__postfolio-dev');
    expect(html).not.toContain('data-dev-revision');
    for (const path of ['live-reload.js', 'live-reload.css', 'events'])
      expect((await fetch(`${served}/__postfolio-dev/${path}`)).status).toBe(404);

    const devHtml = await (await fetch(`${dev.url}/sqlite-in-production`)).text();
    expect(devHtml).toMatch(
      /<script src="\/__postfolio-dev\/live-reload\.js" data-dev-revision="[^"]+" defer><\/script>/,
    );
  });
});

describe('postfolio dev in the browser', () => {
  it('shows a saved title in every open tab, without anyone reloading', async () => {
    const slug = 'sqlite-in-production';
    const tabs = [await devTab(), await devTab()];
    const loads = [0, 0];
    for (const [i, { page }] of tabs.entries()) {
      await page.goto(`${dev.url}/${slug}`);
      await hydrated(page);
      page.on('load', () => (loads[i]! += 1));
    }
    const saved = performance.now();
    retitle(slug, 'SQLite, edited while the page was open');
    const times = await Promise.all(
      tabs.map(({ page }) => titleShown(page, 'SQLite, edited while the page was open', saved)),
    );
    console.log(`save → new title in the open tabs: ${times.map(Math.round).join(' ms, ')} ms`);
    // The page reloaded itself once, for the one save: the test never navigated.
    expect(loads).toEqual([1, 1]);
    for (const { page } of tabs) expect(page.url()).toBe(`${dev.url}/${slug}`);
    expect(tabs.flatMap((tab) => tab.missing)).toEqual([]);
  });

  it('listens again after its event stream is refused (a busy server answers 503)', async () => {
    const slug = 'a-small-result-type';
    const { page } = await devTab(/EventSource|status of 503/);
    let asked = 0;
    await page.route('**/__postfolio-dev/events', (route) =>
      ++asked === 1
        ? route.fulfill({ status: 503, contentType: 'text/html', body: '<p>Busy</p>' })
        : route.continue(),
    );
    await page.goto(`${dev.url}/${slug}`);
    await hydrated(page);
    await expect.poll(() => asked, { timeout: SHOWN_WITHIN_MS }).toBeGreaterThanOrEqual(2);
    retitle(slug, 'A result type, heard after a 503');
    await titleShown(page, 'A result type, heard after a 503', performance.now());
  });

  it('takes a deleted post off the page that shows it and off the list', async () => {
    const slug = 'on-call-without-burnout';
    const title = 'On-call without burning out';
    const { page, missing } = await devTab();
    await page.goto(`${dev.url}${pagePath.posts()}`);
    await hydrated(page);
    const list = page.getByRole('main').getByRole('heading', { level: 2, name: title });
    expect(await list.count()).toBe(1);
    unlinkSync(postFile(slug));
    await list.waitFor({ state: 'detached', timeout: SHOWN_WITHIN_MS });
    expect(missing).toEqual([]);

    const gone = await devTab();
    const response = await gone.page.goto(`${dev.url}/${slug}`);
    expect([404, 410]).toContain(response?.status());
  });

  it('shows a broken file as a notice (file, line, problem) over the last good version', async () => {
    const slug = 'estimating-without-lying';
    const { page, missing } = await devTab();
    await page.goto(`${dev.url}/${slug}`);
    await hydrated(page);
    const good = await heading(page).innerText();
    const text = readFileSync(postFile(slug), 'utf8');
    // The title's line is no longer YAML.
    const line = text.split('\n').findIndex((l) => l.startsWith('title:')) + 1;
    writeFileSync(postFile(slug), text.replace(/^title: .*$/m, 'title: A\n  broken: : yes'));
    const notice = page.getByRole('alert').filter({ hasText: 'postfolio dev' });
    await notice.waitFor({ timeout: SHOWN_WITHIN_MS });
    expect(await notice.innerText()).toMatch(
      new RegExp(`posts/${slug}\\.md:${line}\\b[\\s\\S]*YAML`),
    );
    expect(await heading(page).innerText()).toBe(good);
    expect(dev.output()).toMatch(new RegExp(`posts/${slug}\\.md:${line}: .*YAML`));

    writeFileSync(postFile(slug), text.replace(/^title: .*$/m, 'title: "Estimating, fixed"'));
    await titleShown(page, 'Estimating, fixed', performance.now());
    expect(await notice.count()).toBe(0);
    expect(missing).toEqual([]);
  });
});
