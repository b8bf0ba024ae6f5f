import type { CountRow } from './batch.js';
import { OTHER } from './count-kinds.js';

/**
 * Rows kept of each kind when hours are folded into a day or days into a month: the largest
 * counts; the rest are added up under OTHER, so that totals stay whole while a year of a busy site
 * stays a few thousand rows a month.
 */
export const FOLD_TOP = { view: 50, visitors: 50, other: 25 } as const;

/** Sums rows of one period by kind, path and value. */
function summed(rows: readonly CountRow[]): CountRow[] {
  const byKey = new Map<string, CountRow>();
  for (const row of rows) {
    const key = `${row.kind}\t${row.path}\t${row.value}`;
    const held = byKey.get(key);
    if (!held) byKey.set(key, { ...row });
    else {
      held.count += row.count;
      held.peak = Math.max(held.peak, row.peak);
    }
  }
  return [...byKey.values()];
}

/**
 * The rows of a fold: per kind, the site's own totals (path and value '') and the largest others
 * kept as they are, the rest added up in one row under OTHER.
 */
export function topRows(rows: readonly CountRow[]): CountRow[] {
  const byKind = new Map<string, CountRow[]>();
  for (const row of summed(rows)) {
    const same = byKind.get(row.kind) ?? [];
    same.push(row);
    byKind.set(row.kind, same);
  }
  const kept: CountRow[] = [];
  for (const [kind, same] of byKind) {
    const top = kind === 'view' || kind === 'visitors' ? FOLD_TOP[kind] : FOLD_TOP.other;
    const totals = same.filter((row) => row.path === '' && row.value === '');
    // What an earlier fold added up stays added up: folding again changes nothing.
    const folded = same.filter((row) => row.path === OTHER || row.value === OTHER);
    const ranked = same
      .filter((row) => (row.path !== '' || row.value !== '') && !folded.includes(row))
      .sort((a, b) => b.count - a.count || (a.path + a.value < b.path + b.value ? -1 : 1));
    kept.push(...totals, ...ranked.slice(0, top));
    const rest = [...ranked.slice(top), ...folded];
    if (rest.length === 0) continue;
    kept.push({
      period: rest[0]!.period,
      kind: rest[0]!.kind,
      path: rest.every((row) => row.path === '') ? '' : OTHER,
      value: rest.every((row) => row.value === '') ? '' : OTHER,
      count: rest.reduce((sum, row) => sum + row.count, 0),
      peak: Math.max(...rest.map((row) => row.peak)),
    });
  }
  return summed(kept);
}
