import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type ServerConfig } from '../../src/server/config.js';
import { importContent } from '../../src/server/content/import.service.js';
import type { Engine } from '../../src/server/db/schema.js';
import type { Clock } from '../../src/server/schedule/clock.js';
import { writeContent, type FixturePost } from './content-fixture.js';
import { createTestStore, type TestStore } from './stores.js';

export interface ApiHarness {
  app: FastifyInstance;
  test: TestStore;
  config: ServerConfig;
  contentDir: string;
  close(): Promise<void>;
}

/** A migrated store on `engine` holding `posts`, and the app built on it (no socket). */
export async function apiHarness(
  engine: Engine,
  options: {
    posts: FixturePost[];
    categories?: Record<string, string>;
    env?: NodeJS.ProcessEnv;
    /** The app's clock, which decides when scheduled posts go live. */
    clock?: Clock;
    /** Runs before the app is ready, e.g. to add a hook. */
    beforeReady?: (app: FastifyInstance) => void;
  },
): Promise<ApiHarness> {
  const test = await createTestStore(engine);
  const contentDir = writeContent({ posts: options.posts, categories: options.categories });
  const config = loadConfig({
    IMAGES_DIR: mkdtempSync(join(tmpdir(), 'postfolio-images-')),
    CONTENT_DIR: contentDir,
    ...options.env,
  });
  await importContent(test.store, { contentDir, imagesDir: config.imagesDir });
  const app = await buildApp({
    config,
    store: test.store,
    contentPollMs: 50,
    clock: options.clock,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    test,
    config,
    contentDir,
    close: async () => {
      await app.close();
      await test.drop();
    },
  };
}
