// Where a PostgreSQL search's time goes: each SQL statement the search sends, timed as the client
// waits for it (send, plan, run, rows read back), on queries drawn from post bodies, each run once
// after 50 others of another draw; and the time outside SQL (parsing the query, the excerpts).
// The store is read through first (every row's text and vector), so that the OS and PostgreSQL
// hold it in memory as for a server that has run a while, as in search-scale.js.
// A breakdown, not a bar: search-scale.js measures the search's p95 against its target.
// Env: BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postfolio_bench, imported on first use),
// BENCH_SEARCH_POSTS (100000, the size it is imported at), BENCH_DRAWN (200), BENCH_SEED.
import { sql } from 'kysely';
import pg from 'pg';
import { drawQueries, drawSeed } from './lib/drawn-queries.js';
import { builtSearch } from './lib/built-search.js';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { fmt, table } from './lib/print.js';
import { median, percentile } from './lib/stats.js';
import { ensurePostgresStore, PG_BENCH_URL } from './lib/stores.js';

const { openStore, createPostSearch, parseSearchText } = await builtSearch();

const posts = envInt('BENCH_SEARCH_POSTS', 100_000);
const count = envInt('BENCH_DRAWN', 200);
const seed = drawSeed();
printMachine(`PostgreSQL search, statement by statement (${count} drawn queries, seed ${seed})`);

/**
 * The statements of postgres-search.ts by what they do, recognised by a fragment of their text;
 * any other is shown by its first words, so that a statement added later still appears.
 */
const NAMES = [
  [/^begin$/i, 'BEGIN'],
  [/^commit$/i, 'COMMIT'],
  [/set_config\(/, 'newest bucket, scheduled posts, settings'],
  [/NOT EXISTS/, 'older posts titled with the words'],
  [/ts_rank\(search_head, q\) AS rank FROM posts/, 'newest matches (a round)'],
  [/ts_rank\(search_vector/, 'rank by the whole vector'],
  [/ts_headline/, "PostgreSQL's own excerpts"],
  [/"posts"\."body_text"/, 'cards and the texts of excerpts'],
];
const nameOf = (text) =>
  NAMES.find(([pattern]) => pattern.test(text))?.[1] ?? text.replace(/\s+/g, ' ').slice(0, 50);

/** Times of each statement by name, while `recording`; wraps node-postgres's client, as the app uses it. */
const statements = new Map();
let recording = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function timedQuery(config, values, callback) {
  const started = performance.now();
  const result = query.call(this, config, values, callback);
  if (recording && typeof result?.then === 'function') {
    const name = nameOf(typeof config === 'string' ? config : config.text);
    result.then(
      () => statements.set(name, [...(statements.get(name) ?? []), performance.now() - started]),
      () => {},
    );
  }
  return result;
};

await ensurePostgresStore(PG_BENCH_URL, posts);
const store = openStore(PG_BENCH_URL);
try {
  await sql`SELECT sum(length(search_vector)), sum(length(body_text)) FROM posts`.execute(store.db);
  const search = createPostSearch(store.db, store.engine);
  const run = (q) => search.search(parseSearchText(q), 12, 0);
  for (const { q } of await drawQueries(store, 50, seed + 1)) await run(q);
  const searches = [];
  for (const { q } of await drawQueries(store, count, seed)) {
    recording = true;
    const started = performance.now();
    await run(q);
    searches.push(performance.now() - started);
    recording = false;
  }
  const perSearch = (times) => times.reduce((sum, t) => sum + t, 0) / searches.length;
  const inSql = [...statements.values()].reduce((sum, times) => sum + perSearch(times), 0);
  console.log(
    `\nsearch: p50 ${fmt(median(searches), 2)} ms, p95 ${fmt(percentile(searches, 95), 2)} ms, ` +
      `mean ${fmt(perSearch(searches), 2)} ms, of which SQL ${fmt(inSql, 2)} and the rest ` +
      `(parsing, excerpts, Kysely) ${fmt(perSearch(searches) - inSql, 2)}\n`,
  );
  table(
    ['statement', 'a search', 'median ms', 'p95 ms', 'ms a search'],
    [...statements]
      .sort((a, b) => perSearch(b[1]) - perSearch(a[1]))
      .map(([name, times]) => [
        name,
        fmt(times.length / searches.length, 2),
        fmt(median(times), 2),
        fmt(percentile(times, 95), 2),
        fmt(perSearch(times), 2),
      ]),
  );
} finally {
  pg.Client.prototype.query = query;
  await store.close();
}
