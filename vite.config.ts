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
    rollupOptions: isSsrBuild ? { input: 'entry.server.tsx' } : undefined,
  },
}));
