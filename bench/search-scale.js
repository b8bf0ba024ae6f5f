// Full-text search latency at scale, in process, against a LIKE '%…%' scan baseline; then queries
// drawn at random from post bodies, each run once, in process and over HTTP (uncached).
// Env: BENCH_SEARCH_POSTS (100000; falls back to BENCH_POSTS), BENCH_LIKE_QUERIES (20),
// BENCH_DRAWN (300 queries drawn), BENCH_SEED (replays a draw), BENCH_PORT (3291; this uses +13),
// BENCH_PG (1 when 127.0.0.1:5432 answers), BENCH_SQLITE=0 (PostgreSQL only), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postfolio_bench).
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { BENCH_DIR, CLI, ROOT } from './lib/paths.js';
import { fmt, table } from './lib/print.js';
import { run } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { median, percentile } from './lib/stats.js';
import { drawQueries, drawSeed } from './lib/drawn-queries.js';
import { stopChild } from './lib/processes.js';
import { startAppServer } from './lib/servers.js';
import { ensureFakeFolder, ensureSqliteStore } from './lib/stores.js';

const dist = (p) => import(pathToFileURL(join(ROOT, 'dist', p)).href);
const { openStore } = await dist('server/db/connection.js');
const { createPostSearch } = await dist('server/posts/search/search.js');
const { parseSearchText } = await dist('server/posts/search/search-query.js');
const { STOP_WORDS } = await dist('server/posts/search/stop-words.js');

const posts = envInt('BENCH_SEARCH_POSTS', envInt('BENCH_POSTS', 100_000));
const likeCount = envInt('BENCH_LIKE_QUERIES', 20);
const drawnCount = envInt('BENCH_DRAWN', 300);
const httpPort = envInt('BENCH_PORT', 3291) + 13;
const PAGE = 12;

printMachine(`Search at scale (${fmt(posts)} posts)`);

// ---- queries, from the generated text ------------------------------------------------------
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}
const next = rng(7);
const pick = (list) => list[Math.floor(next() * list.length)];

const folder = await ensureFakeFolder(posts);
const files = readdirSync(join(folder, 'posts')).filter((f) => f.endsWith('.md'));
const sample = Array.from({ length: 300 }, () => pick(files));
const counts = new Map();
const sentences = [];
for (const file of sample) {
  const text = readFileSync(join(folder, 'posts', file), 'utf8').split(/^---$/m)[2] ?? '';
  for (const line of text.split('\n')) {
    if (!line || /^(#|-|`|const )/.test(line)) continue;
    for (const s of line.split('. ')) sentences.push(s.toLowerCase().match(/\p{L}+/gu) ?? []);
  }
  for (const w of text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])
    counts.set(w, (counts.get(w) ?? 0) + 1);
}
const byFrequency = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
// Stop words are dropped from a query before it reaches the index (a search for "the" alone
// matches nothing), so the common words are the most frequent words a search really looks up.
const common = byFrequency.filter((w) => !STOP_WORDS.has(w)).slice(0, 40);
const middle = byFrequency.slice(100, 2000);
const rare = byFrequency.filter((w) => counts.get(w) === 1 && w.length >= 6);

const queries = [];
for (let i = 0; i < 40; i++) queries.push({ kind: 'common word', q: common[i % common.length] });
for (let i = 0; i < 40; i++) queries.push({ kind: 'rare word', q: pick(rare) });
for (let i = 0; i < 40; i++) {
  const s = pick(sentences.filter((x) => x.length >= 4));
  const len = 2 + (i % 2);
  const at = Math.floor(next() * (s.length - len));
  queries.push({ kind: 'phrase', q: `"${s.slice(at, at + len).join(' ')}"` });
}
for (let i = 0; i < 40; i++) {
  const n = 2 + (i % 2);
  queries.push({ kind: 'AND words', q: Array.from({ length: n }, () => pick(middle)).join(' ') });
}
for (let i = 0; i < 40; i++) queries.push({ kind: 'no match', q: `zqxw${i}nomatch` });

// ---- measurement -----------------------------------------------------------------------------
const ms = () => performance.now();
async function timeAll(fn, list) {
  const times = [];
  const totals = [];
  for (const item of list) {
    const t = ms();
    const total = await fn(item);
    times.push(ms() - t);
    totals.push(total);
  }
  return { times, totals };
}
const stats = (times) => ({
  p50: percentile(times, 50),
  p95: percentile(times, 95),
  p99: percentile(times, 99),
  max: Math.max(...times),
});
/** A table row of timings: name, n, p50, p95, p99, max, then `more`. */
const statsRow = (name, times, ...more) => {
  const s = stats(times);
  const ms2 = (x) => x.toFixed(2);
  return [name, times.length, ms2(s.p50), ms2(s.p95), ms2(s.p99), s.max.toFixed(1), ...more];
};

/** The LIKE scan the specification's naïve implementation would do: every term in any column. */
function likeSearch(store) {
  const op = store.engine === 'sqlite' ? sql`LIKE` : sql`ILIKE`;
  const draft = sql`p.draft = 0`;
  return async ({ q }) => {
    const terms = parseSearchText(q).terms.map((words) => `%${words.join(' ')}%`);
    const where = sql.join(
      [
        draft,
        ...terms.map(
          (t) => sql`(p.title ${op} ${t} OR p.summary ${op} ${t} OR p.body_text ${op} ${t})`,
        ),
      ],
      sql` AND `,
    );
    await sql`SELECT p.id, p.title AS name, p.slug, p.image, p.summary FROM posts p
      WHERE ${where} ORDER BY p.published_at DESC, p.id DESC LIMIT ${PAGE}`.execute(store.db);
    const count = await sql`SELECT count(*) AS total FROM posts p WHERE ${where}`.execute(store.db);
    return Number(count.rows[0].total);
  };
}

async function measure(label, store) {
  const search = createPostSearch(store.db, store.engine);
  const fts = async ({ q }) => (await search.search(parseSearchText(q), PAGE, 0)).total;
  const [{ n }] = (await sql`SELECT count(*) AS n FROM posts`.execute(store.db)).rows;
  console.log(`\n--- ${label}: ${fmt(Number(n))} posts in the store ---`);

  const first = await timeAll(fts, queries); // first pass: cold-ish caches
  const warm = await timeAll(fts, queries);
  const kinds = [...new Set(queries.map((x) => x.kind))];
  const rows = [];
  const add = (name, times, totals) =>
    rows.push(statsRow(name, times, totals ? fmt(median(totals)) : ''));
  add('full-text, first pass (all)', first.times, first.totals);
  add('full-text, warm (all)', warm.times, warm.totals);
  for (const kind of kinds) {
    const idx = queries.map((x, i) => (x.kind === kind ? i : -1)).filter((i) => i >= 0);
    add(
      `  warm: ${kind}`,
      idx.map((i) => warm.times[i]),
      idx.map((i) => warm.totals[i]),
    );
  }

  // Baseline on an even subset of the same queries (8 per kind when likeCount = 40, …).
  const step = Math.max(1, Math.floor(queries.length / likeCount));
  const subset = queries.filter((_, i) => i % step === 0).slice(0, likeCount);
  const subsetFts = subset.map((x) => warm.times[queries.indexOf(x)]);
  const like = await timeAll(likeSearch(store), subset);
  add(`LIKE scan (${subset.length} of the queries)`, like.times, like.totals);
  add(`  full-text, same ${subset.length} queries`, subsetFts);
  table(['queries', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'median hits'], rows);

  const s = stats(warm.times);
  const speedP50 = median(like.times) / median(subsetFts);
  const speedTotal = like.times.reduce((a, b) => a + b, 0) / subsetFts.reduce((a, b) => a + b, 0);
  // The issue sets its p95 bar for SQLite; PostgreSQL's is reported.
  const p95Target = label.startsWith('SQLite') ? 5 : null;
  const scope = `${label.split(' (')[0]}, ${fmt(Number(n))} posts`;
  recordBar({
    bar: `search p95 (${scope}), ${queries.length} queries, warm`,
    figure: `${s.p95.toFixed(2)} ms`,
    target: p95Target === null ? null : `≤ ${p95Target} ms`,
    pass: p95Target !== null && s.p95 <= p95Target,
  });
  recordBar({
    bar: `search vs a LIKE scan (${scope}), at the median`,
    figure: `${fmt(speedP50)}×`,
    target: '≥ 100×',
    pass: speedP50 >= 100,
  });
  console.log(
    `\n${label}: full-text p95 ${s.p95.toFixed(2)} ms ${p95Target === null ? '(reported)' : `(target ≤ ${p95Target} ms) ${s.p95 <= p95Target ? 'PASS' : 'MISS'}`}; ` +
      `speedup vs LIKE: ${fmt(speedP50)}× at the median, ${fmt(speedTotal)}× in total time (target ≥ 100×) ${speedP50 >= 100 ? 'PASS' : 'MISS'}`,
  );
  printSlowest('slowest full-text queries (warm):', queries, warm);
}

/** The five slowest of `list` by the timings `run` (from timeAll). */
function printSlowest(title, list, run) {
  const slow = list
    .map((x, i) => ({ ...x, t: run.times[i], total: run.totals[i] }))
    .sort((a, b) => b.t - a.t)
    .slice(0, 5);
  console.log(title);
  for (const x of slow)
    console.log(`  ${x.t.toFixed(2)} ms  ${x.kind}: ${x.q}  (${fmt(x.total)} hits)`);
}

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

/** Percentiles of `times`, and of each kind of query, as table rows. */
function drawnRows(label, drawn, times) {
  const kinds = [...new Set(drawn.map((x) => x.kind))].sort();
  return [
    statsRow(label, times),
    ...kinds.map((kind) =>
      statsRow(
        `  ${kind}`,
        times.filter((_, i) => drawn[i].kind === kind),
      ),
    ),
  ];
}

/**
 * Queries drawn from post bodies, each run once: in process on `store`, then over HTTP against a
 * server on `databaseUrl` warmed by 200 other drawn queries (another draw, so that each query is
 * new to the process that runs it; every answer misses the response cache).
 */
async function measureDrawn(label, store, databaseUrl, p95Target) {
  const seed = drawSeed();
  const scope = `${label.split(' (')[0]}, ${fmt(posts)} posts`;
  console.log(
    `\n--- ${label}: ${drawnCount} queries drawn from post bodies (seed ${seed}; BENCH_SEED=${seed} replays them) ---`,
  );
  const search = createPostSearch(store.db, store.engine);
  const drawn = await drawQueries(store, drawnCount, seed);
  const inProcess = await timeAll(
    async ({ q }) => (await search.search(parseSearchText(q), PAGE, 0)).total,
    drawn,
  );
  const overHttp = await drawQueries(store, drawnCount, seed + 1);
  const app = await startAppServer({ port: httpPort, databaseUrl });
  const times = [];
  try {
    // A server that has answered a while: its code compiled and its database cache in use.
    const path = (q) => `${app.url}/api/posts/${encodeURIComponent(q)}`;
    for (const { q } of await drawQueries(store, 200, seed + 2)) await getStatus(path(q));
    for (const { q } of overHttp) {
      const t = ms();
      const status = await getStatus(path(q));
      times.push(ms() - t);
      if (status !== 200) throw new Error(`${path(q)} → ${status}`);
    }
  } finally {
    await stopChild(app.child);
  }
  table(
    ['queries drawn from post bodies', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    [
      ...drawnRows('in process, first run of each', drawn, inProcess.times),
      ...drawnRows('over HTTP, uncached', overHttp, times),
    ],
  );
  printSlowest('slowest drawn queries (in process):', drawn, inProcess);
  for (const [how, t] of [
    ['in process, first run', inProcess.times],
    ['over HTTP, uncached', times],
  ]) {
    const p95 = stats(t).p95;
    recordBar({
      bar: `search p95 (${scope}), ${t.length} queries drawn from post bodies, ${how}`,
      figure: `${p95.toFixed(2)} ms (p50 ${stats(t).p50.toFixed(2)})`,
      target: `≤ ${p95Target} ms`,
      pass: p95 <= p95Target,
    });
  }
}

/** Reads a file once, so that the OS file cache holds it as it does for a server that has run a while. */
function readThrough(file) {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(8 << 20);
  try {
    while (readSync(fd, buffer, 0, buffer.length, null) > 0);
  } finally {
    closeSync(fd);
  }
}

console.log(
  `queries: ${queries.length} (40 each: common word, rare word, 2–3 word phrase in quotes, 2–3 words AND, no match); ` +
    `each through createPostSearch(db).search(parseSearchText(q), ${PAGE}, 0), which runs the page and the count`,
);
console.log(
  'examples:',
  queries
    .filter((_, i) => i % 40 === 0)
    .map((x) => x.q)
    .join(' | '),
);

// ---- SQLite ----------------------------------------------------------------------------------
if (process.env.BENCH_SQLITE === '0') {
  console.log('\nSQLite: skipped (BENCH_SQLITE=0)');
} else {
  const dbFile = await ensureSqliteStore(posts);
  const sqlite = openStore(dbFile);
  try {
    const label = `SQLite FTS5 (${dbFile.replace(ROOT + '/', '')})`;
    await measure(label, sqlite);
    readThrough(dbFile);
    await measureDrawn(label, sqlite, dbFile, 5);
  } finally {
    await sqlite.close();
  }
}

// ---- PostgreSQL ------------------------------------------------------------------------------
const pgUp = await new Promise((resolve) => {
  const socket = createConnection({ host: '127.0.0.1', port: 5432 });
  socket.setTimeout(1000);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});
const wantPg = process.env.BENCH_PG ? process.env.BENCH_PG === '1' : pgUp;
if (!wantPg) {
  console.log(
    `\nPostgreSQL: skipped (${pgUp ? 'BENCH_PG=0' : 'nothing answers on 127.0.0.1:5432'})`,
  );
} else {
  const url = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postfolio_bench';
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  const dbName = new URL(url).pathname.slice(1);
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]))
    .rowCount;
  if (!exists) await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  let have = 0;
  try {
    have = Number((await probe.query('SELECT count(*) AS n FROM posts')).rows[0].n);
  } catch {
    /* not migrated yet */
  }
  await probe.end();
  if (have !== posts) {
    console.log(`\n(importing ${fmt(posts)} posts into ${dbName}; it holds ${fmt(have)} …)`);
    const t = ms();
    await run(process.execPath, [CLI, 'import', folder, '--prune'], {
      env: { DATABASE_URL: url, IMAGES_DIR: join(BENCH_DIR, 'images') },
      quiet: true,
    });
    console.log(`(imported in ${((ms() - t) / 1000).toFixed(0)} s)`);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('VACUUM ANALYZE posts');
    await c.end();
  }
  const store = openStore(url);
  try {
    const label = `PostgreSQL tsvector/GIN (${dbName})`;
    await measure(label, store);
    await measureDrawn(label, store, url, 10);
  } finally {
    await store.close();
  }
}
