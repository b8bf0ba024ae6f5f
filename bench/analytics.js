// What the analytics cost and keep (issue 35). Three parts:
// 1. Cached answers under wrk (-t1 -c50, as the bar says) from `serve` with ANALYTICS=on,
//    the same build with ANALYTICS=off (the code before the analytics: no counter at all), and a
//    bare node:http server sending bodies of the same sizes, in alternating rounds: req/s, each
//    server's own CPU time per answer, on/bare against off/bare, and the counting cost per
//    answer (CPU on − CPU off). The requests are views the analytics count: a browser's user
//    agent, and for the API read the Sec-Fetch-Site of the site's own page.
// 2. The counter alone, in this process: ns per counted answer (a page view of a known visitor).
// 3. A year of a site with 100,000 views a day written through the analytics' own repository
//    and upkeep into a SQLite file, day by day: the file's size at the end.
// Env: BENCH_LOAD_POSTS (10000), BENCH_ROUNDS (5), BENCH_DURATION (3 s), BENCH_PORT (3291;
// uses +24, +25, +26), BENCH_ANALYTICS_DAYS (365), BENCH_ANALYTICS_VIEWS (100000),
// BENCH_ANALYTICS_PARTS (http,counter,year: which parts run).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { fmt, table } from './lib/print.js';
import { cpuMsOf, stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, pagePath } from './lib/routes.js';
import { startAppServer, startBareServer } from './lib/servers.js';
import { median } from './lib/stats.js';
import { ensureSqliteStore } from './lib/stores.js';
import { BROWSER_USER_AGENT, COUNTED_VIEW_HEADERS } from './lib/visitor.js';
import { wrk } from './lib/wrk.js';

const parts = (process.env.BENCH_ANALYTICS_PARTS ?? 'http,counter,year').split(',');
const posts = envInt('BENCH_LOAD_POSTS', 10_000);
const rounds = envInt('BENCH_ROUNDS', 5);
const duration = envInt('BENCH_DURATION', 3);
const port = envInt('BENCH_PORT', 3291) + 24;
const CASES = [
  { name: 'page /posts', path: pagePath.posts(), headers: { 'user-agent': BROWSER_USER_AGENT } },
  { name: 'API /api/posts?page=1', path: apiPath.posts(1), headers: COUNTED_VIEW_HEADERS },
];

printMachine(
  `Analytics: cached answers with ANALYTICS=on and off beside bare node:http, ${fmt(posts)} posts`,
);
console.log(
  `method: wrk -t1 -c50 -d${duration}s, ${rounds} rounds, the three servers in rotating order; ratio = median of per-round ratios; CPU = the server's own time per answer`,
);

if (parts.includes('http')) await cachedAnswers();
if (parts.includes('counter')) await counterAlone();
if (parts.includes('year')) await yearOfCounts();

/** 1. Cached answers with the analytics on and off, beside bare node:http. */
async function cachedAnswers() {
  const databaseUrl = await ensureSqliteStore(posts);
  const on = await startAppServer({ port, databaseUrl, extraEnv: { ANALYTICS: 'on' } });
  const off = await startAppServer({ port: port + 1, databaseUrl, extraEnv: { ANALYTICS: 'off' } });
  const bodies = {};
  for (const c of CASES) {
    const res = await fetch(`${off.url}${c.path}`);
    bodies[c.path] = { body: await res.text(), contentType: res.headers.get('content-type') };
  }
  const bare = await startBareServer(port + 2, bodies);
  const servers = { on, off, bare };

  const rows = [];
  for (const c of CASES) {
    const runs = { on: [], off: [], bare: [] };
    for (const server of Object.values(servers))
      await wrk(`${server.url}${c.path}`, { duration, headers: c.headers }); // warm-up
    const ratios = { on: [], off: [], onOff: [] };
    for (let r = 0; r < rounds; r++) {
      const order = [
        ['bare', 'off', 'on'],
        ['on', 'bare', 'off'],
        ['off', 'on', 'bare'],
      ][r % 3];
      const got = {};
      for (const which of order) {
        const server = servers[which];
        const before = cpuMsOf(server.child.pid);
        const run = await wrk(`${server.url}${c.path}`, { duration, headers: c.headers });
        if (run.bad) console.log(`  ! ${run.bad} non-2xx answers from ${which} ${c.path}`);
        run.cpuUs = ((cpuMsOf(server.child.pid) - before) * 1000) / Math.max(1, run.total);
        got[which] = run;
        runs[which].push(run);
      }
      ratios.on.push(got.on.rps / got.bare.rps);
      ratios.off.push(got.off.rps / got.bare.rps);
      ratios.onOff.push(got.on.rps / got.off.rps);
    }
    const pick = (which, key) => median(runs[which].map((run) => run[key]));
    rows.push({
      name: c.name,
      on: pick('on', 'rps'),
      off: pick('off', 'rps'),
      bare: pick('bare', 'rps'),
      onBare: median(ratios.on),
      offBare: median(ratios.off),
      onOff: median(ratios.onOff),
      cpuOn: pick('on', 'cpuUs'),
      cpuOff: pick('off', 'cpuUs'),
      spread: Math.max(...ratios.onOff) - Math.min(...ratios.onOff),
    });
  }
  for (const server of Object.values(servers)) await stopChild(server.child);

  table(
    [
      'cached answer',
      'on req/s',
      'off req/s',
      'bare req/s',
      'on/bare',
      'off/bare',
      'on/off',
      'on/off spread',
      'µs CPU on',
      'µs CPU off',
      'counting µs',
    ],
    rows.map((r) => [
      r.name,
      fmt(r.on),
      fmt(r.off),
      fmt(r.bare),
      r.onBare.toFixed(3),
      r.offBare.toFixed(3),
      r.onOff.toFixed(3),
      r.spread.toFixed(3),
      r.cpuOn.toFixed(1),
      r.cpuOff.toFixed(1),
      (r.cpuOn - r.cpuOff).toFixed(1),
    ]),
  );
  for (const r of rows) {
    recordBar({
      bar: `analytics: ${r.name}, req/s with ANALYTICS=on over off (same run; bare: on ${r.onBare.toFixed(2)}, off ${r.offBare.toFixed(2)})`,
      figure: r.onOff.toFixed(3),
      target: '≥ 0.95 (within noise)',
      pass: r.onOff >= 0.95,
    });
    recordBar({
      bar: `analytics: ${r.name}, counting CPU per answer (on − off)`,
      figure: `${(r.cpuOn - r.cpuOff).toFixed(1)} µs of ${r.cpuOn.toFixed(1)}`,
    });
  }
}

/** 2. The counter alone. */
async function counterAlone() {
  const { Counter } = await import('../dist/server/analytics/counter.js');
  const { ResponseCache } = await import('../dist/server/cache/response-cache.js');
  const cache = new ResponseCache(0, 0);
  const entry = await cache.getOrProduce('/posts', async () => ({
    body: '<html></html>',
    contentType: 'text/html; charset=utf-8',
  }));
  const counter = new Counter({ now: () => Date.now() }, false, () => {});
  const req = {
    method: 'GET',
    rawHeaders: [
      'Host',
      'site.test',
      'User-Agent',
      BROWSER_USER_AGENT,
      'Accept',
      'text/html',
      'Accept-Encoding',
      'br',
    ],
    socket: { remoteAddress: '203.0.113.7' },
  };
  const passes = [];
  for (let pass = 0; pass < 7; pass++) {
    const n = 200_000;
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) counter.answered(req, entry, '/posts');
    passes.push(Number(process.hrtime.bigint() - started) / n);
    counter.take();
  }
  const perAnswer = median(passes.slice(2));
  console.log(
    `\ncounter alone: ${perAnswer.toFixed(0)} ns per counted page view (median of 5 passes of 200,000)`,
  );
  recordBar({
    bar: 'analytics: the counter alone, per counted page view',
    figure: `${perAnswer.toFixed(0)} ns`,
  });
}

/** 3. A year of counts. */
async function yearOfCounts() {
  const days = envInt('BENCH_ANALYTICS_DAYS', 365);
  const viewsADay = envInt('BENCH_ANALYTICS_VIEWS', 100_000);
  const { openStore } = await import('../dist/server/db/connection.js');
  const { migrateToLatest } = await import('../dist/server/db/migrate.js');
  const { AnalyticsRepository } = await import('../dist/server/analytics/analytics.repository.js');
  const { Salts } = await import('../dist/server/analytics/salts.js');
  const { keepUp } = await import('../dist/server/analytics/upkeep.js');
  const dir = mkdtempSync(join(tmpdir(), 'pf-bench-analytics-'));
  const file = join(dir, 'year.db');
  const store = openStore(file);
  await migrateToLatest(store);
  const repository = new AnalyticsRepository(store.db);
  const salts = new Salts(repository);
  const config = {
    enabled: true,
    flushMs: 5000,
    hourlyDays: 7,
    dailyDays: 90,
    retentionDays: 730,
    beacon: false,
  };
  const PAGES = 2000;
  // Zipf-like: page i is read in proportion to 1 / (i + 1).
  const weights = Array.from({ length: PAGES }, (_, i) => 1 / (i + 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const started = performance.now();
  let rowsWritten = 0;
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let d = 0; d < days; d++) {
    const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    const rowsOfDay = [];
    // As the server writes them: a page's counts by the day, the site's by the hour.
    for (let i = 0; i < PAGES; i++) {
      const views = Math.round((viewsADay * weights[i]) / weightSum);
      if (views === 0) continue;
      rowsOfDay.push({
        period: day,
        kind: 'view',
        path: `/post-${i}`,
        value: '',
        count: views,
        peak: 0,
      });
      rowsOfDay.push({
        period: day,
        kind: 'visitors',
        path: `/post-${i}`,
        value: '',
        count: Math.ceil(views * 0.7),
        peak: 0,
      });
    }
    for (let r = 0; r < 40; r++)
      rowsOfDay.push({
        period: day,
        kind: 'referrer',
        path: `/post-${r}`,
        value: `site-${(d + r) % 60}.example`,
        count: 60,
        peak: 0,
      });
    for (let m = 0; m < 30; m++)
      rowsOfDay.push({
        period: day,
        kind: 'missing',
        path: `/gone-${(d + m) % 90}`,
        value: '',
        count: 8,
        peak: 0,
      });
    rowsOfDay.push({
      period: day,
      kind: 'feed',
      path: '/rss.xml',
      value: 'Feedly',
      count: 96,
      peak: 120,
    });
    for (let h = 0; h < 24; h++) {
      const period = `${day}T${String(h).padStart(2, '0')}`;
      const hourViews = viewsADay / 24;
      rowsOfDay.push({ period, kind: 'view', path: '', value: '', count: hourViews, peak: 0 });
      rowsOfDay.push({
        period,
        kind: 'visitors',
        path: '',
        value: '',
        count: Math.round(hourViews * 0.3),
        peak: 0,
      });
      for (const device of ['desktop', 'mobile', 'tablet'])
        rowsOfDay.push({
          period,
          kind: 'device',
          path: '',
          value: device,
          count: Math.round(hourViews / 3),
          peak: 0,
        });
      for (let s = 0; s < 15; s++)
        rowsOfDay.push({
          period,
          kind: 'search',
          path: '',
          value: `words ${(d * 7 + h * 3 + s) % 400}`,
          count: 1,
          peak: s % 4,
        });
      for (let b = 0; b < 8; b++)
        rowsOfDay.push({ period, kind: 'bot', path: '', value: `Bot${b}`, count: 40, peak: 0 });
    }
    rowsOfDay.sort((a, b) =>
      `${a.period}\t${a.kind}\t${a.path}\t${a.value}` <
      `${b.period}\t${b.kind}\t${b.path}\t${b.value}`
        ? -1
        : 1,
    );
    await repository.write(rowsOfDay, []);
    rowsWritten += rowsOfDay.length;
    await keepUp(repository, salts, config, start + (d + 1) * 86_400_000 + 7_200_000);
  }
  const countRows = Number(
    (
      await store.db
        .selectFrom('analytics_counts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await store.close();
  const vacuumed = openStore(file);
  const { sql } = await import('kysely');
  await sql`VACUUM`.execute(vacuumed.db);
  await vacuumed.close();
  const mb = statSync(file).size / 2 ** 20;
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `\na year of counts: ${days} days of ${fmt(viewsADay)} views over ${fmt(PAGES)} pages (${fmt(rowsWritten)} rows written, folded as the server folds them) ` +
      `→ ${fmt(countRows)} rows, ${mb.toFixed(2)} MB (SQLite, after VACUUM) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  recordBar({
    bar: `analytics: the store's counts after ${days} days of ${fmt(viewsADay)} views a day (SQLite)`,
    figure: `${mb.toFixed(2)} MB, ${fmt(countRows)} rows`,
    target: '≤ 5 MB',
    pass: mb <= 5,
  });
}
