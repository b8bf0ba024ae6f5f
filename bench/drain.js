// Shutdown and restart under keep-alive load: SIGTERM to `postfolio serve`, and to the bare
// node:http server closed the way Node does it by itself (server.close()), each under the same
// 100 keep-alive clients; then SIGHUP to `serve --workers 2` (a rolling restart).
// Env: BENCH_LOAD_POSTS (10000), BENCH_DRAIN_CONNECTIONS (100), BENCH_DRAIN_SECONDS (5, load
// before the signal), BENCH_PORT (3291; uses +17 and +18).
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { envInt } from './lib/env.js';
import { keepAliveLoad } from './lib/keepalive-load.js';
import { printMachine } from './lib/machine.js';
import { fmt, table } from './lib/print.js';
import { stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, pagePath, searchPath } from './lib/routes.js';
import { startAppServer, startBareServer } from './lib/servers.js';
import { ensureSqliteStore } from './lib/stores.js';

const posts = envInt('BENCH_LOAD_POSTS', 10_000);
const connections = envInt('BENCH_DRAIN_CONNECTIONS', 100);
const seconds = envInt('BENCH_DRAIN_SECONDS', 5);
// +15 would be 3306, MySQL's port.
const port = envInt('BENCH_PORT', 3291) + 17;
/** What the process manager would allow before killing: the bar is an exit within it. */
const EXIT_WITHIN_MS = 10_000;

printMachine(
  `Drain: SIGTERM and SIGHUP under ${connections} keep-alive clients (${fmt(posts)} posts)`,
);
console.log(
  'a request fails if it was written and its connection closed or reset before a complete answer, or no answer came within 15 s; a client opens a new connection only when the server closed the old one before the request was written',
);
const databaseUrl = await ensureSqliteStore(posts);

/** Cached URLs (the same few, answered in front of Fastify) mixed with uncached ones. */
const CACHED = [apiPath.posts(1), pagePath.posts(), '/', apiPath.postcates()];
const nextPath = (i) => {
  const n = (i % posts) + 1;
  switch (i % 5) {
    case 0:
      return CACHED[((i / 5) % CACHED.length) | 0];
    case 1:
      return apiPath.post(`fake-post-${n}`);
    case 2:
      return pagePath.post(`fake-post-${n}`);
    case 3:
      return searchPath(`post ${i}`);
    default:
      return `/posts?page=${(i % 800) + 1}`;
  }
};

/** Puts load on `server`, signals it after `seconds`, and measures what the clients saw. */
async function signalled(server, signal, waitForExit) {
  const load = keepAliveLoad({ port: server.port, paths: [], nextPath, connections });
  await sleep(seconds * 1000);
  const before = load.summary.answered;
  const exited = once(server.child, 'exit');
  const sent = Date.now();
  server.child.kill(signal);
  const exit = await waitForExit(exited);
  const took = Date.now() - sent;
  const summary = await load.stop();
  return { summary, before, exit, took };
}

const rows = [];
function report(name, { summary, exit, took }) {
  const failed = summary.dropped + summary.timedOut;
  rows.push([
    name,
    fmt(summary.answered),
    fmt(summary.statuses[503] ?? 0),
    fmt(summary.dropped),
    fmt(summary.timedOut),
    fmt(summary.connectionClose),
    exit.code ?? exit.signal ?? '',
    exit.code === undefined ? '' : `${fmt(took)} ms`,
  ]);
  if (summary.droppedDetails.length)
    console.log(`  ${name}: e.g. ${summary.droppedDetails.slice(0, 3).join('; ')}`);
  return failed;
}

/** Exit code and signal once it exits, or the deadline passed (then it is killed). */
const exitWithin = (child) => async (exited) => {
  const timer = sleep(EXIT_WITHIN_MS).then(() => 'timeout');
  const first = await Promise.race([exited, timer]);
  if (first === 'timeout') {
    child.kill('SIGKILL');
    return { signal: `still running after ${EXIT_WITHIN_MS / 1000} s` };
  }
  return { code: first[0], signal: first[1] };
};

// 1. The bare baseline: node:http with server.close() on SIGTERM, Node's own graceful close.
const bodies = {};
{
  const probe = await startAppServer({ port, databaseUrl });
  try {
    for (const path of [...CACHED, nextPath(1), nextPath(2)]) {
      const res = await fetch(probe.url + path);
      bodies[path] = { body: await res.text(), contentType: res.headers.get('content-type') };
    }
  } finally {
    await stopChild(probe.child);
  }
}
const bare = await startBareServer(port + 1, bodies, { BARE_SHUTDOWN: 'close' });
const bareRun = await signalled(bare, 'SIGTERM', exitWithin(bare.child));
const bareFailed = report('bare node:http, server.close() on SIGTERM', bareRun);

// 2. The app on SIGTERM.
const app = await startAppServer({ port, databaseUrl });
const appRun = await signalled(app, 'SIGTERM', exitWithin(app.child));
const appFailed = report('postfolio serve, SIGTERM', appRun);

// 3. SIGHUP to serve --workers 2: both workers replaced while the clients go on.
const cluster = await startAppServer({ port, databaseUrl, args: ['--workers', '2'] });
let hupFailed = -1;
let restarted = false;
try {
  const load = keepAliveLoad({ port: cluster.port, paths: [], nextPath, connections });
  await sleep(seconds * 1000);
  const sent = Date.now();
  cluster.child.kill('SIGHUP');
  while (Date.now() - sent < 60_000 && !(restarted = /workers restarted/.test(cluster.log())))
    await sleep(100);
  const took = Date.now() - sent;
  await sleep(2000);
  const summary = await load.stop();
  hupFailed = report('serve --workers 2, SIGHUP (rolling restart)', {
    summary,
    exit: { signal: restarted ? 'restarted' : 'no restart in 60 s' },
    took,
  });
  rows.at(-1)[7] = restarted ? `${fmt(took)} ms to restart` : '';
  if (summary.refused) console.log(`  SIGHUP: ${summary.refused} connections refused`);
} finally {
  await stopChild(cluster.child);
}

console.log();
table(
  [
    'server and signal',
    'answered',
    '503',
    'dropped',
    'timed out',
    'Connection: close',
    'exit',
    'took',
  ],
  rows,
);

const exitedInTime = appRun.exit.code === 0 && appRun.took <= EXIT_WITHIN_MS;
recordBar({
  bar: `SIGTERM under ${connections} keep-alive clients, mixed load (${fmt(posts)} posts): failed requests (bare node:http with server.close(): ${fmt(bareFailed)})`,
  figure: fmt(appFailed),
  target: '0',
  pass: appFailed === 0,
});
recordBar({
  bar: 'SIGTERM: exit code and time to exit',
  figure: `${appRun.exit.code ?? appRun.exit.signal}, ${fmt(appRun.took)} ms`,
  target: 'exit 0 within 10 s',
  pass: exitedInTime,
});
recordBar({
  bar: `SIGHUP to serve --workers 2 under ${connections} keep-alive clients: failed requests`,
  figure: restarted ? fmt(hupFailed) : 'no restart',
  target: '0',
  pass: restarted && hupFailed === 0,
});
