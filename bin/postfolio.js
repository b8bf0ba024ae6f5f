#!/usr/bin/env node
// The command-line entry; runs the compiled CLI (npm start or npm run build makes it).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
if (!existsSync(cli)) {
  console.error('postfolio: the build is missing; run `npm run build` (or `npm start`) first');
  process.exit(1);
}
// Installed from a package, the server is started from the owner's folder: the web build is
// found beside this file, not in the working directory.
process.env.WEB_DIR ||= join(root, 'dist', 'web');
await import(cli);
