#!/usr/bin/env node
// The command-line entry; runs the bundled CLI (npm start or npm run build makes it:
// scripts/bundle-server.js).
import './node-check.js';
import './compile-cache.js';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'bundle', 'postfolio.js');
if (!existsSync(cli)) {
  console.error('postfolio: the build is missing; run `npm run build` (or `npm start`) first');
  process.exit(1);
}
await import(cli);
