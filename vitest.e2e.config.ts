import { defineConfig } from 'vitest/config';

/**
 * Files whose timing is what they test (a save shown within a second, a post going live at its
 * date): run one at a time after the rest, on a host no other browser file is loading. The visual
 * shots wait for what they show, not for time, and the tarball's install writes only folders of
 * its own: both run with the rest.
 */
const SERIAL = ['test/e2e/dev.e2e.ts', 'test/e2e/scheduled.e2e.ts'];

/**
 * The browser suite: the built app in child processes, driven by Chromium through playwright-core.
 * One Chromium and one demo server serve the whole run (test/e2e/setup/shared-site.ts); files run
 * three at a time, then the serial ones alone.
 */
const COMMON = {
  testTimeout: 60_000,
  // A page answers a click or a scroll when the browser gets the CPU: as long as Playwright's own
  // waits (10 s), not Vitest's default second, which two files at once on 2 cores can exceed.
  expect: { poll: { timeout: 10_000 } },
  // The first server of a run makes the demo photograph's image files (tens of seconds on a busy host).
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    // Run once, by the root project, whose provided values every project sees; a project that
    // extended the root would run it again.
    globalSetup: ['test/e2e/setup/shared-site.ts'],
    reporters: ['default', './test/reporters/slowest-files.ts'],
    ...COMMON,
    projects: [
      {
        test: {
          ...COMMON,
          name: 'browser',
          include: ['test/e2e/**/*.e2e.ts'],
          exclude: SERIAL,
          // Three at a time on 2 cores: files wait on their servers and pages too (the 27 files
          // took 278 s two at a time, 244 s three at a time, host load ~10 in both runs).
          maxWorkers: 3,
          // A worker's files share its modules (playwright-core, the helpers, the server code the
          // in-process checks import): loaded again for each file, they took 1-5 s of CPU a file.
          // Each file still starts its own servers and contexts and stops them in its hooks.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...COMMON,
          name: 'browser-serial',
          include: SERIAL,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
