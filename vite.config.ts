import react from '@vitejs/plugin-react';
import { relative } from 'node:path';
import { defineConfig, type Manifest, type Plugin } from 'vite';

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

// The client build goes to dist/web/client (served as static files); `vite build --ssr`
// builds the server-rendering entry into dist/web/server.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), manifestKeysForMergedModules()],
  build: {
    outDir: isSsrBuild ? '../../dist/web/server' : '../../dist/web/client',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    // One small stylesheet, inlined by the server into every page (see PageTemplate).
    cssCodeSplit: false,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? { input: 'entry.server.tsx' }
      : {
          // The libraries in two chunks that change only with their versions, one per stage of
          // src/web/boot.ts (React with React Router, then React DOM): each stage module is in
          // its library's chunk, so the boot script imports that chunk itself. The app's shared
          // modules in one chunk rather than one request each. Vite's preload helper (used by
          // the boot script and the app's lazy routes) apart, so the boot script stays small.
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
                {
                  name: (id, ctx) => {
                    const info = ctx.getModuleInfo(id);
                    return info &&
                      !info.isEntry &&
                      !info.dynamicImporters.length &&
                      /src[\\/]web[\\/]/.test(id)
                      ? 'app'
                      : null;
                  },
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
}));
