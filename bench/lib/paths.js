// Where the benches find the app and keep what they build: the repository root, the CLI, and
// .bench/ (git-ignored), created on first use.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BENCH_DIR = join(ROOT, '.bench');
export const CLI = join(ROOT, 'bin', 'postfolio.js');
mkdirSync(BENCH_DIR, { recursive: true });
