// Shared helpers for the benchmark scripts: machine info, child servers, stores, load runs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startScriptFlags } from '../../scripts/start-flags.js';
import { recordBar } from './results.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BENCH_DIR = join(ROOT, '.bench');
export const CLI = join(ROOT, 'bin', 'postfolio.js');
/**
 * Debian's Chromium, headless, without sandbox, GPU, QUIC or background traffic: the same
 * settings as the browser tests (`scripts/chromium.json`).
 */
const chromium = JSON.parse(readFileSync(join(ROOT, 'scripts', 'chromium.json'), 'utf8'));
export const CHROME_PATH = process.env.CHROME_PATH ?? chromium.path;
export const CHROMIUM_FLAGS = chromium.flags;
mkdirSync(BENCH_DIR, { recursive: true });

/** The V8 flags of `npm start`; BENCH_NODE_FLAGS (space-separated) replaces them. */
export const SERVER_NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS !== undefined
    ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean)
    : startScriptFlags(ROOT);

export function machine() {
  const list = cpus();
  return {
    cpu: list[0]?.model ?? 'unknown',
    cores: list.length,
    memoryGb: +(totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    date: new Date().toISOString(),
  };
}

/**
 * Milliseconds for a fixed CPU loop: the host's speed at the time of a run. These machines are
 * shared, and the same code measures slower when a neighbour is busy; this tells the two apart.
 */
export function hostSpeedMs() {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x = (x + i * 7) % 1000003;
  if (x < 0) throw new Error('unreachable: keeps the loop from being optimized away');
  return Math.round(performance.now() - started);
}

export function printMachine(title) {
  const m = machine();
  console.log(`\n=== ${title} ===`);
  console.log(
    `machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB RAM; node ${m.node}; ${m.date}; ` +
      `fixed CPU loop ${hostSpeedMs()} ms (lower is a faster host)`,
  );
  return m;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export const envInt = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs a command to completion, inheriting output unless quiet; rejects on a non-zero exit. */
export function run(cmd, args, { env = {}, quiet = false } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise(output)
        : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${output.slice(-2000)}`)),
    );
  });
}

/** The fake content folder of N posts under .bench/, written (not imported) if missing. */
export async function ensureFakeFolder(n) {
  const dir = join(BENCH_DIR, `fake-${n}`);
  if (!existsSync(join(dir, 'site.yaml')) || !existsSync(join(dir, 'posts', `fake-post-${n}.md`))) {
    console.log(`(writing ${n} fake posts to ${dir} …)`);
    await run(process.execPath, [CLI, 'seed', '--fake', String(n), '--out', dir, '--no-import'], {
      quiet: true,
    });
  }
  return dir;
}

/** A SQLite store holding N fake posts, cached as .bench/posts-N.db. */
export async function ensureSqliteStore(n) {
  const db = join(BENCH_DIR, `posts-${n}.db`);
  const { default: Database } = await import('better-sqlite3');
  if (existsSync(db)) {
    // A file of that name can hold something else (a server started on it imports the demo
    // content); a bench on the wrong store would report figures for the wrong size.
    const cached = new Database(db, { readonly: true });
    const held = cached.prepare('SELECT count(*) AS n FROM posts').get().n;
    cached.close();
    if (held === n) return db;
    console.log(`(${db} holds ${held} posts, not ${n}: importing again)`);
    for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  }
  const dir = await ensureFakeFolder(n);
  console.log(`(importing ${n} posts into ${db} …)`);
  const tmp = `${db}.tmp-${process.pid}`;
  await run(process.execPath, [CLI, 'import', dir, '--prune'], {
    env: { DATABASE_URL: tmp, IMAGES_DIR: join(BENCH_DIR, 'images') },
    quiet: true,
  });
  // Fold the WAL into the file so the cached store is one self-contained file.
  const sqlite = new Database(tmp);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.pragma('journal_mode = DELETE');
  sqlite.close();
  const { renameSync } = await import('node:fs');
  renameSync(tmp, db);
  return db;
}

export async function waitForHttp(url, timeoutMs = 60_000, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** Starts `postfolio serve` as a child process; resolves once /healthz answers. */
export async function startAppServer({
  port,
  databaseUrl,
  extraEnv = {},
  nodeArgs = SERVER_NODE_FLAGS,
  args = [],
}) {
  const child = spawn(process.execPath, [...nodeArgs, CLI, 'serve', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      IMAGES_DIR: join(BENCH_DIR, 'images'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-4000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-4000)));
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, 180_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${log}`);
  }
  return { child, port, url: `http://127.0.0.1:${port}`, log: () => log };
}

/**
 * Starts the bare node:http baseline as a child process. `routes` maps a request path to
 * {body, contentType}; an unknown path gets the first route's body.
 */
export async function startBareServer(port, routes) {
  const child = spawn(process.execPath, [join(ROOT, 'bench', 'lib', 'bare-server.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  child.stdin.end(JSON.stringify(routes));
  await waitForHttp(`http://127.0.0.1:${port}/__ready`, 20_000, child);
  return { child, port, url: `http://127.0.0.1:${port}` };
}

export async function stopChild(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Peak and current resident memory of a live process, in MB (Linux /proc). */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { hwmMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  } catch {
    return { hwmMb: NaN, rssMb: NaN };
  }
}

/** CPU time (user + system) a process has used so far, in ms; NaN when /proc cannot tell. */
export function cpuMsOf(pid) {
  try {
    // Fields after the command name; utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
  } catch {
    return NaN;
  }
}
/** Linux's USER_HZ, which /proc/PID/stat counts in: 100 on every mainstream build. */
const CLOCK_TICKS = 100;

/** What every throughput bench reads from the environment; `portOffset` keeps benches apart. */
export function throughputSettings(portOffset) {
  return {
    // The issue's scale: its throughput and memory bars are set at 100,000 posts.
    posts: envInt('BENCH_POSTS', 100_000),
    rounds: envInt('BENCH_ROUNDS', 5),
    duration: envInt('BENCH_DURATION', 3),
    connections: envInt('BENCH_CONNECTIONS', 50),
    port: envInt('BENCH_PORT', 3291) + portOffset,
  };
}

/** The method line printed above an app-vs-bare comparison. */
export function printComparisonMethod({ rounds, duration, connections }) {
  console.log(
    `method: ${rounds} alternating rounds × ${duration} s per side, ${connections} connections, pipelining 1; ratio = median of per-round app/bare`,
  );
}

/** One autocannon run; `paths` are cycled round-robin by every connection. */
export async function load(baseUrl, paths, { duration = 5, connections = 50, headers } = {}) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    pipelining: 1,
    duration,
    headers,
    // A short list is cycled in order by every connection; a long one (cache-defeating rows)
    // is walked by each connection from its own random start, so connections do not request
    // the same path one after another and turn every miss into 49 hits.
    requests:
      paths.length <= connections
        ? paths.map((path) => ({ method: 'GET', path }))
        : [
            {
              method: 'GET',
              setupRequest: (req, context) => {
                context.i = (context.i ?? Math.floor(Math.random() * paths.length)) + 1;
                return { ...req, path: paths[context.i % paths.length] };
              },
            },
          ],
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad,
  };
}

export const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : String(n);

/** A fixed-width text table. */
export function table(header, rows, { leftAligned = false } = {}) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => (i === 0 || leftAligned ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ');
  console.log(line(all[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of all.slice(1)) console.log(line(r));
}

/**
 * Alternates bare and app runs for each case and prints req/s, latency and app/bare ratios.
 * cases: [{name, paths, target, bareRoutes}] ; returns rows for further use. `scope` (e.g.
 * "100,000 posts") names the store in the bars recorded for `npm run bench`'s summary.
 */
export async function compareThroughput({
  scope,
  app,
  bare,
  cases,
  rounds,
  duration,
  connections,
  headers,
}) {
  const rows = [];
  for (const c of cases) {
    const runs = { bare: [], app: [] };
    const ratios = [];
    // Short warm-up of both (JIT, caches), not measured.
    await load(bare.url, c.paths, { duration: 1, connections, headers });
    await load(app.url, c.paths, { duration: 1, connections, headers });
    for (let r = 0; r < rounds; r++) {
      // Alternate which one goes first, so drift in machine load hits both equally.
      const order = r % 2 === 0 ? ['bare', 'app'] : ['app', 'bare'];
      const got = {};
      for (const which of order) {
        const server = which === 'bare' ? bare : app;
        const cpuBefore = cpuMsOf(server.child.pid);
        got[which] = await load(server.url, c.paths, { duration, connections, headers });
        // The server's own CPU per answer: steadier than req/s on a shared host, because time
        // the load generator or a neighbour takes from the server's core does not count.
        got[which].cpuUs = ((cpuMsOf(server.child.pid) - cpuBefore) * 1000) / got[which].total;
        runs[which].push(got[which]);
      }
      ratios.push(got.app.rps / got.bare.rps);
      if (got.app.bad) console.log(`  ! ${c.name}: ${got.app.bad} non-2xx/errors from the app`);
    }
    const pick = (which, key) => median(runs[which].map((x) => x[key]));
    const ratio = median(ratios);
    rows.push({
      name: c.name,
      appRps: pick('app', 'rps'),
      bareRps: pick('bare', 'rps'),
      appP50: pick('app', 'p50'),
      appP99: pick('app', 'p99'),
      bareP50: pick('bare', 'p50'),
      bareP99: pick('bare', 'p99'),
      ratio,
      ratios,
      appCpuUs: pick('app', 'cpuUs'),
      bareCpuUs: pick('bare', 'cpuUs'),
      target: c.target,
      bytes: c.bytes,
      pass: c.target == null || ratio >= c.target,
    });
    const last = rows.at(-1);
    const perRound = ratios.map((x) => x.toFixed(2)).join(', ');
    console.log(
      `  ${c.name}: app ${fmt(last.appRps)} req/s vs bare ${fmt(last.bareRps)} → ${last.ratio.toFixed(2)} (rounds ${perRound})`,
    );
    if (c.target != null)
      recordBar({
        bar: `${c.name}${scope ? ` (${scope})` : ''}: app/bare req/s`,
        figure: `${last.ratio.toFixed(2)} (rounds ${perRound})`,
        target: `≥ ${c.target}`,
        pass: last.pass,
      });
  }
  console.log('');
  table(
    [
      'endpoint',
      'body B',
      'app req/s',
      'app p50/p99 ms',
      'bare req/s',
      'bare p50/p99 ms',
      'CPU µs/req app/bare',
      'app/bare',
      'target',
      '',
    ],
    rows.map((r) => [
      r.name,
      fmt(r.bytes),
      fmt(r.appRps),
      `${r.appP50}/${r.appP99}`,
      fmt(r.bareRps),
      `${r.bareP50}/${r.bareP99}`,
      `${r.appCpuUs.toFixed(0)}/${r.bareCpuUs.toFixed(0)}`,
      r.ratio.toFixed(2),
      r.target == null ? '(info)' : `≥ ${r.target}`,
      r.target == null ? '' : r.pass ? 'PASS' : 'MISS',
    ]),
  );
  return rows;
}
