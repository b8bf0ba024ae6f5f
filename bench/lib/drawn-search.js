// The search bench's drawn queries: queries drawn from post bodies, each run once, in process and
// then over HTTP against the built server, where every answer misses the response cache.
import { Agent, get as httpGet } from 'node:http';
import { drawQueries, drawSeed } from './drawn-queries.js';
import { fmt, table } from './print.js';
import { stopChild } from './processes.js';
import { recordBar } from './results.js';
import { searchPath } from './routes.js';
import { startAppServer } from './servers.js';
import { printSlowest, rowsByKind, timeAll, timingStats } from './search-timing.js';
import { measureRankingOverlap, measureTitleQueries } from './search-ranking-overlap.js';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
/** GET over one kept-alive connection (node:http: less client time than fetch); the status. */
function getStatus(url) {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    }).on('error', reject);
  });
}

/** Times each of `queries` once over HTTP, after 200 other queries of `store` from `seed`. */
async function timeOverHttp(store, queries, seed, { port, databaseUrl }) {
  const app = await startAppServer({ port, databaseUrl });
  const times = [];
  try {
    // A server that has answered a while: its code compiled and its database cache in use.
    const path = (q) => `${app.url}${searchPath(q)}`;
    for (const { q } of await drawQueries(store, 200, seed)) await getStatus(path(q));
    for (const { q } of queries) {
      const t = performance.now();
      const status = await getStatus(path(q));
      times.push(performance.now() - t);
      if (status !== 200) throw new Error(`${path(q)} → ${status}`);
    }
  } finally {
    await stopChild(app.child);
  }
  return times;
}

/**
 * Queries drawn from post bodies, each run once: in process on `store`, then over HTTP against a
 * server on `databaseUrl` warmed by 200 other drawn queries (another draw, so that each query is
 * new to the process that runs it). `search` runs a query text as the API does and returns its
 * total; `p95Target` in ms sets the recorded bars; `firstPage` (PostgreSQL), a query text → the ids
 * of its first page, has the first pages compared with the exact ranking.
 */
export async function measureDrawn(label, store, search, options) {
  const { count, posts, port, databaseUrl, p95Target, firstPage } = options;
  const seed = drawSeed();
  const scope = `${label.split(' (')[0]}, ${fmt(posts)} posts`;
  console.log(
    `\n--- ${label}: ${count} queries drawn from post bodies (seed ${seed}; BENCH_SEED=${seed} replays them) ---`,
  );
  const drawn = await drawQueries(store, count, seed);
  const inProcess = await timeAll(({ q }) => search(q), drawn);
  const overHttp = await drawQueries(store, count, seed + 1);
  const times = await timeOverHttp(store, overHttp, seed + 2, { port, databaseUrl });
  table(
    ['queries drawn from post bodies', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    [
      ...rowsByKind('in process, first run of each', drawn, inProcess.times),
      ...rowsByKind('over HTTP, uncached', overHttp, times),
    ],
  );
  printSlowest('slowest drawn queries (in process):', drawn, inProcess);
  if (firstPage) {
    await measureRankingOverlap(store, drawn, inProcess.totals, firstPage, scope);
    await measureTitleQueries(store, firstPage, seed + 3);
  }
  for (const [how, t] of [
    ['in process, first run', inProcess.times],
    ['over HTTP, uncached', times],
  ]) {
    const { p50, p95 } = timingStats(t);
    recordBar({
      bar: `search p95 (${scope}), ${t.length} queries drawn from post bodies, ${how}`,
      figure: `${p95.toFixed(2)} ms (p50 ${p50.toFixed(2)})`,
      target: `≤ ${p95Target} ms`,
      pass: p95 <= p95Target,
    });
  }
}
