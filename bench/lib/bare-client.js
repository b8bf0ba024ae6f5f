// A bare React 19 + React Router 7 client (createBrowserRouter + hydrateRoot, one route whose page
// is one link), built with Vite's JS API into .bench/bare-client/dist: the baseline the front-end
// benches set the app beside.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR } from './paths.js';

/** Builds the bare client; resolves to its output folder (index.html and assets/). */
export async function buildBareClient() {
  const dir = join(BENCH_DIR, 'bare-client');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><div id="root"><a href="/">hi</a></div><script type="module" src="./main.jsx"></script></body></html>\n',
  );
  writeFileSync(
    join(dir, 'main.jsx'),
    `import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
const router = createBrowserRouter([{ path: '/', element: <a href="/">hi</a> }]);
hydrateRoot(document.getElementById('root'), <RouterProvider router={router} />);
`,
  );
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const outDir = join(dir, 'dist');
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: {} },
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}
