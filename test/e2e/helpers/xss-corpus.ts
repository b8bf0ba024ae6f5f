/**
 * The hooks and the report of an XSS corpus run: the hostile folder written, imported into SQLite
 * through the CLI or into PostgreSQL by the server on its start, served and opened in a Chromium
 * kept offline; what was found written to test-results/ for the owners.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { runCli } from './cli.js';
import { writeHostileSite, type HostileSite } from './hostile-site.js';
import { ROOT, startServer, type RunningServer } from './server.js';
import { OFFLINE_ARGS, type Finding } from './xss-detector.js';
import { describeFindings } from './xss-sweep.js';
import { isOpened, type Target } from './xss-targets.js';
import { VECTORS } from './xss-vectors.js';
import { pgAdmin, pgDatabaseUrl, uniqueDatabase } from '../../helpers/stores.js';

const REPORT_DIR = join(ROOT, 'test-results');

export interface Corpus {
  site: HostileSite;
  server: RunningServer;
  browser: Browser;
}

/**
 * Registers the hooks of one engine's run: the hostile folder, the server and Chromium. On SQLite,
 * the folder is imported through `postfolio import` first and the server starts on that store; on
 * PostgreSQL (a database of its own; PostgreSQL being away fails, never skips), the server imports
 * it into its empty store on start.
 */
export function useCorpus(engine: 'sqlite' | 'postgres'): Corpus {
  const corpus = {} as Corpus;
  let dir: string | undefined;
  const database = engine === 'postgres' ? uniqueDatabase('postfolio_xss') : undefined;

  /** The store filled with the folder, as the server is to start on it. */
  async function fill(site: HostileSite, folder: string): Promise<string> {
    if (database) {
      await pgAdmin(`CREATE DATABASE ${database}`);
      return pgDatabaseUrl(database);
    }
    const store = { DATABASE_URL: join(folder, 'store.db'), IMAGES_DIR: join(folder, 'images') };
    const run = await runCli(['import', site.dir], store);
    expect(run.code, `postfolio import:\n${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toContain(`${site.posts.length} created`);
    return store.DATABASE_URL;
  }

  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'postfolio-xss-'));
    dir = folder;
    corpus.site = writeHostileSite(join(folder, 'content'));
    const serve = async () =>
      startServer({
        databaseUrl: await fill(corpus.site, folder),
        contentDir: corpus.site.dir,
        imagesDir: join(folder, 'images'),
        // The sweep checks what pages hold, not how the server sheds load: on a busy machine the
        // event-loop delay alone would refuse pages with 503s.
        env: { OVERLOAD_MAX_DELAY_MS: '0' },
      });
    // The run's Chromium settings, with hosts but the server's resolving nowhere.
    const launch = inject('chromiumLaunch');
    [corpus.server, corpus.browser] = await Promise.all([
      serve(),
      chromium.launch({ ...launch, args: [...launch.args, ...OFFLINE_ARGS] }),
    ]);
  });

  afterAll(async () => {
    await corpus.browser?.close();
    if (corpus.server) {
      const code = await corpus.server.stop();
      expect(code, `server exit code; output:\n${corpus.server.output()}`).toBe(0);
    }
    if (database) await pgAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return corpus;
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
