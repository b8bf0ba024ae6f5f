import { OTHER, type Kind } from './count-kinds.js';
import type { Period } from './periods.js';

/** One count of a batch: a sum, and the largest figure seen (`peak`). */
export interface Cell {
  count: number;
  peak: number;
}

/** A count as it is written: which row of `analytics_counts` it adds to. */
export interface CountRow extends Cell {
  period: Period;
  kind: Kind;
  path: string;
  value: string;
}

/**
 * Bounds of one batch, whatever the traffic: past them new keys are added up under OTHER, new
 * visitors are not marked (their views still count), and the batch asks to be written at once.
 */
export const BATCH_LIMITS = { cells: 5000, visitors: 5000, marks: 10_000 } as const;

/** The map under `key` of a map of maps, made on first use (no closure: this is per request). */
function child<K, K2, V>(map: Map<K, Map<K2, V>>, key: K): Map<K2, V> {
  let found = map.get(key);
  if (found === undefined) {
    found = new Map();
    map.set(key, found);
  }
  return found;
}

type Cells = Map<Period, Map<Kind, Map<string, Map<string, Cell>>>>;

/** Rows in key order: concurrent writers then lock rows in one order, and never deadlock. */
export const byKey = (a: CountRow, b: CountRow) => {
  const left = `${a.period}\t${a.kind}\t${a.path}\t${a.value}`;
  const right = `${b.period}\t${b.kind}\t${b.path}\t${b.value}`;
  return left < right ? -1 : left > right ? 1 : 0;
};

/**
 * The counts made since the last write, in memory: one increment per counted thing. Keys are
 * nested maps of the strings as the counter has them (a page's path from its cache entry, the
 * hour's string), never strings joined per request: a joined key is a new string whose hash
 * V8 computes again each time, which made counting cost several times more.
 *
 * A visitor is held as the pair of address and user agent, each distinct pair once, until the
 * write turns it into a salted hash (salts.ts): never longer than one batch, and never written as
 * it is.
 */
export class Batch {
  private readonly cells: Cells = new Map();
  private cellCount = 0;
  /** Each distinct visitor (address, then user agent), by its index in `pairs`. */
  private readonly visitorIds = new Map<string, Map<string, number>>();
  readonly pairs: string[] = [];
  /** hour → path ('' for the site) → the indexes of the visitors seen there. */
  private readonly marks = new Map<Period, Map<string, Set<number>>>();
  private markCount = 0;
  /** Set once a bound was reached: the batch should be written now. */
  full = false;

  get empty(): boolean {
    return this.cellCount === 0 && this.markCount === 0;
  }

  /** Distinct counts held. */
  get size(): number {
    return this.cellCount;
  }

  /**
   * The cell that counts `(period, kind, path, value)`, made on first use; past the bound, the one
   * under OTHER. A caller may keep it and add to it for as long as this batch is the counter's.
   */
  cell(period: Period, kind: Kind, path: string, value: string): Cell {
    const paths = child(child(this.cells, period), kind);
    let values = paths.get(path);
    let cell = values?.get(value);
    if (cell === undefined) {
      if (this.cellCount >= BATCH_LIMITS.cells) {
        this.full = true;
        values = child(paths, path && OTHER);
        cell = values.get(value && OTHER);
        if (cell === undefined) values.set(value && OTHER, (cell = { count: 0, peak: 0 }));
      } else {
        values ??= child(paths, path);
        values.set(value, (cell = { count: 0, peak: 0 }));
        this.cellCount += 1;
      }
    }
    return cell;
  }

  add(period: Period, kind: Kind, path: string, value: string, count = 1, peak = 0): void {
    const cell = this.cell(period, kind, path, value);
    cell.count += count;
    if (peak > cell.peak) cell.peak = peak;
  }

  /** Notes that the visitor (address, user agent) was seen on `path`, and on the site, in `hour`. */
  mark(hour: Period, path: string, address: string, userAgent: string): void {
    const id = this.visitor(address, userAgent);
    if (id === undefined) return;
    this.see(this.seenOn(hour, path), id);
    this.see(this.seenOn(hour, ''), id);
  }

  /** The visitor's index in `pairs`, added on first sight; undefined past the bound. */
  visitor(address: string, userAgent: string): number | undefined {
    let id = this.visitorIds.get(address)?.get(userAgent);
    if (id === undefined) {
      if (this.pairs.length >= BATCH_LIMITS.visitors) {
        this.full = true;
        return undefined;
      }
      id = this.pairs.push(`${address}\n${userAgent}`) - 1;
      child(this.visitorIds, address).set(userAgent, id);
    }
    return id;
  }

  /** The visitors seen on `path` ('' for the site) in `hour`; a caller may keep it as `cell`'s. */
  seenOn(hour: Period, path: string): Set<number> {
    const paths = child(this.marks, hour);
    let seen = paths.get(path);
    if (seen === undefined) paths.set(path, (seen = new Set()));
    return seen;
  }

  /** Notes visitor `id` in `seen` (from `seenOn`), within the bound. */
  see(seen: Set<number>, id: number): void {
    if (seen.has(id)) return;
    if (this.markCount >= BATCH_LIMITS.marks) {
      this.full = true;
      return;
    }
    seen.add(id);
    this.markCount += 1;
  }

  /** The counts as rows, in key order (so that concurrent writers lock rows in one order). */
  rows(): CountRow[] {
    const rows: CountRow[] = [];
    for (const [period, kinds] of this.cells)
      for (const [kind, paths] of kinds)
        for (const [path, values] of paths)
          for (const [value, cell] of values) rows.push({ period, kind, path, value, ...cell });
    return rows.sort(byKey);
  }

  /** The visitors seen, by hour (oldest first) and path: each as its pair. */
  visitorsByHour(): Array<{ hour: Period; paths: Map<string, string[]> }> {
    return [...this.marks.keys()].sort().map((hour) => {
      const paths = new Map<string, string[]>();
      for (const [path, ids] of this.marks.get(hour)!)
        paths.set(
          path,
          [...ids].map((id) => this.pairs[id]!),
        );
      return { hour, paths };
    });
  }

  /** Adds `other`'s counts and visitors to this batch, within its bounds (a write that failed). */
  merge(other: Batch): void {
    for (const row of other.rows())
      this.add(row.period, row.kind, row.path, row.value, row.count, row.peak);
    for (const { hour, paths } of other.visitorsByHour())
      for (const [path, pairs] of paths) {
        if (path === '') continue;
        for (const pair of pairs) {
          const cut = pair.indexOf('\n');
          this.mark(hour, path, pair.slice(0, cut), pair.slice(cut + 1));
        }
      }
  }
}
