#!/usr/bin/env node
// `npm start`: installs dependencies when missing, builds when the build is missing or older
// than the sources, then serves (migrating and loading the demo content into an empty store).
// `npm run dev [-- dir]` runs `postfolio dev` the same way (scripts/start.js dev …).
import '../bin/node-check.js';
import '../bin/compile-cache.js';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args) {
  console.log(`> npm ${args.join(' ')}`);
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

if (!existsSync(join(root, 'node_modules', '.package-lock.json')))
  run(['ci', '--no-audit', '--no-fund']);

const sources = [
  'src',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'package-lock.json',
]
  .map((name) => join(root, name))
  .filter(existsSync);
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (Math.max(...sources.map(newestMtime)) > builtAt) {
  run(['run', 'build']);
  writeFileSync(stamp, new Date().toISOString());
}

const command = process.argv.slice(2);
process.argv.splice(2, process.argv.length, ...(command.length ? command : ['serve']));
await import(join(root, 'dist', 'bundle', 'postfolio.js'));
