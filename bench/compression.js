// What compressing a cold answer costs: every answer no cache holds yet is compressed as it is
// sent to a browser. Real answers of the built server, drawn at random from the store (post
// views `/api/post/{slug}` and post pages `/{slug}`), each compressed as the app does
// (`encode` of dist/server/cache/response-cache.js) and with the settings it weighs against: time
// per answer (median of BENCH_COMPRESSION_ROUNDS passes) and size.
// Env: BENCH_POSTS (100000), BENCH_COMPRESSION_ANSWERS (100), BENCH_COMPRESSION_ROUNDS (5).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { encode } from '../dist/server/cache/response-cache.js';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { fmt, table } from './lib/print.js';
import { stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, pagePath } from './lib/routes.js';
import { startAppServer } from './lib/servers.js';
import { ensureSqliteStore } from './lib/stores.js';

const posts = envInt('BENCH_POSTS', 100_000);
const count = envInt('BENCH_COMPRESSION_ANSWERS', 100);
const rounds = envInt('BENCH_COMPRESSION_ROUNDS', 5);
const port = envInt('BENCH_PORT', 3291) + 20;

printMachine(`Compression of cold answers (${fmt(count)} of each kind, ${fmt(posts)} posts)`);

const brotli = (quality) => (body) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
const ways = [
  ['the app (encode: brotli 3)', (body) => encode('br', { body }).body],
  ['brotli 5', brotli(5)],
  ['brotli 4', brotli(4)],
  ['brotli 1', brotli(1)],
  ['gzip 6', (body) => gzipSync(body, { level: 6 })],
];

const db = await ensureSqliteStore(posts);
const sqlite = new Database(db, { readonly: true });
const slugs = sqlite
  .prepare('SELECT slug FROM posts WHERE draft = 0 ORDER BY random() LIMIT ?')
  .pluck()
  .all(count);
sqlite.close();
const app = await startAppServer({ port, databaseUrl: db });
const kinds = [
  ['/api/post/{slug}', apiPath.post],
  ['/{slug}', pagePath.post],
];
const answers = {};
try {
  for (const [kind, pathOf] of kinds) {
    answers[kind] = [];
    for (const slug of slugs) {
      const res = await fetch(app.url + pathOf(slug));
      if (res.status !== 200) throw new Error(`${pathOf(slug)} → ${res.status}`);
      answers[kind].push(Buffer.from(await res.arrayBuffer()));
    }
  }
} finally {
  await stopChild(app.child);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const [kind] of kinds) {
  const bodies = answers[kind];
  const raw = bodies.reduce((sum, b) => sum + b.length, 0) / bodies.length;
  // Every way once a round, so that a slow moment of the host falls on all of them.
  const rows = ways.map(([name]) => ({ name, times: [], bytes: 0 }));
  for (let round = 0; round <= rounds; round++)
    ways.forEach(([, compress], i) => {
      let bytes = 0;
      const started = process.hrtime.bigint();
      for (const body of bodies) bytes += compress(body).length;
      const us = Number(process.hrtime.bigint() - started) / 1000 / bodies.length;
      // Round 0 warms the code up and is not counted.
      if (round > 0) rows[i].times.push(us);
      rows[i].bytes = bytes / bodies.length;
    });
  for (const row of rows) row.us = median(row.times);
  console.log(`\n${kind}: ${fmt(bodies.length)} answers, ${fmt(Math.round(raw))} B on average`);
  table(
    ['compression', 'µs an answer', 'B an answer', 'of the body'],
    rows.map((r) => [
      r.name,
      r.us.toFixed(0),
      fmt(Math.round(r.bytes)),
      `${((r.bytes / raw) * 100).toFixed(1)} %`,
    ]),
  );
  const [own, before] = rows;
  recordBar({
    bar: `compressing a cold ${kind} answer (${fmt(Math.round(raw))} B) as the app does, against brotli 5`,
    figure: `${own.us.toFixed(0)} µs, ${fmt(Math.round(own.bytes))} B; brotli 5: ${before.us.toFixed(0)} µs, ${fmt(Math.round(before.bytes))} B`,
  });
}
