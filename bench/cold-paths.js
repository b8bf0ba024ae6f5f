// Cold paths: answers the response caches cannot hold, against a bare node:http server sending a
// body of the same size, in the same run. List pages at random page numbers of every list (deep
// ones included), post pages and /api/post at random slugs drawn from the store. Same env as
// api-throughput.js (BENCH_POSTS, BENCH_ROUNDS, BENCH_DURATION, BENCH_CONNECTIONS; BENCH_PORT
// 3291, this uses +11 and +12).
import Database from 'better-sqlite3';
import { get } from 'node:http';
import { printMachine } from './lib/machine.js';
import { fmt } from './lib/print.js';
import { memoryOf, stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, pagePath } from './lib/routes.js';
import { startAppServer, startBareServer } from './lib/servers.js';
import { ensureSqliteStore, readThrough } from './lib/stores.js';
import { compareThroughput, printComparisonMethod, throughputSettings } from './lib/throughput.js';

/** An answer's status, type and bytes as sent (not decompressed, unlike fetch). */
function rawAnswer(url, headers = {}) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          contentType: res.headers['content-type'],
          bytes: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

const settings = throughputSettings(11);
const { posts, port } = settings;
// The server's response caches (src/server/app.ts): at most this many answers are ever reused.
const API_CACHE_ENTRIES = 2000;
const PAGE_CACHE_ENTRIES = 300;

printMachine(`Cold paths: uncached answers vs bare node:http (${fmt(posts)} posts, SQLite)`);
printComparisonMethod(settings);
console.log('every request draws its URL at random from the whole set, so nearly none repeats');

const db = await ensureSqliteStore(posts);
// Cold for the app's caches, not for the disk: a store read from disk on some requests and from
// the OS cache on others would measure the disk (the 100k store is 3.4 GB).
readThrough(db);
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
  // The same post pages and views as a browser asks for them: compressed, which the server does
  // on every answer no cache holds yet. The bare server sends the compressed size.
  for (const c of cases.slice(-2))
    cases.push({
      ...c,
      name: `${c.name}, Accept-Encoding: br`,
      headers: { 'accept-encoding': 'br' },
      target: null,
    });

  // For each case, a bare server answering every URL with the body of the median size of 25 of
  // the case's answers (as sent: compressed where the case asks for it).
  const rows = [];
  for (const c of cases) {
    const samples = [];
    for (let k = 0; k < 25; k++) {
      const path = c.paths[Math.floor((k * c.paths.length) / 25)];
      const answer = await rawAnswer(app.url + path, c.headers);
      if (answer.status !== 200) throw new Error(`${path} → ${answer.status}`);
      samples.push(answer);
    }
    samples.sort((a, b) => a.bytes.length - b.bytes.length);
    const median = samples[samples.length >> 1];
    c.bytes = median.bytes.length;
    // Same length as the answer (the baseline's cost is its size, not its content).
    const body = c.headers ? 'x'.repeat(c.bytes) : median.bytes.toString();
    bare = await startBareServer(port + 1, { '*': { body, contentType: median.contentType } });
    const scope = `${fmt(posts)} posts`;
    const how = { ...settings, headers: c.headers };
    rows.push(...(await compareThroughput({ ...how, scope, app, bare, cases: [c] })));
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
