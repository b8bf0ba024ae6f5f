// Overload: 200 keep-alive clients asking for URLs no cache holds (searches, post views, page
// renders, list pages; each URL asked once), against `postfolio serve` with its shedder and,
// in the same run, with the shedder off (OVERLOAD_MAX_DELAY_MS=0 OVERLOAD_MAX_IN_FLIGHT=0).
// Meanwhile a new connection asks /healthz every 250 ms, from a process of its own: how long a
// new client waits to be accepted and answered. In the same run, a crawl of every page of a
// BENCH_CRAWL_POSTS site (lib/crawl.js) at BENCH_CRAWL_IN_FLIGHT requests in flight, and the
// overload again, under each shedding rule: the momentary one (the default) and the standing
// queue's (STANDING_ENV). Env: BENCH_LOAD_POSTS (10000), BENCH_OVERLOAD_CONNECTIONS (200),
// BENCH_OVERLOAD_SECONDS (60), BENCH_CRAWL_POSTS (2000), BENCH_CRAWL_IN_FLIGHT (90),
// BENCH_PORT (3291; uses +19).
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { crawl, crawlPaths } from './lib/crawl.js';
import { envInt } from './lib/env.js';
import { keepAliveLoad } from './lib/keepalive-load.js';
import { printMachine } from './lib/machine.js';
import { fmt, table } from './lib/print.js';
import { stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, HEALTH_ROUTES, pagePath, searchPath } from './lib/routes.js';
import { startAppServer } from './lib/servers.js';
import { percentile } from './lib/stats.js';
import { ensureSqliteStore } from './lib/stores.js';

const posts = envInt('BENCH_LOAD_POSTS', 10_000);
const connections = envInt('BENCH_OVERLOAD_CONNECTIONS', 200);
const seconds = envInt('BENCH_OVERLOAD_SECONDS', 60);
const port = envInt('BENCH_PORT', 3291) + 19;
const crawlPosts = envInt('BENCH_CRAWL_POSTS', 2000);
const crawlInFlight = envInt('BENCH_CRAWL_IN_FLIGHT', 90);
const WARM_UP_SECONDS = 5;
/** The standing-queue rule as measured here (docs/decisions/017). */
const STANDING_ENV = {
  OVERLOAD_INTERVAL_MS: process.env.BENCH_OVERLOAD_INTERVAL_MS ?? '500',
  OVERLOAD_TARGET_MS: process.env.BENCH_OVERLOAD_TARGET_MS ?? '300',
  OVERLOAD_NEWEST_FIRST: process.env.BENCH_OVERLOAD_NEWEST_FIRST ?? 'off',
};
const STANDING_NAME = `standing queue (${Object.entries(STANDING_ENV)
  .map(([k, v]) => `${k.replace('OVERLOAD_', '')}=${v}`)
  .join(' ')})`;

printMachine(
  `Overload: ${connections} keep-alive clients, uncached URLs, ${seconds} s (${fmt(posts)} posts)`,
);
const databaseUrl = await ensureSqliteStore(posts);

/** A URL no cache holds: each request gets a query of its own. */
const nextPath = (i) => {
  const n = (i % posts) + 1;
  switch (i % 5) {
    case 0:
      return searchPath(`post ${i}`);
    case 1:
      return `${apiPath.post(`fake-post-${n}`)}?v=${i}`;
    case 2:
      return `${pagePath.post(`fake-post-${n}`)}?v=${i}`;
    case 3:
      return `/posts?page=${(i % 800) + 1}&v=${i}`;
    default:
      return `${apiPath.posts((i % 800) + 1)}&v=${i}`;
  }
};

/** New connections asking /healthz every 250 ms from a process of their own, until stopped. */
function probeNewConnections(url) {
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), 'lib', 'connection-probe.js'), {
    env: { ...process.env, PROBE_URL: `${url}${HEALTH_ROUTES.live}` },
  });
  const result = once(child, 'message').then(([message]) => message);
  return {
    stop: async () => {
      child.send('stop');
      return result;
    },
  };
}

async function run(name, extraEnv) {
  const app = await startAppServer({ port, databaseUrl, extraEnv });
  try {
    const warm = keepAliveLoad({
      port,
      paths: [],
      nextPath: (i) => nextPath(i + 1e7),
      connections,
    });
    await sleep(WARM_UP_SECONDS * 1000);
    await warm.stop();
    const probes = probeNewConnections(app.url);
    const load = keepAliveLoad({ port, paths: [], nextPath, connections });
    await sleep(seconds * 1000);
    const summary = await load.stop();
    const probe = await probes.stop();
    const all = summary.latenciesMs;
    return {
      name,
      summary,
      ok: summary.statuses[200] ?? 0,
      shed: summary.statuses[503] ?? 0,
      failed: summary.dropped + summary.timedOut,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      max: all.reduce((a, b) => Math.max(a, b), 0),
      probeMax: probe.waits.length ? probe.waits.reduce((a, b) => Math.max(a, b), 0) : NaN,
      probeP99: probe.waits.length ? percentile(probe.waits, 99) : NaN,
      probeFailed: probe.failed,
      load: loadavg()[0],
    };
  } finally {
    await stopChild(app.child);
  }
}

/** Every page of the crawl store, `crawlInFlight` at a time, against a server of its own. */
async function crawlRun(name, extraEnv) {
  const app = await startAppServer({
    port,
    databaseUrl: await ensureSqliteStore(crawlPosts),
    extraEnv,
  });
  try {
    const paths = await crawlPaths(app.url);
    const r = await crawl({ port, paths, concurrency: crawlInFlight });
    const shed = r.statuses[503] ?? 0;
    return { name, ...r, shed, p99: percentile(r.latenciesMs, 99), load: loadavg()[0] };
  } finally {
    await stopChild(app.child);
  }
}

const crawls = [
  await crawlRun('momentary (defaults)', {}),
  await crawlRun(STANDING_NAME, STANDING_ENV),
];
const on = await run('momentary (defaults)', {});
const standing = await run(STANDING_NAME, STANDING_ENV);
const off = await run('shedder off', { OVERLOAD_MAX_DELAY_MS: '0', OVERLOAD_MAX_IN_FLIGHT: '0' });

console.log(
  `\nCrawl: every page of a ${fmt(crawlPosts)}-post site (sitemap and list pages), ${crawlInFlight} in flight`,
);
table(
  ['rule', 'pages', '200', '503', 'failed', 'seconds', 'p99 ms', 'load average'],
  crawls.map((r) => [
    r.name,
    fmt(r.asked),
    fmt(r.statuses[200] ?? 0),
    fmt(r.shed),
    fmt(r.failed),
    fmt(r.seconds, 1),
    fmt(r.p99),
    fmt(r.load, 2),
  ]),
);
for (const r of crawls)
  recordBar({
    bar: `Crawl of a ${fmt(crawlPosts)}-post site at ${crawlInFlight} in flight, ${r.name}: 503s of ${fmt(r.asked)} pages`,
    figure: `${fmt(r.shed)} (p99 ${fmt(r.p99)} ms, load ${fmt(r.load, 2)})`,
    target: '0',
    pass: r.shed === 0 && r.failed === 0,
  });

console.log();
table(
  [
    'server',
    'answers',
    '200s a second',
    '503 (Retry-After)',
    'dropped',
    'timed out',
    'p50 / p99 / max ms',
    'new connection /healthz p99 / max ms',
    'load average',
  ],
  [on, standing, off].map((r) => [
    r.name,
    fmt(r.summary.answered),
    fmt(r.ok / seconds),
    `${fmt(r.shed)} (${fmt(r.summary.retryAfter)})`,
    fmt(r.summary.dropped),
    fmt(r.summary.timedOut),
    `${fmt(r.p50)} / ${fmt(r.p99)} / ${fmt(r.max)}`,
    `${fmt(r.probeP99)} / ${fmt(r.probeMax)}${r.probeFailed ? ` (${r.probeFailed} failed)` : ''}`,
    fmt(r.load, 2),
  ]),
);
for (const r of [on, standing, off])
  if (r.summary.droppedDetails.length)
    console.log(`  ${r.name}: e.g. ${r.summary.droppedDetails.slice(0, 3).join('; ')}`);

const scope = `${connections} clients, uncached URLs, ${seconds} s, ${fmt(posts)} posts`;
recordBar({
  bar: `Overload (${scope}), ${STANDING_NAME}: timeouts; p99; early 503s`,
  figure: `${fmt(standing.failed)}; ${fmt(standing.p99)} ms; ${fmt((100 * standing.shed) / Math.max(1, standing.summary.answered))} % (${fmt(standing.summary.retryAfter)} with Retry-After)`,
  target: '0; ≤ 250 ms; every 503 with Retry-After',
  pass:
    standing.failed === 0 && standing.p99 <= 250 && standing.summary.retryAfter === standing.shed,
});
recordBar({
  bar: `Overload (${scope}): timeouts and resets (shedder off: ${fmt(off.failed)})`,
  figure: fmt(on.failed),
  target: '0',
  pass: on.failed === 0,
});
recordBar({
  bar: `Overload (${scope}): p99 of every answer (shedder off: ${fmt(off.p99)} ms)`,
  figure: `${fmt(on.p99)} ms`,
  target: '≤ 250 ms',
  pass: on.p99 <= 250,
});
recordBar({
  bar: `Overload: answers refused early with 503 + Retry-After; 200s a second (shedder off: ${fmt(off.ok / seconds)})`,
  figure: `${fmt((100 * on.shed) / Math.max(1, on.summary.answered))} % (${fmt(on.summary.retryAfter)} with Retry-After); ${fmt(on.ok / seconds)}`,
  target: 'every 503 with Retry-After',
  pass: on.summary.retryAfter === on.shed,
});
recordBar({
  bar: `Overload: a new connection's /healthz, p99 / max (shedder off: ${fmt(off.probeP99)} / ${fmt(off.probeMax)} ms)`,
  figure: `${fmt(on.probeP99)} / ${fmt(on.probeMax)} ms`,
});
