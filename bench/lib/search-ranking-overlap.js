// How far PostgreSQL's first page of a search lies from the exact ranking (decision 019): for
// drawn queries of fewer matches than the count's cap (ranking a word in most posts exactly takes
// seconds), the app's first page against every match ranked by ts_rank on its whole vector; and,
// where some matches hold every word of the query in their title, whether one of them is within
// the first three; and the same for queries drawn from titles, of any number of matches.
import { sql } from 'kysely';
import { drawnPostWords, seededRandom } from './drawn-queries.js';
import { fmt } from './print.js';
import { recordBar } from './results.js';

const PAGE = 12;

/** The exact first page of `q`: every visible match ranked by its whole vector, newest first among equals. */
async function exactFirstPage(db, q) {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`.execute(
      trx,
    );
    const { rows } = await sql`
      SELECT id FROM posts, websearch_to_tsquery('english', ${q}) tq
      WHERE draft = 0 AND published_at <= ${new Date().toISOString()} AND search_vector @@ tq
      ORDER BY ts_rank(search_vector, tq) DESC, id DESC LIMIT ${PAGE}`.execute(trx);
    return rows.map((row) => Number(row.id));
  });
}

/** Ids of the matches of `q` whose title holds all its words. */
async function titleMatches(db, q) {
  const { rows } = await sql`
    SELECT id FROM posts, websearch_to_tsquery('english', ${q}) tq
    WHERE draft = 0 AND search_vector @@ tq AND to_tsvector('english', title) @@ tq`.execute(db);
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * `count` queries drawn from the titles of random posts (seeded): one or two consecutive words of
 * four letters or more, as a reader types what they remember of a post's title (a query of stop
 * words only matches nothing and is not counted).
 */
async function titleQueries(db, count, seed) {
  const next = seededRandom(seed);
  const queries = [];
  for await (const title of drawnPostWords(db, 'title', next, count * 20)) {
    const words = title.filter((word) => word.length >= 4);
    if (words.length === 0) continue;
    const length = Math.min(words.length, 1 + Math.floor(next() * 2));
    const at = Math.floor(next() * (words.length - length + 1));
    queries.push(words.slice(at, at + length).join(' '));
    if (queries.length === count) break;
  }
  return queries;
}

/**
 * Whether, for queries drawn from titles, a post whose title holds every word is within the
 * first three of `firstPage(q)`, by how many posts match: the newest-first window (decision 019)
 * can leave an old post's title match out of a word found in more than 1,000 posts.
 */
export async function measureTitleQueries(store, firstPage, seed, count = 100) {
  const byTotal = new Map();
  for (const q of await titleQueries(store.db, count, seed)) {
    const [app, inTitle, total] = await Promise.all([
      firstPage(q),
      titleMatches(store.db, q),
      matchCount(store.db, q),
    ]);
    if (inTitle.size === 0) continue; // stop words only: no post matches
    const band = total > 1000 ? 'over 1,000' : total > 200 ? '201–1,000' : '1–200';
    const row = byTotal.get(band) ?? { queries: 0, top3: 0 };
    row.queries += 1;
    if (app.slice(0, 3).some((id) => inTitle.has(id))) row.top3 += 1;
    byTotal.set(band, row);
  }
  const parts = ['1–200', '201–1,000', 'over 1,000']
    .filter((band) => byTotal.has(band))
    .map((band) => `${band} matches ${byTotal.get(band).top3} of ${byTotal.get(band).queries}`);
  const all = [...byTotal.values()].reduce(
    (sum, row) => ({ queries: sum.queries + row.queries, top3: sum.top3 + row.top3 }),
    { queries: 0, top3: 0 },
  );
  console.log(
    `queries drawn from titles (seed ${seed}), a title holding every word within the first three: ${all.top3} of ${all.queries} (${parts.join('; ')})`,
  );
  recordBar({
    bar: `search: a title match in the first three, ${all.queries} queries drawn from titles`,
    figure: `${all.top3}/${all.queries} (${parts.join('; ')})`,
    target: 'all',
    pass: all.top3 === all.queries,
  });
}

/** How many visible posts match `q`, uncapped. */
async function matchCount(db, q) {
  const { rows } = await sql`
    SELECT count(*) AS n FROM posts, websearch_to_tsquery('english', ${q}) tq
    WHERE draft = 0 AND search_vector @@ tq`.execute(db);
  return Number(rows[0].n);
}

/**
 * Prints and records the overlap of `firstPage(q)` (ids, as the app ranks them) with the exact
 * ranking over `drawn` queries whose total (`totals[i]`) is small enough to rank exactly.
 */
export async function measureRankingOverlap(store, drawn, totals, firstPage, scope) {
  const maxMatches = 999;
  let capped = 0;
  let shared = 0;
  let shown = 0;
  let identical = 0;
  let compared = 0;
  let fewIdentical = 0;
  let few = 0;
  let titled = 0;
  let titledInTop3 = 0;
  for (const [i, { q }] of drawn.entries()) {
    if (totals[i] > maxMatches) capped += 1;
    if (totals[i] === 0 || totals[i] > maxMatches) continue;
    const [app, exact, inTitle] = await Promise.all([
      firstPage(q),
      exactFirstPage(store.db, q),
      titleMatches(store.db, q),
    ]);
    compared += 1;
    const exactIds = new Set(exact);
    shared += app.filter((id) => exactIds.has(id)).length;
    shown += exact.length;
    const same = app.length === exact.length && app.every((id, k) => id === exact[k]);
    if (same) identical += 1;
    if (totals[i] <= 200) {
      few += 1;
      if (same) fewIdentical += 1;
    }
    if (inTitle.size > 0) {
      titled += 1;
      if (app.slice(0, 3).some((id) => inTitle.has(id))) titledInTop3 += 1;
    }
  }
  const overlap = shown === 0 ? 1 : shared / shown;
  console.log(
    `\nfirst page against the exact ranking (every match by its whole vector), ${compared} drawn queries of 1–${fmt(maxMatches)} matches: ` +
      `${(overlap * 100).toFixed(1)} % of ids shared, ${identical} pages identical; of ≤ 200 matches ${fewIdentical} of ${few} identical; ` +
      `a title holding every word within the first three: ${titledInTop3} of ${titled} (${capped} queries of 1,000+ matches not compared)`,
  );
  recordBar({
    bar: `search first-page overlap with the exact ranking (${scope}), ${compared} drawn queries`,
    figure: `${(overlap * 100).toFixed(1)} % of ids; ≤ 200 matches ${fewIdentical}/${few} identical; title match in top 3 ${titledInTop3}/${titled}`,
    target: '≤ 200 matches identical; a title match in the first three',
    pass: fewIdentical === few && titledInTop3 === titled,
  });
}
