#!/usr/bin/env node
// Keeps the previous client build's hashed assets beside the new ones, and no older ones.
// A deploy installs the new build under running servers before restarting them (SIGHUP): pages
// they rendered meanwhile, and pages still open in browsers, load the old build's modules by name,
// which an emptied assets folder would answer with 404s.
//
//   node scripts/asset-generations.js save  [dir]   before `vite build`: remembers its manifest
//   node scripts/asset-generations.js prune [dir]   after it: removes assets neither build names
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MANIFEST = join('.vite', 'manifest.json');
const PREVIOUS = join('.vite', 'previous-manifest.json');

/** The files under the client folder a Vite manifest names (scripts, stylesheets, assets). */
export function filesNamedBy(manifestFile) {
  if (!existsSync(manifestFile)) return new Set();
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const named = new Set();
  for (const chunk of Object.values(manifest))
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])])
      if (file) named.add(file);
  return named;
}

export function save(dir) {
  if (existsSync(join(dir, MANIFEST))) copyFileSync(join(dir, MANIFEST), join(dir, PREVIOUS));
}

/** Removes the files of `assets/` (and their .br and .gz) that neither manifest names. */
export function prune(dir) {
  const keep = new Set([
    ...filesNamedBy(join(dir, MANIFEST)),
    ...filesNamedBy(join(dir, PREVIOUS)),
  ]);
  const assets = join(dir, 'assets');
  const removed = [];
  if (!existsSync(assets)) return removed;
  for (const name of readdirSync(assets)) {
    const file = `assets/${name.replace(/\.(br|gz)$/, '')}`;
    if (keep.has(file)) continue;
    rmSync(join(assets, name));
    removed.push(`assets/${name}`);
  }
  return removed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, dir = 'dist/web/client'] = process.argv.slice(2);
  if (command === 'save') save(dir);
  else if (command === 'prune') {
    const removed = prune(dir);
    if (removed.length)
      console.log(`removed ${removed.length} files of builds before the previous one`);
  } else {
    console.error('usage: node scripts/asset-generations.js save|prune [dir]');
    process.exit(2);
  }
}
