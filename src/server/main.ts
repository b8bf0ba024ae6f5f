import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { readContentState } from './content-state/content-state.js';
import { openStore, type Store } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { mountWeb } from './routes/web.js';

/** Migrates, loads the content folder into an empty store, then serves until SIGTERM/SIGINT. */
export async function startServer(
  config: ServerConfig,
  options: { prepare?: boolean } = {},
): Promise<FastifyInstance> {
  const store = openStore(config.databaseUrl);
  if (options.prepare !== false) await prepareStore(store, config, (line) => console.log(line));
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
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => store.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  return app;
}

/** Applies migrations and, when the store holds no content yet, imports the content folder. */
export async function prepareStore(
  store: Store,
  config: ServerConfig,
  log: (line: string) => void,
): Promise<void> {
  const applied = await migrateToLatest(store);
  if (applied.length) log(`Migrated ${store.label}: ${applied.join(', ')}`);
  const state = await readContentState(store.db);
  if (state.site) return;
  log(`The store is empty: importing ${config.contentDir}`);
  // Loaded only here: the Markdown, sanitizer and validation stack is not needed for serving.
  const { importContent } = await import('./content/import.service.js');
  const summary = await importContent(store, {
    contentDir: config.contentDir,
    imagesDir: config.imagesDir,
  });
  log(`Imported ${summary.created} posts in ${summary.categories} categories`);
}
