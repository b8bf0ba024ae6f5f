import { defineConfig } from 'vitest/config';

/** The browser suite: the built app in a child process, driven by Chromium through playwright-core. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    // The first server of a run makes the demo photograph's image files (tens of seconds on a busy host).
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
