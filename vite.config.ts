import react from '@vitejs/plugin-react';
import { relative } from 'node:path';
import { defineConfig, type Manifest, type Plugin, type Rolldown } from 'vite';

/**
 * A module that is imported dynamically but sits in a chunk with others has no manifest key of its
 * own: the import points at that chunk. The server names a page's modules by source path (the
 * reader layout, which the sidebar also imports, lives in the app chunk), so each such module gets
 * a key that repeats its chunk's entry.
 */
function manifestKeysForMergedModules(): Plugin {
  let root = '';
  return {
    name: 'postfolio:manifest-keys-for-merged-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // After Vite's manifest plugin has emitted the manifest.
      order: 'post',
      handler(_options, bundle) {
        const asset = bundle['.vite/manifest.json'];
        if (asset?.type !== 'asset') return;
        const manifest: Manifest = JSON.parse(String(asset.source));
        const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          for (const id of chunk.moduleIds) {
            const key = relative(root, id);
            if (id === chunk.facadeModuleId || key in manifest) continue;
            if (!this.getModuleInfo(id)?.dynamicImporters.length) continue;
            const entry = byFile.get(chunk.fileName);
            if (entry) manifest[key] = { ...entry, src: key };
          }
        }
        asset.source = JSON.stringify(manifest, null, 2);
      },
    },
  };
}

/**
 * Vite wraps every dynamic import in a helper that preloads the imported chunk's own imports. Here
 * the server names every module of a page and the boot script preloads them all after the first
 * paint (src/web/boot.ts), and most routes' chunks import only chunks every page has loaded, so
 * preloading is off (`modulePreload: false`; a list screen opened from a post fetches the `lists`
 * chunk after its own, and /resume its `forms` chunk). The helper Vite still puts in front of each
 * import then only turns a failed import into a `vite:preloadError` event, which nothing here
 * listens to. This one just imports: 0.8 KB gzip less on every page's first load (decision 012).
 */
function plainDynamicImports(): Plugin {
  const helper = '\0vite/preload-helper.js';
  const plain = 'export const __vitePreload = (load) => load();';
  return {
    name: 'postfolio:plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === helper ? id : null),
    load: (id) => (id === helper ? plain : null),
    // The boot script has the helper in itself rather than from its chunk: a module it imports is a
    // request after its own and before it runs, before the first paint, which Lighthouse's
    // simulated first and largest paints wait for (decision 005). The app's chunks, fetched after
    // the first paint, share the helper's chunk.
    renderChunk(code, chunk) {
      if (!chunk.isEntry || !chunk.facadeModuleId?.endsWith('index.html')) return null;
      const own = code.replace(
        /^import \{ \w+ as __vitePreload \} from "[^"]*preload-helper[^"]*";$/m,
        plain.replace('export ', ''),
      );
      if (/^import\b/m.test(own))
        this.error(`the boot script imports a module: ${own.slice(0, 200)}`);
      return own;
    },
  };
}

/** The app entry and the post page, where a reader of every other page goes next. */
const IN_APP = /src[\\/]web[\\/](entry\.client|features[\\/]posts[\\/]post-route)\.tsx$/;
/** The reader's frame (top bar, sidebar), around every post and list. */
const READER = /features[\\/]reader[\\/]reader-layout\.tsx$/;
/** The list screens: what only they share is a chunk that the post page does not load. */
const LIST_SCREENS = /features[\\/]posts[\\/](posts|search|category|tag)-route\.tsx$/;

/** The routes (dynamically imported modules) and entries that reach `id` by static imports. */
function routesReaching(id: string, ctx: Rolldown.ChunkingContext): string[] {
  const routes = new Set<string>();
  const seen = new Set<string>();
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    const info = ctx.getModuleInfo(module);
    if (!info) return;
    if (info.isEntry || info.dynamicImporters.length) routes.add(module);
    else info.importers.forEach(visit);
  };
  visit(id);
  return [...routes];
}

/**
 * The chunk of one of the app's own modules: `app` for what the app entry, the reader's frame or
 * the post page needs (every page loads it), `lists` for what only the list screens share, and
 * Rolldown's own chunking for the rest (a route's own modules go with it).
 */
function appChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  if (IN_APP.test(id)) return 'app';
  const info = ctx.getModuleInfo(id);
  if (!info || info.isEntry || info.dynamicImporters.length) return null;
  if (!/src[\\/](web|shared)[\\/]/.test(id)) return null;
  const routes = routesReaching(id, ctx);
  if (routes.some((route) => IN_APP.test(route) || READER.test(route))) return 'app';
  if (routes.length > 1 && routes.every((route) => LIST_SCREENS.test(route))) return 'lists';
  return null;
}

// The client build goes to dist/web/client (served as static files); `vite build --ssr`
// builds the server-rendering entry into dist/web/server.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), manifestKeysForMergedModules(), plainDynamicImports()],
  build: {
    outDir: isSsrBuild ? '../../dist/web/server' : '../../dist/web/client',
    // The client folder keeps the previous build's assets (scripts/asset-generations.js prunes
    // older ones); the server's is emptied, as a running server has loaded all of it.
    emptyOutDir: !!isSsrBuild,
    manifest: !isSsrBuild,
    // One small stylesheet, inlined by the server into every page (see PageTemplate).
    cssCodeSplit: false,
    // See plainDynamicImports.
    modulePreload: false,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? { input: 'entry.server.tsx' }
      : {
          // The libraries in two chunks that change only with their versions, one per stage of
          // src/web/boot.ts (React with React Router, then React DOM): each stage module is in
          // its library's chunk, so the boot script imports that chunk itself. The app's own
          // modules in a few chunks rather than one request each (appChunk). Vite's dynamic-import
          // helper (used by the boot script and the app's lazy routes) apart, so that the boot
          // script imports no app code.
          output: {
            codeSplitting: {
              groups: [
                { name: 'preload-helper', test: /preload-helper/, priority: 4 },
                {
                  name: 'react-router',
                  test: /node_modules[\\/](react|react-router|cookie|set-cookie-parser)[\\/]|stages[\\/]react-router/,
                  priority: 3,
                },
                {
                  name: 'react-dom',
                  test: /node_modules[\\/](react-dom|scheduler)[\\/]|stages[\\/]react-dom/,
                  priority: 2,
                },
                { name: appChunk, priority: 1 },
              ],
            },
          },
        },
  },
}));
