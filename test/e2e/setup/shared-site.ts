/**
 * The browser suite's global setup: one Chromium and one demo server for the whole run, shared by
 * the files that only read the demo site. Files that change a server's state (its store, its
 * rate limits, its environment) start servers of their own and still share this Chromium.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import chromiumSettings from '../../../scripts/chromium.json' with { type: 'json' };
import { startServer } from '../helpers/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared Chromium listens for Playwright (`chromium.connect`). */
    chromiumEndpoint: string;
    /** The origin of the shared demo server. */
    demoSiteUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const [browserServer, server] = await Promise.all([
    chromium.launchServer({ executablePath: chromiumSettings.path, args: chromiumSettings.flags }),
    startServer(),
  ]);
  project.provide('chromiumEndpoint', browserServer.wsEndpoint());
  project.provide('demoSiteUrl', server.url);
  return async () => {
    await browserServer.close();
    // The shutdown every file's own server is held to: a drained exit with code 0.
    const code = await server.stop();
    if (code !== 0)
      throw new Error(`the shared demo server exited with ${code}; output:\n${server.output()}`);
  };
}
