// What search excerpts cost: for each query of a sample drawn from post bodies, the search
// (page + count + excerpts, as the API runs it) and, apart, the excerpt step alone for the same
// page's posts (FTS5 snippet()/highlight(), PostgreSQL ts_headline), alternating, medians.
// Env: BENCH_SEARCH_POSTS (10000), BENCH_DRAWN (200), BENCH_SEED, BENCH_PG_URL (a PostgreSQL
// store already imported, e.g. by search-scale.js; unset: SQLite only).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { ROOT } from './lib/paths.js';
import { table } from './lib/print.js';
import { percentile } from './lib/stats.js';
import { drawQueries, drawSeed } from './lib/drawn-queries.js';
import { ensureSqliteStore } from './lib/stores.js';

const dist = (p) => import(pathToFileURL(join(ROOT, 'dist', p)).href);
const { openStore } = await dist('server/db/connection.js');
const { createPostSearch } = await dist('server/posts/search/search.js');
const { parseSearchText } = await dist('server/posts/search/search-query.js');

const posts = envInt('BENCH_SEARCH_POSTS', 10_000);
const count = envInt('BENCH_DRAWN', 200);
const seed = drawSeed();
printMachine(`Search excerpts (${posts} posts, ${count} drawn queries, seed ${seed})`);

async function measure(label, store) {
  const search = createPostSearch(store.db, store.engine);
  const queries = await drawQueries(store, count, seed);
  const whole = [];
  const excerpts = [];
  for (const { q } of queries) {
    const query = parseSearchText(q);
    let t = performance.now();
    const page = await search.search(query, 12, 0);
    whole.push(performance.now() - t);
    const match = search.prepare(query, new Date().toISOString());
    if (!match || page.cards.length === 0) continue;
    t = performance.now();
    // The adapter's own excerpt step, on the page's posts (protected in TypeScript).
    await search.markedTexts(
      store.db,
      { ...match, scheduled: false },
      page.cards.map((c) => c.id),
    );
    excerpts.push(performance.now() - t);
  }
  const row = (name, xs) => [
    name,
    xs.length,
    ...[50, 95, 99].map((p) => percentile(xs, p).toFixed(2)),
  ];
  console.log(`\n--- ${label} ---`);
  table(
    ['', 'n', 'p50 ms', 'p95 ms', 'p99 ms'],
    [row('search with excerpts', whole), row('  of it: excerpts of the page', excerpts)],
  );
}

const sqlite = openStore(await ensureSqliteStore(posts));
try {
  await measure('SQLite FTS5', sqlite);
} finally {
  await sqlite.close();
}
if (process.env.BENCH_PG_URL) {
  const pgStore = openStore(process.env.BENCH_PG_URL);
  try {
    await measure('PostgreSQL', pgStore);
  } finally {
    await pgStore.close();
  }
}
