// Cold paths: answers the response caches cannot hold, against a bare node:http server sending a
// body of the same size, in the same run. List pages at random page numbers of every list (deep
// ones included), post pages and /api/post at random slugs drawn from the store. Same env as
// api-throughput.js (BENCH_POSTS, BENCH_ROUNDS, BENCH_DURATION, BENCH_CONNECTIONS; BENCH_PORT
// 3291, this uses +11 and +12).
import Database from 'better-sqlite3';
import { printMachine } from './lib/machine.js';
import { fmt } from './lib/print.js';
import { memoryOf, stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, pagePath } from './lib/routes.js';
import { startAppServer, startBareServer } from './lib/servers.js';
import { ensureSqliteStore } from './lib/stores.js';
import { compareThroughput, printComparisonMethod, throughputSettings } from './lib/throughput.js';

const settings = throughputSettings(11);
const { posts, port } = settings;
// The server's response caches (src/server/app.ts): at most this many answers are ever reused.
const API_CACHE_ENTRIES = 2000;
const PAGE_CACHE_ENTRIES = 300;

printMachine(`Cold paths: uncached answers vs bare node:http (${fmt(posts)} posts, SQLite)`);
printComparisonMethod(settings);
console.log('every request draws its URL at random from the whole set, so nearly none repeats');

const db = await ensureSqliteStore(posts);
const sqlite = new Database(db, { readonly: true });
const slugs = sqlite.prepare('SELECT slug FROM posts WHERE draft = 0').pluck().all();
sqlite.close();
const app = await startAppServer({ port, databaseUrl: db });
let bare;
try {
  const json = async (path) => {
    const res = await fetch(app.url + path);
    if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
    return res.json();
  };
  const pagesOf = (pathOf, last) => Array.from({ length: last }, (_, i) => pathOf(i + 1));
  const all = await json(apiPath.posts(1));
  const lists = [pagesOf(apiPath.posts, all.last_page)];
  for (const category of await json(apiPath.postcates())) {
    const list = (page) => apiPath.postsCate(category.id, page);
    lists.push(pagesOf(list, (await json(list(1))).last_page));
  }
  const listPaths = lists.flat();
  // Page 8,000 against the first pages: a few hundred pages at each end, drawn at random, so
  // that neither side reads the same few rows every time.
  const span = Math.max(1, Math.floor(all.last_page * 0.04));
  const deepFrom = Math.min(8000, all.last_page - span + 1);
  const firstPaths = pagesOf(apiPath.posts, span);
  const deepPaths = pagesOf(apiPath.posts, all.last_page).slice(deepFrom - 1);

  const cases = [
    {
      name: `GET /api/posts and /api/postsCate/{id} at random pages (${fmt(listPaths.length)} URLs)`,
      paths: listPaths,
      random: true,
      target: 0.15,
      kind: 'json',
      hitsAtMost: API_CACHE_ENTRIES / listPaths.length,
    },
    // Both uncached by a query parameter of their own: page 8,000 against the first pages.
    {
      name: `GET /api/posts?page={1…${fmt(span)}}, uncached`,
      paths: firstPaths,
      random: true,
      unique: 'cold',
      target: null,
      kind: 'json',
    },
    {
      name: `GET /api/posts?page={${fmt(deepFrom)}…${fmt(all.last_page)}}, uncached`,
      paths: deepPaths,
      random: true,
      unique: 'cold',
      target: null,
      kind: 'json',
    },
    {
      name: `GET /{slug} at random slugs (${fmt(slugs.length)})`,
      paths: slugs.map((s) => pagePath.post(s)),
      random: true,
      target: 0.1,
      kind: 'html',
      hitsAtMost: PAGE_CACHE_ENTRIES / slugs.length,
    },
    {
      name: `GET /api/post/{slug} at random slugs (${fmt(slugs.length)})`,
      paths: slugs.map((s) => apiPath.post(s)),
      random: true,
      target: 0.15,
      kind: 'json',
      hitsAtMost: API_CACHE_ENTRIES / slugs.length,
    },
  ];

  // For each case, a bare server answering every URL with the body of the median size of 25 of
  // the case's answers.
  const rows = [];
  for (const c of cases) {
    const samples = [];
    for (let k = 0; k < 25; k++) {
      const path = c.paths[Math.floor((k * c.paths.length) / 25)];
      const res = await fetch(app.url + path);
      if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
      samples.push({ body: await res.text(), contentType: res.headers.get('content-type') });
    }
    samples.sort((a, b) => a.body.length - b.body.length);
    const median = samples[samples.length >> 1];
    c.bytes = Buffer.byteLength(median.body);
    bare = await startBareServer(port + 1, { '*': median });
    const scope = `${fmt(posts)} posts`;
    rows.push(...(await compareThroughput({ ...settings, scope, app, bare, cases: [c] })));
    await stopChild(bare.child);
    bare = undefined;
    if (c.hitsAtMost)
      console.log(
        `(at most ${(c.hitsAtMost * 100).toFixed(1)} % of these can be cache hits: the cache keeps ${fmt(c.kind === 'html' ? PAGE_CACHE_ENTRIES : API_CACHE_ENTRIES)} answers of ${fmt(c.paths.length)} URLs)\n`,
      );
  }
  const [, first, deep] = rows;
  const depth = deep.appRps / first.appRps;
  console.log(
    `\ndeep pages against the first ones, both uncached: ${fmt(deep.appRps)} / ${fmt(first.appRps)} req/s = ${depth.toFixed(2)}; CPU an answer ${deep.appCpuUs.toFixed(0)} / ${first.appCpuUs.toFixed(0)} µs`,
  );
  recordBar({
    bar: `uncached API list pages ${fmt(deepFrom)}+ against pages 1–${fmt(span)} (${fmt(posts)} posts): req/s`,
    figure: `${depth.toFixed(2)} (CPU an answer ${deep.appCpuUs.toFixed(0)} / ${first.appCpuUs.toFixed(0)} µs)`,
    target: '≥ 0.9 (as fast)',
    pass: depth >= 0.9,
  });
  const mem = memoryOf(app.child.pid);
  console.log(`app server memory: peak RSS ${fmt(mem.hwmMb)} MB (VmHWM)`);
  recordBar({
    bar: `server peak RSS during the cold runs (${fmt(posts)} posts)`,
    figure: `${fmt(mem.hwmMb)} MB`,
    target: posts >= 100_000 ? '≤ 150 MB' : null,
    pass: mem.hwmMb <= 150,
  });
} finally {
  await stopChild(bare?.child);
  await stopChild(app.child);
}
