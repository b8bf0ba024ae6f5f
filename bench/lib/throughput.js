// The app against the bare baseline under the same load: alternating rounds, the median of the
// per-round req/s ratios, and each server's own CPU per answer.
import { envInt } from './env.js';
import { load } from './load.js';
import { fmt, table } from './print.js';
import { cpuMsOf } from './processes.js';
import { recordBar } from './results.js';
import { median } from './stats.js';

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

/**
 * Alternates bare and app runs for each case and prints req/s, latency and app/bare ratios.
 * cases: [{name, paths, target, random, unique}] (random and unique: as load() takes them);
 * returns rows for further use. `scope` (e.g.
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
    const how = { connections, headers, random: c.random, unique: c.unique };
    await load(bare.url, c.paths, { ...how, duration: 1 });
    await load(app.url, c.paths, { ...how, duration: 1 });
    for (let r = 0; r < rounds; r++) {
      // Alternate which one goes first, so drift in machine load hits both equally.
      const order = r % 2 === 0 ? ['bare', 'app'] : ['app', 'bare'];
      const got = {};
      for (const which of order) {
        const server = which === 'bare' ? bare : app;
        const cpuBefore = cpuMsOf(server.child.pid);
        got[which] = await load(server.url, c.paths, { ...how, duration });
        // The server's own CPU per answer: steadier than req/s on a shared host, because time
        // the load generator or a neighbour takes from the server's core does not count. Divided
        // by the answers served, not by every response: a shedding server's quick 503s would
        // otherwise make each page look several times cheaper than it is.
        got[which].cpuUs =
          ((cpuMsOf(server.child.pid) - cpuBefore) * 1000) / Math.max(1, got[which].served);
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
