import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built CLI, as the package ships it: every test that runs Postfolio as a process spawns
 * this file, so that it checks what is installed (`npm run build` makes it).
 */
export const BUILT_CLI = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'dist',
  'bundle',
  'postfolio.js',
);

/** Fails the test file at once, saying why, when the build it spawns is missing. */
export function requireBuiltCli(): void {
  if (!existsSync(BUILT_CLI)) throw new Error('Run `npm run build` first');
}
