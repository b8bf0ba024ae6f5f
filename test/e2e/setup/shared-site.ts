/**
 * The browser suite's global setup: one Chromium and one demo server for the whole run, shared by
 * the files that only read the demo site. Files that change a server's state (its store, its
 * rate limits, its environment) start servers of their own and still share this Chromium; those
 * of the demo content start from a copy of the demo store imported here once.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  DESKTOP_UI_FEATURES,
  SPARE_RENDERER_FEATURES,
  withPlaywrightFeaturesOff,
} from '../../../scripts/chromium.js';
import { createDemoStore, startServer } from '../helpers/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared Chromium listens for Playwright (`chromium.connect`). */
    chromiumEndpoint: string;
    /** How the run's Chromium was launched, for a file that launches one of its own. */
    chromiumLaunch: ChromiumLaunch;
    /** The origin of the shared demo server. */
    demoSiteUrl: string;
    /** The demo content's SQLite store, for servers of a file's own to start from a copy of. */
    demoStore: string;
  }
}

export interface ChromiumLaunch {
  executablePath: string;
  args: string[];
  ignoreDefaultArgs?: string[];
}

/**
 * Chromium without the processes no test sees: the desktop omnibox popup's renderer and the spare
 * renderer, one each beside every tab (Chromium's CPU for a tab's first load 1.9-2.1 s with them,
 * 1.0-1.1 s without).
 */
function chromiumLaunch(): Promise<ChromiumLaunch> {
  return withPlaywrightFeaturesOff(
    chromium,
    { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    [...DESKTOP_UI_FEATURES, ...SPARE_RENDERER_FEATURES],
  );
}

async function startDemoSite() {
  const store = await createDemoStore();
  return { store, server: await startServer({ store: store.file }) };
}

export default async function setup(project: TestProject) {
  const launch = chromiumLaunch();
  const [browserServer, { store, server }] = await Promise.all([
    launch.then((options) => chromium.launchServer(options)),
    startDemoSite(),
  ]);
  project.provide('chromiumEndpoint', browserServer.wsEndpoint());
  project.provide('chromiumLaunch', await launch);
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
