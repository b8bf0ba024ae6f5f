// What search excerpts cost: for each query of a sample drawn from post bodies, the search
// (page + count + excerpts, as the API runs it) and, apart, the excerpt step alone for the same
// page's posts; medians and tails. Each is run twice, alternating: as the app runs it and with
// the excerpt step it had before (the baseline; SQLite: FTS5's snippet()/highlight() in SQL, now
// computed in JavaScript by fts5-snippet.ts; PostgreSQL: its ts_headline of the body's leading
// part, else of the summary, else of the title, now the same JavaScript), and the pages are
// compared.
// Both run 50 queries of another draw first, untimed.
// Env: BENCH_SEARCH_POSTS (10000), BENCH_DRAWN (200), BENCH_SEED, BENCH_PG_URL (a PostgreSQL
// store already imported, e.g. by search-scale.js; unset: SQLite only).
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { builtSearch } from './lib/built-search.js';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { table } from './lib/print.js';
import { percentile } from './lib/stats.js';
import { drawQueries, drawSeed } from './lib/drawn-queries.js';
import { withEngineExcerpts } from './lib/search-timing.js';
import { ensureSqliteStore } from './lib/stores.js';

const { openStore, createPostSearch, parseSearchText } = await builtSearch();

const posts = envInt('BENCH_SEARCH_POSTS', 10_000);
const count = envInt('BENCH_DRAWN', 200);
const seed = drawSeed();
printMachine(`Search excerpts (${posts} posts, ${count} drawn queries, seed ${seed})`);

/** The search of `store`; `before`: with the excerpt step the app had before (the baseline). */
function searchOf(store, before) {
  const search = createPostSearch(store.db, store.engine);
  if (!before) return search;
  return withEngineExcerpts(search);
}

/** Times the search and its excerpt step for `query`, adding to `runs` (whole, excerpts). */
async function timeOne(search, store, query, runs) {
  let t = performance.now();
  const page = await search.search(query, 12, 0);
  runs.whole.push(performance.now() - t);
  const match = search.prepare(query, new Date().toISOString());
  if (!match || page.cards.length === 0) return page;
  const { rows } = await sql`
    SELECT id, body_text AS body, summary, title FROM posts
    WHERE id IN (${sql.join(page.cards.map((c) => c.id))})`.execute(store.db);
  t = performance.now();
  await search.markedTexts(store.db, { ...match, scheduled: false }, rows);
  runs.excerpts.push(performance.now() - t);
  return page;
}

const row = (name, xs) => [
  name,
  xs.length,
  ...[50, 95, 99].map((p) => percentile(xs, p).toFixed(2)),
];

async function measure(label, store) {
  const queries = await drawQueries(store, count, seed);
  const app = { search: searchOf(store, false), whole: [], excerpts: [] };
  const before = { search: searchOf(store, true), whole: [], excerpts: [] };
  // As a server that has answered a while: its code compiled, on queries of another draw.
  for (const { q } of await drawQueries(store, 50, seed + 1))
    for (const run of [app, before])
      await timeOne(run.search, store, parseSearchText(q), { whole: [], excerpts: [] });
  let same = 0;
  for (const [i, { q }] of queries.entries()) {
    const query = parseSearchText(q);
    // Alternating which goes first, so neither always finds the other's pages in the cache.
    const order = i % 2 ? [before, app] : [app, before];
    const pages = new Map();
    for (const run of order) pages.set(run, await timeOne(run.search, store, query, run));
    if (isDeepStrictEqual(pages.get(app), pages.get(before))) same++;
  }
  console.log(`\n--- ${label} ---`);
  const baseline =
    store.engine === 'sqlite'
      ? "baseline: FTS5's snippet() in SQL"
      : "baseline: PostgreSQL's ts_headline";
  table(
    ['', 'n', 'p50 ms', 'p95 ms', 'p99 ms'],
    [
      row('search with excerpts', app.whole),
      row('  of it: excerpts of the page', app.excerpts),
      row(baseline, before.whole),
      row('  of it: excerpts of the page', before.excerpts),
    ],
  );
  console.log(`pages identical to the baseline's, excerpts included: ${same} of ${queries.length}`);
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
