// How far PostgreSQL's first page of a search lies from the exact ranking (decision 019): for
// drawn queries of fewer matches than the count's cap (ranking a word in most posts exactly takes
// seconds), the app's first page against every match ranked by ts_rank on its whole vector; and,
// where some matches hold every word of the query in their title, whether one of them is within
// the first three.
import { sql } from 'kysely';
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
