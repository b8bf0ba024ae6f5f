#!/usr/bin/env node
// Bundle budget, run after `npm run build`: the gzipped JavaScript and CSS that the first load of
// /posts needs (the index.html boot entry, the library stages and app entry it imports after the
// first paint, the route modules of the reader layout and the posts list, each with its static
// imports) and the stylesheet every page inlines, read from the Vite manifest; and how many modules
// that is, as each is a request (a dynamic import that Rolldown fronts with a chunk of re-exports,
// e.g. after a top-level await in the app, adds one).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT_JS_KB = 110;
const LIMIT_CSS_KB = 20;
const LIMIT_MODULES = 8;
const clientDir = join('dist', 'web', 'client');
const ROUTES_FOR_POSTS = ['reader', 'posts'];

const fail = (message) => {
  console.error(`check-bundle-size: ${message}`);
  process.exit(1);
};

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'));
} catch (error) {
  fail(`cannot read the Vite manifest (${error.message}); run npm run build first`);
}

// The manifest keys of the route modules, from ROUTE_MODULES in src/web/routes.tsx.
const routesSource = readFileSync(join('src', 'web', 'routes.tsx'), 'utf8');
const block = /ROUTE_MODULES[^{]*\{([^}]*)\}/.exec(routesSource)?.[1] ?? '';
const routeModules = Object.fromEntries(
  [...block.matchAll(/['"]?([\w-]+)['"]?\s*:\s*['"]([^'"]+)['"]/g)].map((m) => [m[1], m[2]]),
);
const roots = ['index.html', ...(manifest['index.html']?.dynamicImports ?? [])];
if (!roots.includes('entry.client.tsx'))
  fail('index.html (src/web/boot.ts) no longer imports entry.client.tsx');
for (const id of ROUTES_FOR_POSTS) {
  if (!routeModules[id]) fail(`route "${id}" is missing from ROUTE_MODULES in src/web/routes.tsx`);
  roots.push(routeModules[id]);
}

// The same walk the server does to name a page's modules (src/server/ssr/vite-manifest.ts).
let entryFiles;
try {
  ({ entryFiles } = await import('../dist/server/ssr/vite-manifest.js'));
} catch (error) {
  fail(`cannot load the built server (${error.message}); run npm run build first`);
}
const walked = entryFiles(manifest, roots);
if (walked.missing.length) fail(`"${walked.missing[0]}" is not in the Vite manifest`);
const files = new Set(walked.js);
const css = new Set(walked.css);
// With CSS code splitting off, the one stylesheet is its own manifest entry, inlined in every page.
for (const [key, chunk] of Object.entries(manifest)) if (key.endsWith('.css')) css.add(chunk.file);

const gzipKb = (file) => gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length / 1024;
const jsRows = [...files].map((f) => [f, gzipKb(f)]).sort((a, b) => b[1] - a[1]);
const cssRows = [...css].map((f) => [f, gzipKb(f)]);
const jsKb = jsRows.reduce((a, [, n]) => a + n, 0);
const cssKb = cssRows.reduce((a, [, n]) => a + n, 0);

console.log(`First load of /posts (gzip -9; ${roots.join(', ')}):`);
for (const [f, n] of [...jsRows, ...cssRows]) console.log(`  ${n.toFixed(1).padStart(6)} KB  ${f}`);
console.log(
  `  JS ${jsKb.toFixed(1)} KB in ${files.size} modules (limits ${LIMIT_JS_KB} KB, ${LIMIT_MODULES}), CSS ${cssKb.toFixed(1)} KB (limit ${LIMIT_CSS_KB})`,
);
const over = [];
if (jsKb > LIMIT_JS_KB) over.push(`JavaScript ${jsKb.toFixed(1)} KB gzip > ${LIMIT_JS_KB} KB`);
if (files.size > LIMIT_MODULES) over.push(`${files.size} JavaScript modules > ${LIMIT_MODULES}`);
if (cssKb > LIMIT_CSS_KB) over.push(`CSS ${cssKb.toFixed(1)} KB gzip > ${LIMIT_CSS_KB} KB`);
if (over.length)
  fail(
    `the first load of /posts is over budget: ${over.join('; ')}. Trim the bundle or regroup its chunks (see docs/performance.md).`,
  );

// Server-only code stays out of the browser's files: the JSON-LD builders (src/web/page-structured-data.ts).
const SERVER_ONLY = ['BlogPosting', 'SearchAction'];
for (const file of readdirSync(join(clientDir, 'assets')).filter((f) => f.endsWith('.js'))) {
  const text = readFileSync(join(clientDir, 'assets', file), 'utf8');
  const found = SERVER_ONLY.find((marker) => text.includes(marker));
  if (found) fail(`${file} holds ${found}: server-only code reached the browser's bundle`);
}
