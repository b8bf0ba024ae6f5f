import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type ServerConfig } from '../../src/server/config.js';
import { importContent } from '../../src/server/content/import.service.js';
import type { Engine } from '../../src/server/db/schema.js';
import type { Clock } from '../../src/server/schedule/clock.js';
import { mountWeb } from '../../src/server/routes/web.js';
import type { SiteConfig } from '../../src/shared/schemas/site-config.js';
import { writeContent, type FixturePost } from './content-fixture.js';
import { createTestStore, type TestStore } from './stores.js';

export const WEB_DIR = 'dist/web';

export interface WebHarness {
  app: FastifyInstance;
  test: TestStore;
  config: ServerConfig;
  close(): Promise<void>;
}

/** The whole app, pages included (the web build must exist), on a fresh store holding `posts`. */
export async function webHarness(
  engine: Engine,
  options: {
    posts: FixturePost[];
    categories?: Record<string, string>;
    /** site.yaml; the fixture's with `categories` when absent. */
    site?: SiteConfig;
    /** More files of images/, by name. */
    images?: Record<string, string | Buffer>;
    env?: NodeJS.ProcessEnv;
    logger?: FastifyServerOptions['logger'];
    /** The app's clock, which decides when scheduled posts go live. */
    clock?: Clock;
    /** The clock the drain measures connections' ages and quiet times by. */
    drainClock?: Clock;
    /** Runs before the app is ready, e.g. to add a route. */
    beforeReady?: (app: FastifyInstance) => void;
  },
): Promise<WebHarness> {
  // Server rendering needs the web build; `npm test` builds before it runs the tests.
  if (!existsSync(join(WEB_DIR, 'server', 'entry.server.js')))
    throw new Error('Run `npm run build` first');
  const test = await createTestStore(engine);
  const contentDir = writeContent({
    posts: options.posts,
    categories: options.categories,
    site: options.site,
    images: options.images,
  });
  const config = loadConfig({
    CONTENT_DIR: contentDir,
    IMAGES_DIR: mkdtempSync(join(tmpdir(), 'pf-img-')),
    WEB_DIR,
    ...options.env,
  });
  await importContent(test.store, { contentDir, imagesDir: config.imagesDir });
  const app = await buildApp({
    config,
    store: test.store,
    web: mountWeb,
    logger: options.logger,
    clock: options.clock,
    drainClock: options.drainClock,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    test,
    config,
    close: async () => {
      await app.close();
      await test.drop();
    },
  };
}
