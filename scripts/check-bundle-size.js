#!/usr/bin/env node
// Bundle budget, run after `npm run build`: the gzipped JavaScript that the first load of a page
// needs (the index.html boot entry, the library stages and app entry it imports after the first
// paint, the page's route modules, each with its static imports), read from the Vite manifest, and
// how many modules that is, as each is a request (a dynamic import that Rolldown fronts with a
// chunk of re-exports, e.g. after a top-level await in the app, adds one); and the stylesheet
// every page inlines. Two pages: /posts, and a post (/{slug}), the page most readers land on,
// held to what it was when issue 18 was filed. The boot script's import of the served font's
// module (src/web/served-font.ts) is fetched only by a site that serves a font: it has a budget of
// its own, and one module.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const PAGES = [
  { name: '/posts', routes: ['reader', 'posts'], limitKb: 110, limitModules: 8 },
  // 0.02 KB over issue 18's 103.7: the boot script's import of the served font's module.
  { name: 'a post (/{slug})', routes: ['reader', 'post'], limitKb: 103.72, limitModules: 6 },
];
const LIMIT_CSS_KB = 20;
const clientDir = join('dist', 'web', 'client');

const fail = (message) => {
  console.error(`check-bundle-size: ${message}`);
  process.exit(1);
};

const { SERVED_FONT_MODULE } = await import('../dist/shared/route-modules-meta.js').catch(() =>
  fail('cannot load the built shared code; run npm run build first'),
);
const SERVED_FONT = { key: SERVED_FONT_MODULE, limitKb: 1 };

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
const bootImports = manifest['index.html']?.dynamicImports ?? [];
if (!bootImports.includes(SERVED_FONT.key))
  fail(`index.html (src/web/boot.ts) no longer imports ${SERVED_FONT.key}`);
const boot = ['index.html', ...bootImports.filter((key) => key !== SERVED_FONT.key)];
// The app entry shares its chunk with the app's common modules, so the boot script may import it
// by that chunk's key.
if (!boot.some((key) => manifest[key]?.file === manifest['entry.client.tsx']?.file))
  fail('index.html (src/web/boot.ts) no longer imports entry.client.tsx');

// The same walk the server does to name a page's modules (src/server/ssr/vite-manifest.ts).
let entryFiles;
try {
  ({ entryFiles } = await import('../dist/server/ssr/vite-manifest.js'));
} catch (error) {
  fail(`cannot load the built server (${error.message}); run npm run build first`);
}

const gzipKb = (file) => gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length / 1024;
const over = [];
const css = new Set();
for (const page of PAGES) {
  const roots = [...boot];
  for (const id of page.routes) {
    if (!routeModules[id])
      fail(`route "${id}" is missing from ROUTE_MODULES in src/web/routes.tsx`);
    roots.push(routeModules[id]);
  }
  const walked = entryFiles(manifest, roots);
  if (walked.missing.length) fail(`"${walked.missing[0]}" is not in the Vite manifest`);
  for (const sheet of walked.css) css.add(sheet);
  const rows = walked.js.map((f) => [f, gzipKb(f)]).sort((a, b) => b[1] - a[1]);
  const kb = rows.reduce((a, [, n]) => a + n, 0);
  console.log(`First load of ${page.name} (gzip -9; ${roots.join(', ')}):`);
  for (const [f, n] of rows) console.log(`  ${n.toFixed(1).padStart(6)} KB  ${f}`);
  console.log(
    `  JS ${kb.toFixed(1)} KB in ${rows.length} modules (limits ${page.limitKb} KB, ${page.limitModules})`,
  );
  if (kb > page.limitKb)
    over.push(`${page.name}: JavaScript ${kb.toFixed(1)} KB gzip > ${page.limitKb} KB`);
  if (rows.length > page.limitModules)
    over.push(`${page.name}: ${rows.length} JavaScript modules > ${page.limitModules}`);
}

{
  const walked = entryFiles(manifest, [SERVED_FONT.key]);
  const kb = walked.js.reduce((sum, file) => sum + gzipKb(file), 0);
  console.log(
    `With a served font, after the first paint: JS ${kb.toFixed(1)} KB in ${walked.js.length} module (limits ${SERVED_FONT.limitKb} KB, 1)`,
  );
  if (kb > SERVED_FONT.limitKb || walked.js.length !== 1)
    over.push(`the served font's module: ${kb.toFixed(1)} KB gzip in ${walked.js.length} modules`);
}

// With CSS code splitting off, the one stylesheet is its own manifest entry, inlined in every page.
for (const [key, chunk] of Object.entries(manifest)) if (key.endsWith('.css')) css.add(chunk.file);
const cssKb = [...css].reduce((a, f) => a + gzipKb(f), 0);
console.log(`Stylesheet, inlined in every page: ${cssKb.toFixed(1)} KB (limit ${LIMIT_CSS_KB})`);
if (cssKb > LIMIT_CSS_KB) over.push(`CSS ${cssKb.toFixed(1)} KB gzip > ${LIMIT_CSS_KB} KB`);
if (over.length)
  fail(
    `over budget: ${over.join('; ')}. Trim the bundle or regroup its chunks (see docs/performance.md).`,
  );

// Server-only code stays out of the browser's files: the JSON-LD builders (src/web/page-structured-data.ts).
const SERVER_ONLY = ['BlogPosting', 'SearchAction'];
for (const file of readdirSync(join(clientDir, 'assets')).filter((f) => f.endsWith('.js'))) {
  const text = readFileSync(join(clientDir, 'assets', file), 'utf8');
  const found = SERVER_ONLY.find((marker) => text.includes(marker));
  if (found) fail(`${file} holds ${found}: server-only code reached the browser's bundle`);
}
