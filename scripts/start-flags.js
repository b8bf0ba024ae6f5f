// The V8 flags the server ships with, read from `npm start` (package.json: `node <flags>
// scripts/start.js`), so that the benchmarks and the browser tests run the server as it runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every `--` word of the `start` script of the package at `root`. */
export function startScriptFlags(root) {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return scripts.start.split(' ').filter((word) => word.startsWith('--'));
}
