// Timing a list of search queries one after another, and printing the percentiles of the times.
import { fmt } from './print.js';
import { percentile } from './stats.js';

/** Runs `fn` on each item of `list` in turn: its time in ms and the total it returned. */
export async function timeAll(fn, list) {
  const times = [];
  const totals = [];
  for (const item of list) {
    const t = performance.now();
    const total = await fn(item);
    times.push(performance.now() - t);
    totals.push(total);
  }
  return { times, totals };
}

/** p50, p95, p99 and max of `times`. */
export const timingStats = (times) => ({
  p50: percentile(times, 50),
  p95: percentile(times, 95),
  p99: percentile(times, 99),
  max: Math.max(...times),
});

/** A table row of timings: name, n, p50, p95, p99, max, then `more`. */
export const statsRow = (name, times, ...more) => {
  const s = timingStats(times);
  const ms2 = (x) => x.toFixed(2);
  return [name, times.length, ms2(s.p50), ms2(s.p95), ms2(s.p99), s.max.toFixed(1), ...more];
};

/** Percentiles of `times`, and of each kind of query of `list`, as table rows. */
export function rowsByKind(label, list, times) {
  const kinds = [...new Set(list.map((x) => x.kind))].sort();
  return [
    statsRow(label, times),
    ...kinds.map((kind) =>
      statsRow(
        `  ${kind}`,
        times.filter((_, i) => list[i].kind === kind),
      ),
    ),
  ];
}

/** The five slowest of `list` by the timings `run` (from timeAll). */
export function printSlowest(title, list, run) {
  const slow = list
    .map((x, i) => ({ ...x, t: run.times[i], total: run.totals[i] }))
    .sort((a, b) => b.t - a.t)
    .slice(0, 5);
  console.log(title);
  for (const x of slow)
    console.log(`  ${x.t.toFixed(2)} ms  ${x.kind}: ${x.q}  (${fmt(x.total)} hits)`);
}

/**
 * Runs `a` and `b` on each item of `list`, which goes first alternating from item to item, so
 * that neither always meets the caches the other left: each one's times and totals, as timeAll.
 */
export async function timeAlternating(a, b, list) {
  const runs = [
    { fn: a, times: [], totals: [] },
    { fn: b, times: [], totals: [] },
  ];
  for (const [i, item] of list.entries())
    for (const run of i % 2 ? [runs[1], runs[0]] : runs) {
      const t = performance.now();
      const total = await run.fn(item);
      run.times.push(performance.now() - t);
      run.totals.push(total);
    }
  return runs.map(({ times, totals }) => ({ times, totals }));
}

/**
 * A SQLite search (Fts5Search) whose excerpts come from FTS5's snippet() and highlight() in SQL,
 * as before fts5-snippet.ts: the baseline of the excerpts' cost. The bench reaches the
 * adapter's protected and private steps.
 */
export function withEngineExcerpts(search) {
  search.markedTexts = (db, match, posts) =>
    search.engineTexts(
      db,
      match,
      posts.map((post) => post.id),
    );
  return search;
}
