import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents } from '../../../bench/lib/event-stream.js';
import { postFile, TINY_SVG, writeContent } from '../../../test/helpers/content-fixture.js';
import { loadConfig } from '../config.js';
import type { DevState } from './dev-events.js';
import { startDevServer, type DevServer } from './dev-server.js';
import { LIVE_RELOAD_SCRIPT } from './live-reload.js';
import { apiPath } from '../../shared/paths.js';

/** Long enough for a loaded test host; the speed is `bench/dev-reload.js`'s bar (a second). */
const TOLD_WITHIN_MS = 5000;

const post = (slug: string, title: string) =>
  postFile({ slug, title, category: 'news', body: `About ${slug}.`, date: '2025-03-01' });

/** The states a page is told over the event stream, in order, as they arrive. */
async function listen(url: string, page?: string) {
  const controller = new AbortController();
  const headers: Record<string, string> = page ? { referer: page } : {};
  const response = await fetch(url, { signal: controller.signal, headers });
  const states: DevState[] = [];
  let wake: () => void = () => {};
  void readEvents<DevState>(response.body!, (state) => {
    states.push(state);
    wake();
  });
  /** The next state after the `seen` first ones, within `ms`. */
  const next = async (seen: number, ms: number): Promise<DevState> => {
    const deadline = performance.now() + ms;
    while (states.length <= seen) {
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no event within ${ms} ms`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, left);
      });
    }
    return states[seen]!;
  };
  return { response, states, next, close: () => controller.abort() };
}

describe('postfolio dev server', () => {
  let content: string;
  let work: string;
  let dev: DevServer;
  let base: string;
  const warnings: string[] = [];
  const lines: string[] = [];

  beforeAll(async () => {
    content = writeContent({
      posts: [
        { slug: 'alpha', title: 'Alpha', category: 'news', body: 'A.', date: '2025-03-01' },
        { slug: 'beta', title: 'Beta', category: 'news', body: 'B.', date: '2025-03-02' },
      ],
    });
    work = mkdtempSync(join(tmpdir(), 'postfolio-dev-server-'));
    const config = {
      ...loadConfig({ LOG_LEVEL: 'warn' }),
      databaseUrl: join(work, 'dev.db'),
      imagesDir: join(work, 'images'),
      contentDir: content,
    };
    dev = await startDevServer({
      config,
      contentDir: content,
      workDir: work,
      web: false,
      log: (line) => lines.push(line),
      warn: (line) => warnings.push(line),
    });
    await dev.app.listen({ port: 0, host: '127.0.0.1' });
    const address = dev.app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await dev?.close();
    rmSync(content, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  const title = async (slug: string) => {
    const res = await fetch(`${base}${apiPath.post(slug)}`);
    return res.ok ? ((await res.json()) as { post: { title: string } }).post.title : res.status;
  };

  it('tells every open page of a save, once per burst, after the caches dropped', async () => {
    const pages = [
      await listen(`${base}/__postfolio-dev/events`, `${base}/alpha?from=test`),
      await listen(`${base}/__postfolio-dev/events`, `${base}/alpha?from=test`),
    ];
    // The pages are known by path, to be rendered before they are told (once for both tabs).
    expect(dev.events.openPages).toEqual(['/alpha?from=test']);
    expect(pages[0]!.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [hello] = await Promise.all(pages.map((page) => page.next(0, 2000)));
    expect(hello!.problems).toEqual([]);
    expect(await title('alpha')).toBe('Alpha'); // now in the API cache

    // An editor's save: the file written several times in a few milliseconds.
    for (const text of ['', post('alpha', 'Alpha'), post('alpha', 'Alpha, edited')])
      writeFileSync(join(content, 'posts/alpha.md'), text);
    const told = await Promise.all(pages.map((page) => page.next(1, TOLD_WITHIN_MS)));
    for (const state of told) expect(state.revision).not.toBe(hello!.revision);
    expect(await title('alpha')).toBe('Alpha, edited');
    await dev.watch.settled();
    // One round for the burst: one event, no second one for the same save.
    expect(pages[0]!.states).toHaveLength(2);
    expect(lines.at(-1)).toMatch(
      /^posts\/alpha\.md: 0 created, 1 updated, 0 removed \(\d+ ms; 2 page\(s\) open\)$/,
    );
    pages.forEach((page) => page.close());
  });

  it('reports a broken file with its line and keeps serving its last good version', async () => {
    const page = await listen(`${base}/__postfolio-dev/events`);
    const hello = await page.next(0, 2000);
    writeFileSync(join(content, 'posts/beta.md'), '---\ntitle: B\n  bad: : x\n---\n\nBody\n');
    const broken = await page.next(1, TOLD_WITHIN_MS);
    expect(broken.revision).toBe(hello.revision);
    expect(broken.problems).toEqual([
      expect.objectContaining({
        file: 'posts/beta.md',
        line: 2,
        problem: expect.stringMatching(/YAML/),
      }),
    ]);
    expect(await title('beta')).toBe('Beta');
    expect(warnings.at(-1)).toMatch(
      /^posts\/beta\.md:2: .*YAML.* \(the last good version is shown\)$/,
    );

    // A page opened now is told at once what is broken.
    const late = await listen(`${base}/__postfolio-dev/events`);
    expect((await late.next(0, 2000)).problems).toHaveLength(1);

    writeFileSync(join(content, 'posts/beta.md'), post('beta', 'Beta, fixed'));
    const fixed = await page.next(2, TOLD_WITHIN_MS);
    expect(fixed.problems).toEqual([]);
    expect(fixed.revision).not.toBe(hello.revision);
    expect(await title('beta')).toBe('Beta, fixed');
    page.close();
    late.close();
  });

  it('removes a deleted post and tells the pages of a saved image', async () => {
    const page = await listen(`${base}/__postfolio-dev/events`);
    await page.next(0, 2000);
    unlinkSync(join(content, 'posts/beta.md'));
    await page.next(1, TOLD_WITHIN_MS);
    // Gone: 410 where the store remembers the slug, else 404.
    expect([404, 410]).toContain(await title('beta'));

    // An image saved under its old name: the pages are told (its URLs carry its hash).
    writeFileSync(join(content, 'images/cover.svg'), TINY_SVG.replace('#369', '#963'));
    const told = await page.next(2, TOLD_WITHIN_MS);
    expect(told.revision).not.toBe(page.states[1]!.revision);
    page.close();
  });

  it('tells the pages of a change that the store poll saw first, during the import', async () => {
    const page = await listen(`${base}/__postfolio-dev/events`);
    const hello = await page.next(0, 2000);
    // The content state's own poll (1 s on SQLite) may read the new version while the round
    // still imports: here it reads it every millisecond.
    const poll = setInterval(() => void dev.app.ctx.contentState.refresh(), 1);
    try {
      writeFileSync(join(content, 'posts/alpha.md'), post('alpha', 'Alpha, polled'));
      const told = await page.next(1, TOLD_WITHIN_MS);
      expect(told.revision).not.toBe(hello.revision);
    } finally {
      clearInterval(poll);
    }
    expect(await title('alpha')).toBe('Alpha, polled');
    page.close();
  });

  it('tells the pages of a save whose import committed before the round failed', async () => {
    const page = await listen(`${base}/__postfolio-dev/events`);
    const hello = await page.next(0, 2000);
    // The last good copies cannot be written: the round fails after the import's commit.
    const good = join(work, 'good');
    rmSync(good, { recursive: true, force: true });
    writeFileSync(good, 'not a folder');
    try {
      writeFileSync(join(content, 'posts/alpha.md'), post('alpha', 'Alpha, half kept'));
      const told = await page.next(1, TOLD_WITHIN_MS);
      expect(told.revision).not.toBe(hello.revision);
      expect(await title('alpha')).toBe('Alpha, half kept');
      expect(warnings.at(-1)).toMatch(/^postfolio dev: the import failed: /);
    } finally {
      rmSync(good, { force: true });
    }
    page.close();
  });

  it('serves its reload script and stylesheet as files', async () => {
    const script = await fetch(`${base}${LIVE_RELOAD_SCRIPT}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const source = await script.text();
    expect(source).toContain('new EventSource');
    expect(() => new Function(source)).not.toThrow();
    const css = await fetch(`${base}/__postfolio-dev/live-reload.css`);
    expect(await css.text()).toContain('.pf-dev-notice');
  });
});

describe('postfolio dev under load', () => {
  it('never refuses a request with a 503, whatever the overload settings say', async () => {
    const content = writeContent({
      posts: [{ slug: 'alpha', title: 'Alpha', category: 'news', body: 'A.', date: '2025-03-01' }],
    });
    const work = mkdtempSync(join(tmpdir(), 'postfolio-dev-server-'));
    const dev = await startDevServer({
      // Settings that shed a request as soon as it waits a millisecond behind another.
      config: {
        ...loadConfig({
          LOG_LEVEL: 'warn',
          OVERLOAD_MAX_DELAY_MS: '1',
          OVERLOAD_MAX_IN_FLIGHT: '1',
        }),
        databaseUrl: join(work, 'dev.db'),
        imagesDir: join(work, 'images'),
        contentDir: content,
      },
      contentDir: content,
      workDir: work,
      web: false,
      log: () => {},
      warn: () => {},
    });
    try {
      await dev.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = dev.app.server.address() as { port: number };
      const origin = `http://127.0.0.1:${port}`;
      // An open page's event stream never ends: under these settings it alone fills the app.
      const page = await listen(`${origin}/__postfolio-dev/events`);
      await page.next(0, 2000);
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await fetch(`${origin}${apiPath.search(`alpha ${i}`, 1)}`)).status);
      page.close();
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    } finally {
      await dev.close();
      rmSync(content, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    }
  });
});
