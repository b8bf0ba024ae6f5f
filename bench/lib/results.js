// The bars each bench measured, gathered so that `npm run bench` ends with one table of them.
// A bench run on its own prints only its own tables; under run-all (BENCH_RESULTS set) each
// bar is also appended, one JSON line per bar, to that file.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * One measured bar. `target` is the bar's text (null: reported only, no target); `pass` is
 * whether the figure meets it.
 */
export function recordBar({ bar, figure, target = null, pass = null }) {
  const file = process.env.BENCH_RESULTS;
  if (!file) return;
  const bench = basename(process.argv[1] ?? '');
  appendFileSync(file, `${JSON.stringify({ bench, bar, figure, target, pass })}\n`);
}

/** The bars recorded in `file`, in the order they were measured. */
export function readBars(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The status column: PASS / MISS against a target, or "reported". */
export function statusOf({ target, pass }) {
  if (target == null) return 'reported';
  return pass ? 'PASS' : 'MISS';
}
