import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Many files wait more than they compute (child servers, schedules, PostgreSQL): two at a
    // time even on 2 cores, where Vitest's default (cores - 1) runs them one by one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
