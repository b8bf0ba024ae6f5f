// This build against the build before it on the same cached URLs, in the same run: issue 35's bar
// that cached answers stay within noise of the build before the analytics. The build before (A)
// is BENCH_BEFORE, a git ref (default: the parent of the first commit of src/server/analytics;
// `self`: this build against itself, which measures the noise), unpacked under .bench/, given
// node_modules and built by lib/build-before.js, and kept by commit for the next run; it imports
// the same fake posts into a store of its own (a server refuses a store a newer version migrated)
// and runs with the V8 flags of its own `npm start`. `node bench/compare-builds.js <checkout>`
// compares with a checkout built by hand instead (BENCH_OTHER_DATABASE_URL: its store).
// Both servers are started BENCH_STARTS times, A first and B first in turn: where a process
// lands moved its CPU an answer by up to 1.5× for the whole of its life here, so one start of
// each is not enough. In every round of a start both are loaded at the same time, each by its own
// `wrk -t1 -c50`, so that both see the same host (loaded in turn, this build against itself
// spread 0.88–1.39 on the shared 2-core host). Requests carry a browser's user agent and
// the Sec-Fetch-Site of the site's own page, so that this build counts every answer as a page
// view. Prints, per URL, each build's answer size, median req/s and the server's own CPU time per
// answer; the CPU figure is the one to read on a shared host, and the bar is on it: the build
// before's CPU an answer over this one's: with each server on a core of its own, the geometric
// mean of the two core pairings' median ratios (the cores' speeds cancel out), else the median of
// the rounds' ratios; each start's median is printed too.
// That is BENCH_METHOD=cpu. BENCH_METHOD=instructions (the default where valgrind runs) counts
// instructions an answer under callgrind instead (lib/instruction-compare.js), where this build
// against itself gave 0.98–1.02, and also counts B with ANALYTICS=off and a bare server.
// Env: BENCH_METHOD, BENCH_INSTR_* (lib/instruction-compare.js), BENCH_BEFORE, BENCH_LOAD_POSTS
// (10000), BENCH_STARTS (4), BENCH_ROUNDS (3 a start), BENCH_DURATION (3 s), BENCH_PORT (3291;
// uses +20 and +21, instructions +22 to +25), BENCH_OTHER_DATABASE_URL,
// BENCH_BEFORE_ENV (NAME=value pairs for A's server only), BENCH_NODE_FLAGS (both builds' flags;
// default each its own `npm start`'s), BENCH_PIN (0: no core of its own for each server and wrk).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { startScriptFlags } from '../scripts/start-flags.js';
import { buildBefore, ensureBuildBefore, thisCheckout } from './lib/build-before.js';
import { envInt } from './lib/env.js';
import { compareByInstructions } from './lib/instruction-compare.js';
import { valgrindAvailable } from './lib/instruction-count.js';
import { printMachine } from './lib/machine.js';
import { BENCH_DIR, ROOT } from './lib/paths.js';
import { fmt, table } from './lib/print.js';
import { cpuMsOf, stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, HEALTH_ROUTES, pagePath } from './lib/routes.js';
import { waitForHttp } from './lib/servers.js';
import { median } from './lib/stats.js';
import { ensureSqliteStore } from './lib/stores.js';
import { COUNTED_VIEW_HEADERS } from './lib/visitor.js';
import { pinned, wrk } from './lib/wrk.js';

const posts = envInt('BENCH_LOAD_POSTS', 10_000);
const starts = envInt('BENCH_STARTS', 4);
const rounds = envInt('BENCH_ROUNDS', 3);
const duration = envInt('BENCH_DURATION', 3);
const pin = process.env.BENCH_PIN !== '0' && availableParallelism() >= 2;
const port = envInt('BENCH_PORT', 3291) + 20;
const PATHS = [apiPath.posts(1), apiPath.postsCate(1, 2), pagePath.posts()];
/**
 * The bar: the build before's CPU an answer over this build's, at least this. This build against
 * itself gave medians of 0.95–1.12 at load 6–15 on the shared 2-core host (performance.md).
 */
const FLOOR = 0.9;
/** `instructions` (callgrind, instruction-compare.js) wherever valgrind runs, else `cpu` (wrk). */
const METHOD = process.env.BENCH_METHOD ?? (valgrindAvailable() ? 'instructions' : 'cpu');
if (!['instructions', 'cpu'].includes(METHOD))
  throw new Error(`compare-builds: BENCH_METHOD=${METHOD}: instructions or cpu`);

printMachine(`Cached answers: the build before (A) against this build (B), ${fmt(posts)} posts`);
const databaseUrl = await ensureSqliteStore(posts);
const A = await buildA();
console.log(`A: ${A.label} (${A.why})\nB: this checkout, ${thisCheckout()}`);
if (METHOD !== 'instructions')
  console.log(
    `method: wrk -t1 -c50 -d${duration}s; ${starts} starts of both servers (A first, then B first, …), ${rounds} rounds each, A and B loaded at the same time${pin ? ', each server with its wrk on a core of its own (taskset; the cores swapped halfway)' : ''}; CPU = each server's own time per answer`,
  );

/** The build before: where it is, its store and images, and how it was chosen. */
async function buildA() {
  if (process.argv[2]) {
    const root = resolve(process.argv[2]);
    return {
      root,
      label: root,
      short: root,
      why: 'a checkout named on the command line',
      databaseUrl: process.env.BENCH_OTHER_DATABASE_URL ?? databaseUrl,
      imagesDir: join(BENCH_DIR, 'images'),
    };
  }
  const before = buildBefore();
  if (before.self)
    return {
      root: ROOT,
      label: 'this build',
      short: 'self',
      why: before.why,
      databaseUrl,
      imagesDir: join(BENCH_DIR, 'images'),
    };
  const root = await ensureBuildBefore(before);
  return {
    root,
    label: `${before.short} "${before.subject}"`,
    short: before.short,
    why: before.why,
    databaseUrl: process.env.BENCH_OTHER_DATABASE_URL ?? (await ensureSqliteStore(posts, { root })),
    imagesDir: join(root, '.bench', 'images'),
  };
}

const flagsOf = (root) =>
  process.env.BENCH_NODE_FLAGS !== undefined
    ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean)
    : startScriptFlags(root);
const B = { root: ROOT, databaseUrl, imagesDir: join(BENCH_DIR, 'images'), env: {} };
// BENCH_BEFORE_ENV: NAME=value pairs for A's server alone (BENCH_BEFORE=self
// BENCH_BEFORE_ENV=ANALYTICS=off: what counting costs, by the same method).
A.env = Object.fromEntries(
  (process.env.BENCH_BEFORE_ENV ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
if (Object.keys(A.env).length) console.log(`A's server also has ${process.env.BENCH_BEFORE_ENV}`);
if (flagsOf(A.root).join(' ') !== flagsOf(B.root).join(' '))
  console.log(`node flags: A ${flagsOf(A.root).join(' ')}; B ${flagsOf(B.root).join(' ')}`);

/** How to start `postfolio serve` of a build on port `at`, with its own `npm start` flags. */
function serverSpec(build, at, extraEnv = {}) {
  return {
    command: process.execPath,
    args: [...flagsOf(build.root), join(build.root, 'bin', 'postfolio.js'), 'serve'],
    cwd: build.root,
    env: {
      ...process.env,
      PORT: String(at),
      HOST: '127.0.0.1',
      DATABASE_URL: build.databaseUrl,
      IMAGES_DIR: build.imagesDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ANALYTICS: 'on',
      ...build.env,
      ...extraEnv,
    },
  };
}

/** `postfolio serve` of a build, pinned to core `cpu` when given. */
async function serve(build, at, cpu) {
  const { command, args, cwd, env } = serverSpec(build, at);
  const child = spawn(...pinned(cpu, command, args), {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d) => (log = (log + d).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitForHttp(`http://127.0.0.1:${at}${HEALTH_ROUTES.live}`, 120_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${build.root}: ${error.message}\n${log}`);
  }
  return { child, url: `http://127.0.0.1:${at}`, cpu };
}

if (METHOD === 'instructions')
  await compareByInstructions({
    A,
    B,
    paths: PATHS,
    port: port + 2,
    floor: FLOOR,
    serverSpec,
    bareArgs: flagsOf(B.root),
  });
else await compareCpuTime();

/** The CPU-time method: both servers under wrk at once, each start's rounds, the table. */
async function compareCpuTime() {
  const runs = new Map(
    PATHS.map((path) => [
      path,
      {
        A: { rps: [], cpu: [] },
        B: { rps: [], cpu: [] },
        cpuRatios: [],
        byStart: [],
        byCores: [[], []],
        bytes: {},
      },
    ]),
  );
  for (let start = 0; start < starts; start++) {
    const first = start % 2 ? 'B' : 'A';
    const [one, two] = first === 'A' ? [A, B] : [B, A];
    // Each server and its wrk share a core of their own, A's the first core in two starts out of
    // four and the second in the others (pins.A, pins.B). Unpinned, whichever process the scheduler
    // favoured ran smaller batches at more CPU an answer for the whole of its life (per start
    // ratios 0.36-1.01 on an idle host).
    const pins = pin ? (Math.floor(start / 2) % 2 ? { A: 1, B: 0 } : { A: 0, B: 1 }) : {};
    const pinOf = (build) => (build === A ? pins.A : pins.B);
    const started = [await serve(one, port, pinOf(one)), await serve(two, port + 1, pinOf(two))];
    const servers =
      first === 'A' ? { A: started[0], B: started[1] } : { A: started[1], B: started[0] };
    try {
      for (const path of PATHS) {
        const got = runs.get(path);
        for (const [which, server] of Object.entries(servers)) {
          const res = await fetch(`${server.url}${path}`, { headers: COUNTED_VIEW_HEADERS });
          got.bytes[which] = (await res.arrayBuffer()).byteLength;
          await wrk(`${server.url}${path}`, { duration: 1, headers: COUNTED_VIEW_HEADERS });
        }
        for (let r = 0; r < rounds; r++) {
          const cpu = {};
          const measure = async (which) => {
            const { child, url, cpu: core } = servers[which];
            const before = cpuMsOf(child.pid);
            const result = await wrk(`${url}${path}`, {
              duration,
              headers: COUNTED_VIEW_HEADERS,
              cpu: core,
            });
            if (result.bad) console.log(`  ! ${result.bad} failed answers from ${which} ${path}`);
            cpu[which] = ((cpuMsOf(child.pid) - before) * 1000) / Math.max(1, result.served);
            got[which].rps.push(result.rps);
            got[which].cpu.push(cpu[which]);
          };
          await Promise.all([measure('A'), measure('B')]);
          got.cpuRatios.push(cpu.A / cpu.B);
          (got.byStart[start] ??= []).push(cpu.A / cpu.B);
          got.byCores[pins.A === 1 ? 1 : 0].push(cpu.A / cpu.B);
        }
      }
    } finally {
      for (const server of started) await stopChild(server.child);
    }
  }

  console.log();
  const rows = PATHS.map((path) => {
    const { A: a, B: b, cpuRatios, byStart, byCores, bytes } = runs.get(path);
    const [rpsA, rpsB, cpuA, cpuB] = [a.rps, b.rps, a.cpu, b.cpu].map(median);
    // Pinned, the two cores ran at speeds that differed nearly 2× for a whole run here: A's core
    // over B's multiplies one assignment's ratios and divides the other's, so their geometric mean
    // is the ratio of the builds alone.
    const ratio =
      byCores[0].length && byCores[1].length
        ? Math.sqrt(median(byCores[0]) * median(byCores[1]))
        : median(cpuRatios);
    const perStart = byStart.map((ratios) => median(ratios).toFixed(2)).join(', ');
    return { path, rpsA, rpsB, cpuA, cpuB, ratio, cpuRatios, perStart, bytes };
  });
  table(
    [
      'URL',
      'A bytes',
      'B bytes',
      'A req/s',
      'B req/s',
      'B / A',
      'A CPU µs an answer',
      'B CPU µs an answer',
      'A / B (each core pairing: geometric mean of its medians)',
      'A / B each start',
    ],
    rows.map((r) => [
      r.path,
      fmt(r.bytes.A),
      fmt(r.bytes.B),
      fmt(r.rpsA),
      fmt(r.rpsB),
      (r.rpsB / r.rpsA).toFixed(2),
      r.cpuA.toFixed(1),
      r.cpuB.toFixed(1),
      `${r.ratio.toFixed(2)} (rounds ${Math.min(...r.cpuRatios).toFixed(2)}–${Math.max(...r.cpuRatios).toFixed(2)})`,
      r.perStart,
    ]),
  );
  for (const r of rows) {
    recordBar({
      bar: `cached ${r.path}: server CPU an answer, the build before (${A.short}) over this build, per round (range ${Math.min(...r.cpuRatios).toFixed(2)}–${Math.max(...r.cpuRatios).toFixed(2)})`,
      figure: `${r.ratio.toFixed(2)} (${r.cpuA.toFixed(1)} → ${r.cpuB.toFixed(1)} µs; ${fmt(r.bytes.A)} → ${fmt(r.bytes.B)} bytes)`,
      target: `≥ ${FLOOR.toFixed(2)} (within noise)`,
      pass: r.ratio >= FLOOR,
    });
    recordBar({
      bar: `cached ${r.path}: req/s, this build over the build before (${A.short})`,
      figure: `${(r.rpsB / r.rpsA).toFixed(2)} (${fmt(r.rpsA)} → ${fmt(r.rpsB)})`,
    });
  }
}
