import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client build goes to dist/web/client (served as static files); `vite build --ssr`
// builds the server-rendering entry into dist/web/server.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
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
          // src/web/boot.ts (React with React Router, then React DOM), and the app's shared
          // modules in one chunk rather than one request each.
          output: {
            codeSplitting: {
              groups: [
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
