// Peak resident memory of the server under mixed load, with the V8 flags `npm start` uses, or
// those given on the command line (`node bench/memory.js --max-semi-space-size=4`; none:
// `BENCH_NODE_FLAGS= node bench/memory.js`). Loads: a cached API list, 2,500
// distinct post views (cache misses) and 400 distinct rendered post pages, 4 s each.
// Env: BENCH_POSTS (100000), BENCH_PORT (3291; uses +9).

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { envInt } from './lib/env.js';
import { load } from './lib/load.js';
import { printMachine } from './lib/machine.js';
import { BENCH_DIR } from './lib/paths.js';
import { fmt } from './lib/print.js';
import { memoryOf, stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath } from './lib/routes.js';
import { SERVER_NODE_FLAGS, startAppServer } from './lib/servers.js';
import { ensureSqliteStore } from './lib/stores.js';

const posts = envInt('BENCH_POSTS', 100_000);
const flags = process.argv.length > 2 ? process.argv.slice(2) : SERVER_NODE_FLAGS;
printMachine(`Memory under load (${fmt(posts)} posts), node flags: ${flags.join(' ') || '(none)'}`);
const databaseUrl = await ensureSqliteStore(posts);
const memoryFile = join(BENCH_DIR, 'memory-report.json');
rmSync(memoryFile, { force: true });
const app = await startAppServer({
  port: envInt('BENCH_PORT', 3291) + 9,
  databaseUrl,
  nodeArgs: [...flags, '--import', './bench/lib/report-memory.js'],
  extraEnv: { BENCH_MEMORY_FILE: memoryFile },
});
try {
  const idle = memoryOf(app.child.pid);
  const list = await load(app.url, [apiPath.posts(1)], { duration: 4 });
  const afterList = memoryOf(app.child.pid);
  const views = await load(
    app.url,
    Array.from({ length: 2500 }, (_, i) => apiPath.post(`fake-post-${i + 1}`)),
    { duration: 4 },
  );
  const afterViews = memoryOf(app.child.pid);
  const pages = await load(
    app.url,
    Array.from({ length: 400 }, (_, i) => `/fake-post-${i + 1}`),
    { duration: 4 },
  );
  const after = memoryOf(app.child.pid);
  console.log(
    `idle RSS ${fmt(idle.rssMb)} MB; list ${fmt(list.rps)} req/s, post views ${fmt(views.rps)} req/s, pages ${fmt(pages.rps)} req/s`,
  );
  console.log(
    `peak RSS after each load: list ${fmt(afterList.hwmMb)} MB, post views ${fmt(afterViews.hwmMb)} MB, pages ${fmt(after.hwmMb)} MB`,
  );
  console.log(`peak RSS ${fmt(after.hwmMb)} MB (target ≤ 150 MB at 100k posts)`);
  recordBar({
    bar: `server peak RSS under list, post and page loads (${fmt(posts)} posts)`,
    figure: `${fmt(after.hwmMb)} MB`,
    target: posts >= 100_000 ? '≤ 150 MB' : null,
    pass: after.hwmMb <= 150,
  });
  // Where the memory is once the loads are over (the peak itself is not attributable).
  app.child.kill('SIGUSR2');
  for (let i = 0; i < 50 && !existsSync(memoryFile); i++) await sleep(100);
  if (existsSync(memoryFile)) console.log('after the loads:', readFileSync(memoryFile, 'utf8'));
} finally {
  await stopChild(app.child);
}
