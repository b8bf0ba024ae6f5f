// Two builds of the app on the same cached URLs, for a before/after of a change to the hot path:
// `node bench/compare-builds.js /path/to/other/checkout` (a git worktree of the previous commit,
// built, with node_modules linked). Each build's server is started twice, once first and once
// second (the server started second answered up to 20 % fewer requests here, whichever it was),
// and the two are loaded in alternating rounds. Prints, per URL, the median req/s and the
// server's own CPU time per answer of each; the CPU figure is the one to read on a shared host.
// Env: BENCH_LOAD_POSTS (10000), BENCH_ROUNDS (8 per start order), BENCH_DURATION (3 s),
// BENCH_PORT (3291; uses +20 and +21), BENCH_OTHER_DATABASE_URL (the other checkout's store, when
// its schema is older than this one's: a server refuses a store a newer version migrated). Not part
// of run-all.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { envInt } from './lib/env.js';
import { load } from './lib/load.js';
import { printMachine } from './lib/machine.js';
import { fmt, table } from './lib/print.js';
import { cpuMsOf, stopChild } from './lib/processes.js';
import { BENCH_DIR, ROOT } from './lib/paths.js';
import { apiPath, HEALTH_ROUTES, pagePath } from './lib/routes.js';
import { SERVER_NODE_FLAGS, waitForHttp } from './lib/servers.js';
import { median } from './lib/stats.js';
import { ensureSqliteStore } from './lib/stores.js';

const other = process.argv[2] && resolve(process.argv[2]);
if (!other) throw new Error('usage: node bench/compare-builds.js <other checkout, built>');
const posts = envInt('BENCH_LOAD_POSTS', 10_000);
const rounds = envInt('BENCH_ROUNDS', 8);
const duration = envInt('BENCH_DURATION', 3);
const port = envInt('BENCH_PORT', 3291) + 20;
const PATHS = [apiPath.posts(1), apiPath.postsCate(1, 2), pagePath.posts()];

printMachine(`Cached answers: ${other} (A) against ${ROOT} (B), ${fmt(posts)} posts`);
const databaseUrl = await ensureSqliteStore(posts);

/** `postfolio serve` of the checkout at `root`, with the benches' V8 flags. */
async function serve(root, at) {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, join(root, 'bin', 'postfolio.js'), 'serve'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(at),
        HOST: '127.0.0.1',
        DATABASE_URL:
          root === other ? (process.env.BENCH_OTHER_DATABASE_URL ?? databaseUrl) : databaseUrl,
        IMAGES_DIR: join(BENCH_DIR, 'images'),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: 'ignore',
    },
  );
  await waitForHttp(`http://127.0.0.1:${at}${HEALTH_ROUTES.live}`, 120_000, child);
  return { child, url: `http://127.0.0.1:${at}` };
}

const runs = new Map(
  PATHS.map((path) => [path, { A: { rps: [], cpu: [] }, B: { rps: [], cpu: [] } }]),
);
for (const first of ['A', 'B']) {
  const roots = first === 'A' ? [other, ROOT] : [ROOT, other];
  const started = [await serve(roots[0], port), await serve(roots[1], port + 1)];
  const servers =
    first === 'A' ? { A: started[0], B: started[1] } : { A: started[1], B: started[0] };
  try {
    for (const path of PATHS) {
      for (const server of Object.values(servers)) await load(server.url, [path], { duration: 1 });
      for (let r = 0; r < rounds; r++)
        for (const which of r % 2 ? ['B', 'A'] : ['A', 'B']) {
          const { child, url } = servers[which];
          const before = cpuMsOf(child.pid);
          const result = await load(url, [path], { duration });
          const got = runs.get(path)[which];
          got.rps.push(result.rps);
          got.cpu.push(((cpuMsOf(child.pid) - before) * 1000) / Math.max(1, result.served));
        }
    }
  } finally {
    for (const server of started) await stopChild(server.child);
  }
}

console.log();
table(
  ['URL', 'A req/s', 'B req/s', 'B / A', 'A CPU µs an answer', 'B CPU µs an answer', 'B / A'],
  PATHS.map((path) => {
    const { A, B } = runs.get(path);
    const [rpsA, rpsB, cpuA, cpuB] = [A.rps, B.rps, A.cpu, B.cpu].map(median);
    return [
      path,
      fmt(rpsA),
      fmt(rpsB),
      (rpsB / rpsA).toFixed(2),
      cpuA.toFixed(1),
      cpuB.toFixed(1),
      (cpuB / cpuA).toFixed(2),
    ];
  }),
);
