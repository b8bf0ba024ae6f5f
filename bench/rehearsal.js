// A three-instance rehearsal (issue 36): three `serve` instances on one PostgreSQL database,
// behind nginx configured by deploy/nginx-https.conf as shipped (local ports, a self-signed
// certificate: bench/lib/proxy-sites.js, as the deploy tests do), under a steady keep-alive load
// through nginx over HTTPS the whole time, while the bench
//   1. imports a changed folder (one post retitled) with `postfolio import` and asks each
//      instance directly for that post until it shows the new title;
//   2. restarts the instances one at a time: SIGTERM (the drain), the same port started again,
//      /readyz answering 200, then the next;
//   3. cuts the database for BENCH_REHEARSAL_OUTAGE_SECONDS (10) through a TCP proxy between the
//      instances and PostgreSQL (as a network outage; the shared cluster stays up), then restores
//      it and waits until every instance is ready again;
//   4. spends the employer check's limit (10 a minute a client) through nginx, which hands the
//      attempts round the instances, then asks each instance directly once more.
// Bars: no failed request (reset, timeout, 5xx other than a 503 with Retry-After, any other
// status); every instance showing the import within 2 s of its end; the 11th attempt refused
// (429) through nginx and on each instance. Exits 1 when one is missed.
// Env: BENCH_REHEARSAL_POSTS (1000), BENCH_REHEARSAL_CONNECTIONS (30),
// BENCH_REHEARSAL_OUTAGE_SECONDS (10), BENCH_PG_ADMIN_URL
// (postgres://postgres@127.0.0.1:5432/postgres), BENCH_PORT (3291; uses +40 to +43).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { envInt } from './lib/env.js';
import { keepAliveLoad } from './lib/keepalive-load.js';
import { printMachine } from './lib/machine.js';
import { BENCH_DIR, CLI } from './lib/paths.js';
import { fmt, table } from './lib/print.js';
import { run, stopChild } from './lib/processes.js';
import {
  nginxHttpsSite,
  nginxMain,
  nginxTest,
  selfSignedCertificate,
  startNginx,
  tempDir,
} from './lib/proxy-sites.js';
import { recordBar } from './lib/results.js';
import { apiPath, HEALTH_ROUTES, pagePath, searchPath } from './lib/routes.js';
import { startAppServer } from './lib/servers.js';
import { percentile } from './lib/stats.js';
import { ensureFakeFolder, newPostgresDatabase, PG_ADMIN_URL } from './lib/stores.js';
import { TcpProxy } from './lib/tcp-proxy.js';

const posts = envInt('BENCH_REHEARSAL_POSTS', 1000);
const connections = envInt('BENCH_REHEARSAL_CONNECTIONS', 30);
const outageSeconds = envInt('BENCH_REHEARSAL_OUTAGE_SECONDS', 10);
const basePort = envInt('BENCH_PORT', 3291) + 40;
const INSTANCES = 3;
/** The bar of issue 36: every instance shows an import within this of its end. */
const IMPORT_VISIBLE_MS = 2000;
/** The employer check's limit a client a minute (src/server/http, decision 018). */
const EMPLOYER_CHECKS = 10;
const RETITLED = 'fake-post-7';
const HOST = 'example.com';

const host = printMachine(
  `Three-instance rehearsal: ${INSTANCES} instances, one PostgreSQL database, nginx, ` +
    `${connections} keep-alive clients (${fmt(posts)} posts)`,
);
const load1 = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`load average at start: ${load1()}`);

/** The request mix: cached pages, API lists and post views, searches; some no cache holds. */
const WORDS = ['layout', 'accessibility', 'plan', 'strict', 'font'];
const nextPath = (i) => {
  const n = (i % 40) + 1;
  switch (i % 10) {
    case 0:
      return pagePath.posts();
    case 1:
      return '/';
    case 2:
      return pagePath.post(`fake-post-${n}`);
    case 3:
      return apiPath.posts((i % 5) + 1);
    case 4:
      return apiPath.post(`fake-post-${n}`);
    case 5:
      return searchPath(WORDS[i % WORDS.length]);
    case 6:
      return `/posts/${WORDS[(i >> 1) % WORDS.length]}`;
    case 7:
      // A search no cache holds: the instance asks the database each time.
      return searchPath(`${WORDS[i % WORDS.length]} ${i}`);
    case 8:
      return `${apiPath.post(`fake-post-${(i % posts) + 1}`)}?v=${i}`;
    default:
      return `${apiPath.posts((i % 20) + 1)}&v=${i}`;
  }
};

/** A request through nginx over HTTPS (its test certificate accepted): {status, headers, body}. */
function viaProxy(port, path, { method = 'GET', body } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { host: HOST };
    if (body) headers['content-type'] = 'application/json';
    const req = request(
      `https://127.0.0.1:${port}${path}`,
      { method, headers, rejectUnauthorized: false, servername: HOST, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** A POST of JSON straight to an instance: {status, headers}. */
async function postTo(port, path, body) {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await answer.arrayBuffer();
  return { status: answer.status, headers: { 'retry-after': answer.headers.get('retry-after') } };
}

/** Attempts refused with 503 + Retry-After (shed under load) and made again, as a client would. */
let attemptsShed = 0;

/** The status of an attempt `send` makes, made again after each 503 with Retry-After (≤ 5). */
async function attempt(send) {
  for (let tries = 1; ; tries++) {
    const { status, headers } = await send();
    const retryAfter = Number(headers['retry-after']);
    if (status !== 503 || !retryAfter || tries === 5) return status;
    attemptsShed += 1;
    await sleep(retryAfter * 1000);
  }
}

/** Resolves with the time `check` first held, polled every `everyMs`; rejects after `withinMs`. */
async function firstTime(check, withinMs, everyMs = 20) {
  const deadline = performance.now() + withinMs;
  for (;;) {
    try {
      if (await check()) return performance.now();
    } catch {
      /* not answering yet */
    }
    if (performance.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await sleep(everyMs);
  }
}

const ready = (port) => async () =>
  (await fetch(`http://127.0.0.1:${port}${HEALTH_ROUTES.ready}`)).status === 200;

/** The counts of the load so far, to tell one phase's from another's. */
function snapshot(summary) {
  return {
    at: performance.now(),
    answered: summary.answered,
    dropped: summary.dropped,
    timedOut: summary.timedOut,
    refused: summary.refused,
    retryAfter: summary.retryAfter,
    retryAfterSeconds: { ...summary.retryAfterSeconds },
    statuses: { ...summary.statuses },
    latencies: summary.latenciesMs.length,
    details: summary.droppedDetails.length,
  };
}

/** What the load met between two snapshots (`to` absent: now). */
function phase(name, summary, from, to = snapshot(summary)) {
  const statuses = {};
  for (const [status, count] of Object.entries(to.statuses)) {
    const n = count - (from.statuses[status] ?? 0);
    if (n) statuses[status] = n;
  }
  const s503 = statuses[503] ?? 0;
  const retryAfter = to.retryAfter - from.retryAfter;
  const saying = Object.entries(to.retryAfterSeconds)
    .map(([seconds, n]) => [seconds, n - (from.retryAfterSeconds[seconds] ?? 0)])
    .filter(([, n]) => n > 0)
    .map(([seconds, n]) => `${fmt(n)} × ${seconds} s`)
    .join(', ');
  const other = Object.entries(statuses)
    .filter(([status]) => !['200', '304', '503'].includes(status))
    .reduce((sum, [, n]) => sum + n, 0);
  const dropped = to.dropped - from.dropped;
  const timedOut = to.timedOut - from.timedOut;
  const latencies = summary.latenciesMs.slice(from.latencies, to.latencies);
  return {
    name,
    seconds: (to.at - from.at) / 1000,
    answered: to.answered - from.answered,
    statuses,
    ok: (statuses[200] ?? 0) + (statuses[304] ?? 0),
    retryAfter,
    saying,
    without: s503 - retryAfter,
    other,
    dropped,
    timedOut,
    failed: dropped + timedOut + other + (s503 - retryAfter),
    p99: latencies.length ? percentile(latencies, 99) : NaN,
    max: latencies.reduce((a, b) => Math.max(a, b), 0),
    load: loadavg()[0],
  };
}

// ---- the store, the folder, the instances, the proxy ----
const admin = new URL(PG_ADMIN_URL);
const postgres = new TcpProxy(admin.hostname, Number(admin.port || 5432));
/** The rehearsal's database (newPostgresDatabase), and its address through the TCP proxy. */
let store;
let proxiedUrl;
const folder = mkdtempSync(join(tmpdir(), 'pf-rehearsal-'));
// Images of its own: an import removes the files its content does not name, which would take the
// demo's away from a bench sharing .bench/images.
const imagesDir = join(BENCH_DIR, 'rehearsal-images');
const instancePorts = Array.from({ length: INSTANCES }, (_, i) => basePort + i);
const proxyPort = basePort + INSTANCES;
const instances = [];
let nginx;
let load;
let work;

const instanceEnv = {
  CONTENT_DIR: folder,
  // nginx's X-Forwarded-For (the client's address) is believed from nginx alone.
  TRUST_PROXY: '127.0.0.1',
  EMPLOYER_EMAIL: 'hiring@example.com',
  CONTACT_ENABLED: 'true',
};
/** The errors each instance logged (level 50), by port: the first few, printed on a failure. */
const errorsLogged = new Map();
async function startInstance(port) {
  const instance = await startAppServer({
    port,
    databaseUrl: proxiedUrl.toString(),
    extraEnv: instanceEnv,
  });
  const errors = errorsLogged.get(port) ?? [];
  errorsLogged.set(port, errors);
  let rest = '';
  instance.child.stdout.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines)
      if (line.includes('"level":50') && errors.length < 3) errors.push(line.slice(0, 3000));
  });
  return instance;
}

const bars = [];
function bar(text, figure, target, pass) {
  bars.push({ text, figure, target, pass });
  recordBar({ bar: `Rehearsal: ${text}`, figure, target, pass });
}

try {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status !== 0)
    throw new Error('nginx is not installed (Debian: apt-get install nginx-light)');
  cpSync(await ensureFakeFolder(posts), folder, { recursive: true });
  store = await newPostgresDatabase('postfolio_rehearsal');
  await postgres.start();
  proxiedUrl = new URL(store.url);
  proxiedUrl.port = String(postgres.port);
  console.log(`(importing ${fmt(posts)} posts into ${store.name} …)`);
  await run(process.execPath, [CLI, 'import', folder], {
    env: { DATABASE_URL: store.url, IMAGES_DIR: imagesDir },
    quiet: true,
  });
  for (const port of instancePorts) instances.push(await startInstance(port));
  for (const port of instancePorts) await firstTime(ready(port), 30_000);

  work = tempDir();
  const tls = selfSignedCertificate(work);
  const main = nginxMain(work, [
    nginxHttpsSite(work, { https: proxyPort, upstreams: instancePorts }, tls),
  ]);
  const test = nginxTest(work, main);
  if (!test.ok) throw new Error(`nginx -t failed:\n${test.output}`);
  nginx = startNginx(work, main, proxyPort);
  await firstTime(
    async () => (await viaProxy(proxyPort, HEALTH_ROUTES.live)).status === 200,
    15_000,
  );

  load = keepAliveLoad({
    port: proxyPort,
    tls: true,
    hostHeader: HOST,
    paths: [],
    nextPath,
    connections,
    timeoutMs: 15_000,
  });
  const { summary } = load;
  const phases = [];
  const mark = () => snapshot(summary);
  const started = mark();

  // Steady load first: the caches fill, and the figures of a quiet minute are the baseline.
  let from = mark();
  await sleep(10_000);
  phases.push(phase('steady (10 s)', summary, from));

  // 1. An import of the folder with one post retitled, by the CLI beside the instances.
  from = mark();
  const marker = `Rehearsal ${Date.now()}`;
  const file = join(folder, 'posts', `${RETITLED}.md`);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${marker}`));
  let importEnded = Infinity;
  const importStarted = performance.now();
  const seen = instancePorts.map((port) =>
    firstTime(async () => {
      const answer = await fetch(`http://127.0.0.1:${port}${apiPath.post(RETITLED)}`);
      return (await answer.text()).includes(marker);
    }, 60_000).catch(() => Infinity),
  );
  await run(process.execPath, [CLI, 'import', folder], {
    env: { DATABASE_URL: store.url, IMAGES_DIR: imagesDir },
    quiet: true,
  });
  importEnded = performance.now();
  const visible = (await Promise.all(seen)).map((at) => at - importEnded);
  const viaNginx = await viaProxy(proxyPort, apiPath.post(RETITLED));
  await sleep(2000);
  phases.push(phase('import', summary, from));

  // 2. A rolling restart: each instance stopped (its drain), started again, ready, then the next.
  from = mark();
  const restarts = [];
  for (let i = 0; i < INSTANCES; i++) {
    const port = instancePorts[i];
    const t = performance.now();
    await stopChild(instances[i].child);
    const stopped = performance.now();
    instances[i] = await startInstance(port);
    const listening = performance.now();
    const readyAt = await firstTime(ready(port), 30_000);
    restarts.push({
      port,
      drainMs: stopped - t,
      startMs: listening - stopped,
      gapMs: readyAt - t,
      exit: instances[i].child.exitCode,
    });
    await sleep(2000);
  }
  phases.push(phase('rolling restart', summary, from));

  // 3. The database away for outageSeconds: every connection to it cut, new ones refused.
  from = mark();
  await postgres.cut();
  const cutAt = performance.now();
  const readyDuring = [];
  while (performance.now() - cutAt < outageSeconds * 1000) {
    await sleep(1000);
    const states = await Promise.all(instancePorts.map((port) => ready(port)().catch(() => false)));
    readyDuring.push(states.filter(Boolean).length);
  }
  const outage = phase(`database away (${outageSeconds} s)`, summary, from);
  phases.push(outage);
  from = mark();
  await postgres.start();
  const restoredAt = performance.now();
  const backAt = await Promise.all(instancePorts.map((port) => firstTime(ready(port), 60_000)));
  const recoveryMs = backAt.map((at) => at - restoredAt);
  await sleep(5000);
  phases.push(phase('database back (until ready, then 5 s)', summary, from));

  // 4. The employer check's limit, spent through nginx (round the instances), then on each.
  from = mark();
  const check = { email: 'guess@example.com' };
  const throughNginx = [];
  for (let n = 0; n <= EMPLOYER_CHECKS; n++)
    throughNginx.push(
      await attempt(() =>
        viaProxy(proxyPort, apiPath.employerCheck(), { method: 'POST', body: check }),
      ),
    );
  const direct = [];
  for (const port of instancePorts)
    direct.push(await attempt(() => postTo(port, apiPath.employerCheck(), check)));
  await sleep(2000);
  phases.push(phase('rate limit', summary, from));

  await load.stop();
  load = undefined;
  const total = phase('whole run', summary, started);
  const nginxErrors = countUpstreamErrors(work);

  // ---- figures ----
  console.log('\nRequests through nginx, by phase');
  table(
    [
      'phase',
      'seconds',
      'answers',
      '200/304',
      '503 + Retry-After',
      '503 without',
      'other',
      'reset',
      'timed out',
      'p99 / max ms',
      'load',
    ],
    [...phases, total].map((p) => [
      p.name,
      fmt(p.seconds, 1),
      fmt(p.answered),
      fmt(p.ok),
      p.saying ? `${fmt(p.retryAfter)} (${p.saying})` : fmt(p.retryAfter),
      fmt(p.without),
      p.other ? `${fmt(p.other)} (${otherStatuses(p.statuses)})` : '0',
      fmt(p.dropped),
      fmt(p.timedOut),
      `${fmt(p.p99)} / ${fmt(p.max)}`,
      fmt(p.load, 2),
    ]),
  );
  console.log(
    `statuses over the run: ${Object.entries(total.statuses)
      .map(([s, n]) => `${s} × ${fmt(n)}`)
      .join(', ')}; new connections refused by nginx: ${summary.refused}; ` +
      `kept-alive connections closed before a request was written (sent again on a new one): ${summary.reconnects}`,
  );
  for (const [status, paths] of Object.entries(summary.errorPaths))
    console.log(`answered ${status}, e.g.: ${paths.join(', ')}`);
  if (total.other)
    for (const instance of instances) {
      const errors = instance
        .log()
        .split('\n')
        .filter((line) => line.includes('"level":50'));
      if (errors.length) console.log(`127.0.0.1:${instance.port} logged: ${errors.at(-1)}`);
    }
  if (summary.droppedDetails.length)
    console.log(`failed, e.g.: ${summary.droppedDetails.slice(0, 5).join('; ')}`);
  console.log(
    `nginx's error log: ${nginxErrors.refused} connections to an instance refused, ` +
      `${nginxErrors.other} other upstream errors (each retried on the next instance)`,
  );

  console.log(
    `\nImport of the changed folder (${RETITLED} retitled): ${fmt((importEnded - importStarted) / 1000, 2)} s`,
  );
  table(
    ['instance', 'shows the new title, ms after the import exited'],
    instancePorts.map((port, i) => [
      `127.0.0.1:${port}`,
      Number.isFinite(visible[i]) ? fmt(visible[i]) : 'never (60 s)',
    ]),
  );
  console.log(
    `through nginx right after: ${viaNginx.body.includes(marker) ? 'the new title' : 'the old title'}`,
  );

  console.log('\nRolling restart');
  table(
    [
      'instance',
      'SIGTERM to exit (drain) ms',
      'start to /healthz ms',
      'SIGTERM to /readyz 200 (gap) ms',
    ],
    restarts.map((r) => [`127.0.0.1:${r.port}`, fmt(r.drainMs), fmt(r.startMs), fmt(r.gapMs)]),
  );

  console.log(
    `\nDatabase away ${outageSeconds} s (TCP proxy cut): ${fmt(outage.ok)} answers 200/304, ` +
      `${fmt(outage.retryAfter)} 503 with Retry-After, ${fmt(outage.failed)} failed; instances ` +
      `ready each second: ${readyDuring.join(' ')}; back to /readyz 200, ms after the database ` +
      `returned: ${recoveryMs.map((ms) => fmt(ms)).join(', ')}`,
  );
  console.log(
    `\nEmployer check, ${EMPLOYER_CHECKS + 1} attempts through nginx: ${throughNginx.join(' ')}; ` +
      `then one on each instance directly: ${direct.join(' ')}` +
      (attemptsShed ? ` (${attemptsShed} shed with 503 + Retry-After and made again)` : ''),
  );
  console.log(`load average at the end: ${load1()}`);

  // ---- bars ----
  const expected = [...Array(EMPLOYER_CHECKS).fill(200), 429];
  const slowest = Math.max(...visible);
  bar(
    `failed requests of ${fmt(total.answered + total.dropped + total.timedOut)} through nginx (resets, timeouts, 5xx but 503 + Retry-After, other statuses)`,
    `${fmt(total.failed)} (503 with Retry-After: ${fmt(total.retryAfter)}, without: ${fmt(total.without)})`,
    '0',
    total.failed === 0,
  );
  bar(
    'every instance shows an import, after the import exits',
    `slowest ${Number.isFinite(slowest) ? `${fmt(Math.max(0, slowest))} ms` : 'never'} (${visible.map((v) => fmt(v)).join(', ')})`,
    `≤ ${IMPORT_VISIBLE_MS} ms`,
    slowest <= IMPORT_VISIBLE_MS,
  );
  const restartPhase = phases.find((p) => p.name === 'rolling restart');
  bar(
    'rolling restart of 3 instances: failed requests; longest gap SIGTERM to ready',
    `${fmt(restartPhase.failed)}; ${fmt(Math.max(...restarts.map((r) => r.gapMs)))} ms`,
    '0',
    restartPhase.failed === 0,
  );
  bar(
    `database away ${outageSeconds} s: failed requests; 200s; 503 + Retry-After; every instance ready again after`,
    `${fmt(outage.failed)}; ${fmt(outage.ok)}; ${fmt(outage.retryAfter)}; ${fmt(Math.max(...recoveryMs))} ms`,
    '0 failed',
    outage.failed === 0,
  );
  const limitHeld =
    JSON.stringify(throughNginx) === JSON.stringify(expected) && direct.every((s) => s === 429);
  bar(
    'employer check across the instances: 11 attempts through nginx, then one on each',
    `${throughNginx.join(' ')}; ${direct.join(' ')}`,
    '10 × 200, then 429 on each',
    limitHeld,
  );
  console.log();
  table(
    ['bar', 'figure', 'target', 'status'],
    bars.map((b) => [b.text, b.figure, b.target, b.pass ? 'PASS' : 'MISS']),
    { leftAligned: true },
  );
  console.log(`host: ${host.cores} cores; load average ${load1()}`);
  process.exitCode = bars.every((b) => b.pass) ? 0 : 1;
} catch (error) {
  console.error(error);
  for (const instance of instances) console.error(instance?.log?.());
  process.exitCode = 1;
} finally {
  await load?.stop();
  if (nginx && nginx.child.exitCode === null) {
    const gone = new Promise((resolve) => nginx.child.once('exit', resolve));
    nginx.stop();
    await gone;
  }
  await Promise.all(instances.map((instance) => stopChild(instance?.child)));
  await postgres.cut();
  await store?.drop().catch((e) => console.error(`could not drop ${store.name}: ${e.message}`));
  rmSync(folder, { recursive: true, force: true });
  // nginx's logs are kept when a bar was missed.
  if (work && process.exitCode === 0) rmSync(work, { recursive: true, force: true });
  else if (work) console.log(`nginx's configuration and logs: ${work}`);
}

/** nginx's upstream errors in its site's error log: connections refused, and the rest. */
function countUpstreamErrors(work) {
  let text = '';
  try {
    text = readFileSync(join(work, 'postfolio.error.log'), 'utf8');
  } catch {
    /* nothing logged */
  }
  const lines = text.split('\n').filter((line) => line.includes('upstream'));
  const refused = lines.filter((line) => line.includes('Connection refused')).length;
  return { refused, other: lines.length - refused };
}

function otherStatuses(statuses) {
  return Object.entries(statuses)
    .filter(([status]) => !['200', '304', '503'].includes(status))
    .map(([status, n]) => `${status} × ${n}`)
    .join(', ');
}
