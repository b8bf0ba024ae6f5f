import { THEME_FILE } from '../brand/theme-stylesheet.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { ServerConfig } from '../config.js';
import { openStore } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { mountWeb } from '../routes/web.js';
import { ContentWatch, type ContentWatchOptions } from './content-watch.js';
import { DevEvents, type DevProblem } from './dev-events.js';
import { DevImporter, type DevImportResult } from './dev-import.js';
import { liveReloadRoutes, liveReloadTag } from './live-reload.js';

export interface DevServerOptions {
  /** The server's settings; `databaseUrl` and `imagesDir` are the dev store's, never serve's. */
  config: ServerConfig;
  /** The writer's content folder, watched. */
  contentDir: string;
  /** A folder of the dev server's own: the stage and last good copies of the content. */
  workDir: string;
  /** Mounts the built web app (false in tests of the API alone). */
  web?: boolean;
  watch?: ContentWatchOptions;
  /** Where the terminal lines go. */
  log?: (line: string) => void;
  warn?: (line: string) => void;
}

export interface DevServer {
  app: FastifyInstance;
  events: DevEvents;
  watch: ContentWatch;
  /** Ends the pages' streams, stops watching and closes the server and the store. */
  close(): Promise<void>;
}

/** Open pages rendered ahead of their reload; more are rendered when they ask. */
const MAX_WARMED = 8;

/** `posts/a.md:3: problem`, as editors and terminals link a place in a file. */
export const problemLine = (p: DevProblem) =>
  `${p.file}${p.line ? `:${p.line}` : ''}: ${p.problem}`;

/** A round's lines in the terminal: what changed, and each problem of a file. */
function reportRound(
  result: DevImportResult,
  ms: number,
  pagesOpen: number,
  out: { log: (line: string) => void; warn: (line: string) => void },
): void {
  const { summary, problems, touched } = result;
  if (summary && touched.length)
    out.log(
      `${touched.length > 3 ? `${touched.length} files` : touched.join(', ')}: ` +
        `${summary.created} created, ${summary.updated} updated, ${summary.deleted} removed ` +
        `(${Math.round(ms)} ms; ${pagesOpen} page(s) open)`,
    );
  for (const problem of problems)
    out.warn(`${problemLine(problem)} (the last good version is shown)`);
  // theme.css is imported as saved; what it costs readers is said when it is saved.
  if (touched.includes(THEME_FILE))
    for (const warning of summary?.warnings ?? []) out.warn(warning);
}

/**
 * One import after a save. When the site changed, the caches drop and the open pages are
 * rendered again before they are told to reload.
 */
async function importRound(
  app: FastifyInstance,
  importer: DevImporter,
  events: DevEvents,
  report: (result: DevImportResult, ms: number) => void,
  warn: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  // Read before the import: the content state's own poll may see the new version while the
  // import still runs, and the round would then think nothing changed.
  const before = app.ctx.contentState.state.version;
  let result: DevImportResult | undefined;
  try {
    result = await importer.run();
  } catch (error) {
    warn(`postfolio dev: the import failed: ${(error as Error).message}`);
  }
  try {
    // Read now rather than at the next poll: the caches drop before the pages are told. Also
    // after a failure, which may come after the import committed: its change is still shown.
    await app.ctx.contentState.refresh();
    // An image saved under its old name moves no content version, but the pages must show it.
    const imagesCopied = (result?.summary?.images ?? 0) > 0;
    const changed = app.ctx.contentState.state.version !== before || imagesCopied;
    await events.publish(changed, result?.problems ?? [], async () => {
      if (!changed) return;
      // After the revision moved: a page rendered meanwhile names the old one and is not kept
      // (a page produced across a clear is never stored), or it would reload forever.
      app.ctx.pages.clear();
      app.ctx.responses.clear();
      // The open pages are rendered before they are told, so that their reloads, which come
      // at once, are answered from the cache rather than each rendering the same page.
      await Promise.all(
        events.openPages
          .slice(0, MAX_WARMED)
          .map((url) => app.inject({ method: 'GET', url }).catch(() => undefined)),
      );
    });
  } catch (error) {
    warn(`postfolio dev: the pages could not be told: ${(error as Error).message}`);
  }
  if (result) report(result, performance.now() - started);
}

/**
 * `postfolio dev`: the site of a content folder on a store of its own, imported again on every
 * save. Each round that changes the site moves the revision the open pages are told about over
 * Server-Sent Events (live-reload.ts), and they reload; a file that cannot be imported is
 * reported in the terminal and on the pages while its last good version stays (dev-import.ts).
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  // No load shedding: one writer's browser is the only client, and an import that holds the
  // event loop must delay its reload script and event stream, never refuse them with a 503.
  const config: ServerConfig = {
    ...options.config,
    http: { ...options.config.http, overload: { maxDelayMs: 0, maxInFlight: 0 } },
  };
  const log = options.log ?? ((line) => console.log(line));
  const warn = options.warn ?? ((line) => console.error(line));
  const store = openStore(config.databaseUrl);
  await migrateToLatest(store);
  const importer = new DevImporter(store, {
    contentDir: options.contentDir,
    workDir: options.workDir,
    imagesDir: config.imagesDir,
  });
  const events = new DevEvents();

  const report = (result: DevImportResult, ms: number) =>
    reportRound(result, ms, events.listening, { log, warn });

  const first = performance.now();
  report(await importer.run(), performance.now() - first);

  const app = await buildApp({
    config,
    store,
    logger: { level: config.logLevel },
    web: async (instance) => {
      await liveReloadRoutes(instance, events);
      if (options.web !== false)
        await mountWeb(instance, { devHead: () => liveReloadTag(events.state.revision) });
    },
  });

  const round = () => importRound(app, importer, events, report, warn);
  const watch = new ContentWatch(options.contentDir, round, {
    changed: () => importer.changedSinceRound(),
    ...options.watch,
  });
  await watch.start();

  return {
    app,
    events,
    watch,
    close: async () => {
      events.close();
      await watch.close();
      await app.close();
      await store.close();
    },
  };
}
