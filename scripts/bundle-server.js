#!/usr/bin/env node
// Part of `npm run build:server`, after tsc: the compiled CLI and server (dist/cli, dist/server,
// dist/shared) and the packages they import, bundled by esbuild into dist/bundle/, which
// bin/postfolio.js runs. A start then reads one file instead of about 2,100 modules (TypeBox
// alone is 683), which took most of a start's CPU: every command, server, cluster worker and
// first import starts faster. Native packages stay outside (they load their binaries from node_modules).
//
// Bundled code keeps the addresses it had: each module's `import.meta.url`, and a CommonJS
// module's `__dirname` and `__filename`, are those of the file it came from, computed from the
// bundle's own address, so that paths relative to a module (the web build, the package's
// schemas, worker files, createRequire) resolve as they did, and the package can move.
import { build } from 'esbuild';
import { isBuiltin } from 'node:module';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bundle');

/** Packages with native binaries or files they find on disk at run time: required from node_modules. */
const EXTERNAL = ['better-sqlite3', 'sharp', '@img/*', 'pg-native'];

/** Worker files started by address (`new URL('./name.js', import.meta.url)`): entries of their own. */
const WORKERS = {
  'parse-worker': join(root, 'dist', 'server', 'content', 'parse-worker.js'),
  'post-files-worker': join(
    root,
    'dist',
    'server',
    'content',
    'import-stages',
    'post-files-worker.js',
  ),
};

/** `path` relative to the bundle's folder, as a URL path. */
const fromBundle = (path) => relative(outdir, path).split(sep).join('/');

/**
 * An expression for the address `path` had, computed from the address of the bundle's file (the
 * banner's `__pfBundleUrl`: a module that named `import.meta` itself would be taken for ESM).
 */
const addressOf = (path) => `new URL(${JSON.stringify(fromBundle(path))}, __pfBundleUrl)`;

const keepAddresses = {
  name: 'keep-module-addresses',
  setup(builder) {
    builder.onLoad({ filter: /\.(c|m)?js$/ }, async ({ path }) => {
      let source = await readFile(path, 'utf8');
      if (!/import\.meta\.|__dirname|__filename/.test(source)) return undefined;
      const cjs = /\b(module\.exports|exports\.[\w$]+\s*=|require\()/.test(source);
      // A worker that is an entry of its own runs from the bundle, beside the code starting it.
      for (const name of Object.keys(WORKERS))
        source = source.replaceAll(
          `new URL('./${name}.js', import.meta.url)`,
          `new URL('./${name}.js', __pfBundleUrl)`,
        );
      source = source
        .replaceAll('import.meta.url', `${addressOf(path)}.href`)
        .replaceAll('import.meta.filename', `__pfFileOf(${addressOf(path)})`)
        .replaceAll('import.meta.dirname', `__pfFileOf(${addressOf(dirname(path) + sep)})`);
      if (cjs && /__dirname|__filename/.test(source))
        source =
          `var __filename = __pfFileOf(${addressOf(path)}), ` +
          `__dirname = __pfFileOf(${addressOf(dirname(path) + sep)});\n${source}`;
      return { contents: source, loader: 'js', resolveDir: dirname(path) };
    });
  },
};

/**
 * Node's own modules are required, not imported: an ES import of one makes a facade that reads
 * every export, and node:http's lazy ones (WebSocket and its events) load undici, which a command
 * that fetches nothing never needs (the bundle imports node:http for nodemailer and the server):
 * `--version` took 0.36 s of CPU, now 0.24. Named imports of them become property reads.
 */
const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(builder) {
    builder.onResolve({ filter: /^(node:)?[a-z0-9_/]+$/ }, ({ path, kind }) =>
      kind === 'import-statement' && isBuiltin(path)
        ? { path, namespace: 'builtin-by-require' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'builtin-by-require' }, ({ path }) => ({
      contents: `module.exports = require(${JSON.stringify(path)});`,
      loader: 'js',
    }));
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { postfolio: join(root, 'dist', 'cli', 'main.js'), ...WORKERS },
  outdir,
  bundle: true,
  // One file an entry: with chunks, esbuild hands `await import()` of a CommonJS package only its
  // default export (the feeds' `import('@xmldom/xmldom')` lost its named ones).
  splitting: false,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  external: EXTERNAL,
  plugins: [keepAddresses, builtinsByRequire],
  // The bundled CommonJS packages call require() for Node's own modules; the paths helper turns
  // the addresses above into file paths.
  banner: {
    js: [
      "import { createRequire as __pfCreateRequire } from 'node:module';",
      "import { fileURLToPath as __pfFileOf } from 'node:url';",
      'const __pfBundleUrl = import.meta.url;',
      'const require = __pfCreateRequire(__pfBundleUrl);',
    ].join('\n'),
  },
  logLevel: 'warning',
  legalComments: 'none',
  // Maps to the compiled files, whose own maps lead to src/ (`node --enable-source-maps`).
  sourcemap: 'linked',
});
