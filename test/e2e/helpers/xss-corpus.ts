/**
 * The hooks and the report of an XSS corpus run: the hostile folder written once, imported into
 * SQLite through the CLI and into PostgreSQL by a server on its start, at the same time, served
 * and opened in a Chromium kept offline; what was found written to test-results/ for the owners.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.js';
import { runCli } from './cli.js';
import { writeHostileSite, type HostileSite } from './hostile-site.js';
import { ROOT, startServer, type RunningServer } from './server.js';
import { OFFLINE_ARGS, type Finding } from './xss-detector.js';
import { describeFindings } from './xss-sweep.js';
import { isOpened, type Target } from './xss-targets.js';
import { VECTORS } from './xss-vectors.js';
import { pgAdmin, pgDatabaseUrl, uniqueDatabase } from '../../helpers/stores.js';

const REPORT_DIR = join(ROOT, 'test-results');

export interface Corpora {
  site: HostileSite;
  browser: Browser;
  /** A server on the SQLite store that `postfolio import` filled. */
  sqlite: RunningServer;
  /**
   * A server on a PostgreSQL database of its own, which it filled from the folder on start: started
   * with the rest, waited for by the tests that use it. PostgreSQL being away fails, never skips.
   */
  postgres(): Promise<RunningServer>;
}

/**
 * Registers the hooks of a corpus run: the hostile folder, the two servers (SQLite: the CLI imports
 * the folder first, the server starts on that store; PostgreSQL: the server imports it into its
 * empty store on start) and Chromium.
 */
export function useCorpora(): Corpora {
  const corpora = {} as Corpora;
  let dir: string | undefined;
  let postgres: Promise<RunningServer> | undefined;
  const database = uniqueDatabase('postfolio_xss');
  // The sweep checks what pages hold, not how the server sheds load: on a busy machine the
  // event-loop delay alone would refuse pages with 503s.
  const env = { OVERLOAD_MAX_DELAY_MS: '0' };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'postfolio-xss-'));
    const site = writeHostileSite(join(dir, 'content'));
    corpora.site = site;
    const folder = dir;
    postgres = pgAdmin(`CREATE DATABASE ${database}`).then(() =>
      startServer({
        databaseUrl: pgDatabaseUrl(database),
        contentDir: site.dir,
        imagesDir: join(folder, 'images-postgres'),
        env,
      }),
    );
    // Awaited by the tests on PostgreSQL; a failure is theirs, not an unhandled rejection.
    postgres.catch(() => undefined);
    corpora.postgres = () => postgres!;
    const sqlite = async () => {
      const store = { DATABASE_URL: join(folder, 'store.db'), IMAGES_DIR: join(folder, 'images') };
      const run = await runCli(['import', site.dir], store);
      expect(run.code, `postfolio import:\n${run.stdout}${run.stderr}`).toBe(0);
      expect(run.stdout).toContain(`${site.posts.length} created`);
      return startServer({
        databaseUrl: store.DATABASE_URL,
        contentDir: site.dir,
        imagesDir: store.IMAGES_DIR,
        env,
      });
    };
    [corpora.sqlite, corpora.browser] = await Promise.all([
      sqlite(),
      chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...OFFLINE_ARGS] }),
    ]);
  }, 90_000);

  afterAll(async () => {
    await corpora.browser?.close();
    const servers = [corpora.sqlite, await postgres?.catch(() => undefined)];
    for (const server of servers.filter((s) => s !== undefined)) {
      const code = await server.stop();
      expect(code, `server exit code; output:\n${server.output()}`).toBe(0);
    }
    if (postgres) await pgAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);
  return corpora;
}

/** What a sweep covered and how long it took. */
export function coverage(list: Target[], started: number): string {
  const opened = list.filter(isOpened);
  const pages = list.filter((t) => t.kind === 'html').length;
  const count = (kind: Target['kind']) => opened.filter((t) => t.kind === kind).length;
  const checked = (kind: Target['kind']) => list.filter((t) => t.kind === kind).length;
  return (
    `${opened.length} addresses opened in Chromium (${count('html')} pages, ${count('image')} images), ` +
    `${pages} pages parsed and audited, ${checked('xml')} feeds and sitemaps and ` +
    `${checked('json')} API answers checked from Node, in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`
  );
}

/** Writes the findings to test-results/xss-corpus-<name>.json and prints a summary. */
export function report(name: string, covered: string, findings: Finding[]): void {
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(join(REPORT_DIR, `xss-corpus-${name}.json`), JSON.stringify(findings, null, 2));
  const kinds = new Map<string, number>();
  for (const f of findings) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
  console.log(
    `xss-corpus ${name}: ${VECTORS.length} vectors; ${covered}; findings: ` +
      (kinds.size ? [...kinds].map(([k, n]) => `${k} ${n}`).join(', ') : 'none') +
      (findings.length ? `\n${describeFindings(findings)}` : ''),
  );
}
