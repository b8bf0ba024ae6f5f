// JSON API throughput of the built server vs a bare node:http server sending bodies of the same
// size. Env: BENCH_POSTS (100000), BENCH_ROUNDS (5), BENCH_DURATION (3 s), BENCH_CONNECTIONS (50),
// BENCH_PORT (3291; the bare server uses +1), BENCH_LOG_LEVEL (warn).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printMachine } from './lib/machine.js';
import { fmt } from './lib/print.js';
import { memoryOf, stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, searchPath } from './lib/routes.js';
import { startAppServer, startBareServer } from './lib/servers.js';
import { ensureFakeFolder, ensureSqliteStore } from './lib/stores.js';
import { compareThroughput, printComparisonMethod, throughputSettings } from './lib/throughput.js';

const settings = throughputSettings(0);
const { posts, port } = settings;

printMachine(`API throughput: app vs bare node:http (${fmt(posts)} posts, SQLite)`);
printComparisonMethod(settings);

const db = await ensureSqliteStore(posts);
const app = await startAppServer({ port, databaseUrl: db });
let bare;
let peakRss = 0;
const poll = setInterval(() => {
  peakRss = Math.max(peakRss, memoryOf(app.child.pid).rssMb);
}, 200);
try {
  const get = async (path) => {
    const res = await fetch(app.url + path);
    if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
    return { text: await res.text(), type: res.headers.get('content-type') };
  };
  const categories = JSON.parse((await get(apiPath.postcates())).text);
  const first = JSON.parse((await get(apiPath.posts(1))).text);
  const slug = first.data[0].slug;
  // Search words taken from real titles, so each search finds posts.
  const words = [
    ...new Set(
      first.data.flatMap((card) => card.name.toLowerCase().match(/\p{L}{4,}/gu) ?? []).slice(0, 12),
    ),
  ].slice(0, 4);

  const cases = [
    { name: 'GET /api/posts?page=1', paths: [apiPath.posts(1)], target: 0.8 },
    {
      name: `GET /api/postsCate/${categories[0].id}?page=2`,
      paths: [apiPath.postsCate(categories[0].id, 2)],
      target: 0.8,
    },
    { name: `GET /api/post/${slug}`, paths: [apiPath.post(slug)], target: 0.8 },
    {
      name: `GET /api/posts/{${words.join('|')}}`,
      paths: words.map(searchPath),
      target: 0.5,
    },
  ];
  // Informational: search that always misses the server's response cache (LRU of 2000 entries),
  // by cycling through 2,500 distinct words taken from the generated posts.
  const folder = await ensureFakeFolder(posts);
  const vocabulary = new Set();
  for (const file of readdirSync(join(folder, 'posts')).slice(0, 400)) {
    const text = readFileSync(join(folder, 'posts', file), 'utf8').split(/^---$/m)[2] ?? '';
    for (const w of text.toLowerCase().match(/\p{L}{4,}/gu) ?? []) vocabulary.add(w);
    if (vocabulary.size >= 2500) break;
  }
  const uncached = [...vocabulary].slice(0, 2500).map(searchPath);
  const bareRoutes = {};
  const samples = [];
  for (const path of uncached.slice(0, 25)) samples.push((await get(path)).text);
  samples.sort((a, b) => a.length - b.length);
  bareRoutes['*'] = {
    body: samples[samples.length >> 1],
    contentType: 'application/json; charset=utf-8',
  };
  cases.push({
    name: `GET /api/posts/{${uncached.length} words, cache misses}`,
    paths: uncached,
    target: null,
    bytes: Buffer.byteLength(bareRoutes['*'].body),
  });
  // Informational: post views that miss the response cache (2,500 distinct slugs, cycled).
  const slugs = [];
  for (let page = 1; slugs.length < 2500; page++) {
    const { data } = JSON.parse((await get(apiPath.posts(page))).text);
    if (!data.length) break;
    slugs.push(...data.map((card) => card.slug));
  }
  const postPaths = slugs.slice(0, 2500).map((s) => apiPath.post(s));
  const postSamples = [];
  for (const path of postPaths.slice(0, 25)) postSamples.push((await get(path)).text);
  postSamples.sort((a, b) => a.length - b.length);
  const postBody = postSamples[postSamples.length >> 1];
  for (const path of postPaths)
    bareRoutes[path] = { body: postBody, contentType: 'application/json; charset=utf-8' };
  if (postPaths.length > 2000)
    cases.push({
      name: `GET /api/post/{${postPaths.length} slugs, cache misses}`,
      paths: postPaths,
      target: null,
      bytes: Buffer.byteLength(postBody),
    });
  for (const c of cases) {
    if (c.bytes) continue;
    let bytes = 0;
    for (const path of c.paths) {
      const { text, type } = await get(path);
      bareRoutes[path] = { body: text, contentType: type };
      bytes += Buffer.byteLength(text);
    }
    c.bytes = bytes / c.paths.length;
  }
  bare = await startBareServer(port + 1, bareRoutes);

  const scope = `${fmt(posts)} posts`;
  await compareThroughput({ ...settings, scope, app, bare, cases });
  const mem = memoryOf(app.child.pid);
  peakRss = Math.max(peakRss, mem.rssMb);
  console.log(
    `\napp server memory: peak RSS ${fmt(mem.hwmMb)} MB (VmHWM; polled peak ${fmt(peakRss)} MB), now ${fmt(mem.rssMb)} MB — target ≤ 150 MB at 100k posts${
      posts >= 100_000 ? (mem.hwmMb <= 150 ? ' PASS' : ' MISS') : ` (measured at ${fmt(posts)})`
    }`,
  );
  recordBar({
    bar: `server peak RSS during the API runs (${scope})`,
    figure: `${fmt(mem.hwmMb)} MB`,
    target: posts >= 100_000 ? '≤ 150 MB' : null,
    pass: mem.hwmMb <= 150,
  });
} finally {
  clearInterval(poll);
  await stopChild(bare?.child);
  await stopChild(app.child);
}
