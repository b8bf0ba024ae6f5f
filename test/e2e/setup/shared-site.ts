/**
 * The browser suite's global setup: one Chromium and one demo server for the whole run, shared by
 * the files that only read the demo site. Files that change a server's state (its store, its
 * rate limits, its environment) start servers of their own and still share this Chromium; those
 * of the demo content start from a copy of the demo store imported here once.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import chromiumSettings from '../../../scripts/chromium.json' with { type: 'json' };
import { createDemoStore, startServer } from '../helpers/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared Chromium listens for Playwright (`chromium.connect`). */
    chromiumEndpoint: string;
    /** The origin of the shared demo server. */
    demoSiteUrl: string;
    /** The demo content's SQLite store, for servers of a file's own to start from a copy of. */
    demoStore: string;
  }
}

async function startDemoSite() {
  const store = await createDemoStore();
  return { store, server: await startServer({ store: store.file }) };
}

export default async function setup(project: TestProject) {
  const [browserServer, { store, server }] = await Promise.all([
    chromium.launchServer({ executablePath: chromiumSettings.path, args: chromiumSettings.flags }),
    startDemoSite(),
  ]);
  project.provide('chromiumEndpoint', browserServer.wsEndpoint());
  project.provide('demoSiteUrl', server.url);
  project.provide('demoStore', store.file);
  return async () => {
    await browserServer.close();
    // The shutdown every file's own server is held to: a drained exit with code 0.
    const code = await server.stop();
    store.remove();
    if (code !== 0)
      throw new Error(`the shared demo server exited with ${code}; output:\n${server.output()}`);
  };
}
