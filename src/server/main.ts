import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { readContentState } from './content-state/content-state.js';
import { openStore, type Store } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { importInOwnProcess } from './first-import.js';
import { keepTickShape } from './keep-tick-shape.js';
import { mountWeb } from './routes/web.js';

/** The drain has DRAIN_TIMEOUT_MS (8 s by default); whatever else is left must fit in this. */
const EXIT_DEADLINE_MS = 10_000;

/**
 * Migrates, loads the content folder into an empty store, then serves until SIGTERM or SIGINT,
 * which drain the server (http/front/front-door.ts) and exit 0. SIGHUP restarts the workers of
 * `serve --workers N` (cluster.ts); a single process has none to restart and ignores it.
 */
export async function startServer(
  config: ServerConfig,
  options: { prepare?: boolean } = {},
): Promise<FastifyInstance> {
  // Before the plugins load: their start met a full GC between ticks (keep-tick-shape.ts).
  await keepTickShape();
  if (options.prepare !== false) await prepareForServe(config, (line) => console.log(line));
  const store = openStore(config.databaseUrl);
  const app = await buildApp({
    config,
    store,
    logger: { level: config.logLevel },
    web: mountWeb,
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s');
      process.exit(1);
    }, EXIT_DEADLINE_MS);
    force.unref();
    app
      .stopAccepting()
      .then(() => app.close())
      .then(() => store.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGHUP', () =>
    app.log.info(
      cluster.isWorker
        ? 'SIGHUP: the primary restarts the workers'
        : 'SIGHUP ignored: it restarts the workers of serve --workers N',
    ),
  );
  await app.listen({ port: config.port, host: config.host });
  return app;
}

/** Applies migrations; true when the store holds no content yet. */
async function migrateAndCheck(store: Store, log: (line: string) => void): Promise<boolean> {
  const applied = await migrateToLatest(store);
  if (applied.length) log(`Migrated ${store.label}: ${applied.join(', ')}`);
  const state = await readContentState(store.db);
  return !state.site;
}

/**
 * What `serve` does before it listens: migrates and, when the store holds no content yet,
 * imports the content folder in a process of its own (first-import.ts). Its connection is
 * closed first, so that a first SQLite import can take the file alone (rollback-journal.ts).
 */
export async function prepareForServe(
  config: ServerConfig,
  log: (line: string) => void,
): Promise<void> {
  const store = openStore(config.databaseUrl);
  let empty: boolean;
  try {
    empty = await migrateAndCheck(store, log);
  } finally {
    await store.close();
  }
  if (!empty) return;
  log(`The store is empty: importing ${config.contentDir}`);
  await importInOwnProcess(config);
}

/** Applies migrations and, when the store holds no content yet, imports the content folder here. */
export async function prepareStore(
  store: Store,
  config: ServerConfig,
  log: (line: string) => void,
): Promise<void> {
  if (!(await migrateAndCheck(store, log))) return;
  log(`The store is empty: importing ${config.contentDir}`);
  // Loaded only here: the Markdown, sanitizer and validation stack is not needed for serving.
  const { importContent } = await import('./content/import.service.js');
  const summary = await importContent(store, {
    contentDir: config.contentDir,
    imagesDir: config.imagesDir,
  });
  log(`Imported ${summary.created} posts in ${summary.categories} categories`);
}
