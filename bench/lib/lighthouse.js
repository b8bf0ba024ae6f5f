// Lighthouse runs of one page against a Chromium already started (chrome-launcher), each reduced
// to its four category scores, its paint and shift metrics and the audits that cost it points.
import { median } from './stats.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];
const UNSCORED = new Set(['informative', 'manual', 'notApplicable']);

/** One run of `url`; a run Lighthouse could not trace scores 0 and names its error. */
async function runOnce(lighthouse, url, port) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  return {
    error: lhr.runtimeError?.code ?? null,
    scores: CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)),
    metrics: METRICS.map((id) => lhr.audits[id]?.numericValue ?? NaN),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    below: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && !UNSCORED.has(a.scoreDisplayMode))
      .map((a) => a.id),
    seoLost: (lhr.categories.seo?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && !UNSCORED.has(a.scoreDisplayMode))
      .map((a) => a.id),
  };
}

/** Whether `is-crawlable` (a `noindex` page's) is the only audit that cost SEO points, in every run. */
export const onlyNotCrawlable = (runs) =>
  runs.every((run) => run.seoLost.length === 1 && run.seoLost[0] === 'is-crawlable');

/**
 * `runs` runs of `url`, and the median of each category and metric over them. A runtime error
 * is Lighthouse failing to trace (e.g. NO_NAVSTART, seen on the first page of a session), not a
 * score of the page: that run is made once more, and the error kept to be reported.
 */
export async function auditPage(lighthouse, url, { port, runs }) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    let run = await runOnce(lighthouse, url, port);
    if (run.error) run = { ...(await runOnce(lighthouse, url, port)), retriedAfter: run.error };
    results.push(run);
  }
  const column = (key, i) => median(results.map((run) => run[key][i]));
  return {
    runs: results,
    medians: CATEGORIES.map((_, i) => column('scores', i)),
    metrics: METRICS.map((_, i) => column('metrics', i)),
    benchmarkIndex: median(results.map((run) => run.benchmarkIndex)),
  };
}

/** Audits below 0.9 over the runs, each with how many runs it failed in ("id ×2"). */
export function failedAudits(runs) {
  const counts = new Map();
  for (const run of runs) for (const id of run.below) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([id, n]) => (n > 1 ? `${id} ×${n}` : id));
}
