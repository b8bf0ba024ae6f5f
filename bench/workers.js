// Multi-core: throughput of `postfolio serve --workers 1` against `--workers 2` on the same
// store, alternating, for a cached API list, uncached post views and uncached page renders.
// Env: BENCH_POSTS (100000), BENCH_ROUNDS (5), BENCH_DURATION (3 s), BENCH_PORT (3291; uses +8).
import { cpus } from 'node:os';
import { load } from './lib/load.js';
import { printMachine } from './lib/machine.js';
import { fmt, table } from './lib/print.js';
import { stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath } from './lib/routes.js';
import { startAppServer } from './lib/servers.js';
import { median } from './lib/stats.js';
import { ensureSqliteStore } from './lib/stores.js';
import { throughputSettings } from './lib/throughput.js';

const { posts, rounds, duration, port } = throughputSettings(8);

printMachine(`Workers: serve --workers 1 vs 2 (${fmt(posts)} posts, SQLite)`);
console.log(`${cpus().length} cores; autocannon runs on the same machine, so it competes for them`);
const databaseUrl = await ensureSqliteStore(posts);

const slugs = Array.from({ length: 2000 }, (_, i) => `fake-post-${i + 1}`);
const loads = [
  ['GET /api/posts?page=1 (cached)', [apiPath.posts(1)]],
  ['GET /api/post/{2,000 slugs} (cache misses)', slugs.map((s) => apiPath.post(s))],
  ['GET /{2,000 slugs} pages (render misses)', slugs.map((s) => `/${s}`)],
];

const results = new Map(loads.map(([name]) => [name, { 1: [], 2: [] }]));
for (let round = 0; round < rounds; round++) {
  for (const workers of [1, 2]) {
    const app = await startAppServer({ port, databaseUrl, args: ['--workers', String(workers)] });
    try {
      for (const [name, paths] of loads) {
        await load(app.url, paths, { duration: 1 });
        const r = await load(app.url, paths, { duration });
        results.get(name)[workers].push(r.rps);
        console.log(
          `  round ${round + 1}, ${workers} worker(s): ${name}: ${fmt(r.rps)} req/s (${r.bad} bad)`,
        );
      }
    } finally {
      await stopChild(app.child);
    }
  }
}

console.log();
table(
  ['load', '1 worker req/s', '2 workers req/s', '2 / 1'],
  loads.map(([name]) => {
    const one = median(results.get(name)[1]);
    const two = median(results.get(name)[2]);
    recordBar({ bar: `2 workers / 1: ${name}`, figure: `×${(two / one).toFixed(2)}` });
    return [name, fmt(one), fmt(two), (two / one).toFixed(2)];
  }),
);
