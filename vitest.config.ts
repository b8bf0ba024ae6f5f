import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module with `vi.mock`, and the engine comparison, whose reference colours
 * the demo's code with Shiki objects other files in a shared worker may have used first (it failed
 * in one full run, never alone): each gets a module graph of its own.
 */
const ISOLATED = [
  'src/server/content/post-file.test.ts',
  'src/cli/init-command.test.ts',
  'src/server/content/markdown/highlight-engine.test.ts',
];

const COMMON = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // Most files wait more than they compute (child servers, schedules, PostgreSQL, SMTP): four at
  // a time even on 2 cores, where Vitest's default (cores - 1) runs them one by one. On 2 cores the
  // whole suite took 298 s with two workers and 155 s with four, for the same 213 s of CPU; six
  // gained nothing more.
  maxWorkers: Math.max(4, availableParallelism() - 1),
} as const;

/**
 * The unit, API and CLI tests. Files share their worker's modules (no isolation): importing the
 * server's graph again for each of a hundred files cost more than two minutes of CPU, and no file
 * changes module state that another reads (each builds its own app, store and clock).
 */
export default defineConfig({
  test: {
    // Run once, by the root project, whose provided values every project sees; a project that
    // extended the root would run it again.
    globalSetup: ['test/setup/store-templates.ts'],
    reporters: ['default', './test/reporters/slowest-files.ts'],
    ...COMMON,
    projects: [
      {
        test: {
          ...COMMON,
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'node_modules/**', 'dist/**', ...ISOLATED],
          isolate: false,
        },
      },
      { test: { ...COMMON, name: 'unit-isolated', include: ISOLATED } },
    ],
  },
});
