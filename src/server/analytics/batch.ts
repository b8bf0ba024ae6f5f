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
export const BATCH_LIMITS = { cells: 20_000, visitors: 20_000, marks: 50_000 } as const;

const SEPARATOR = '\t';

/**
 * The counts made since the last write, in memory: one increment per counted thing. A visitor
 * is held as the pair of address and user agent, each distinct pair once, until the write turns
 * it into a salted hash (salts.ts): never longer than one batch, and never written as it is.
 */
export class Batch {
  /** `period \t kind \t path \t value` → its count. */
  readonly cells = new Map<string, Cell>();
  /** Each distinct visitor pair (`address \n user agent`), by its index in `pairs`. */
  private readonly visitorIds = new Map<string, number>();
  readonly pairs: string[] = [];
  /** `hour \t path` → the indexes of the visitors seen there. */
  readonly marks = new Map<string, Set<number>>();
  private markCount = 0;
  /** Set once a bound was reached: the batch should be written now. */
  full = false;

  get empty(): boolean {
    return this.cells.size === 0 && this.marks.size === 0;
  }

  add(period: Period, kind: Kind, path: string, value: string, count = 1, peak = 0): void {
    let key = period + SEPARATOR + kind + SEPARATOR + path + SEPARATOR + value;
    let cell = this.cells.get(key);
    if (cell === undefined) {
      if (this.cells.size >= BATCH_LIMITS.cells) {
        this.full = true;
        key =
          period + SEPARATOR + kind + SEPARATOR + (path && OTHER) + SEPARATOR + (value && OTHER);
        cell = this.cells.get(key);
      }
      if (cell === undefined) {
        cell = { count: 0, peak: 0 };
        this.cells.set(key, cell);
      }
    }
    cell.count += count;
    if (peak > cell.peak) cell.peak = peak;
  }

  /** Notes that the visitor `pair` was seen on `path` (and on the site) in `hour`. */
  mark(hour: Period, path: string, pair: string): void {
    let id = this.visitorIds.get(pair);
    if (id === undefined) {
      if (this.pairs.length >= BATCH_LIMITS.visitors) {
        this.full = true;
        return;
      }
      id = this.pairs.push(pair) - 1;
      this.visitorIds.set(pair, id);
    }
    this.markOne(hour + SEPARATOR + path, id);
    this.markOne(hour + SEPARATOR, id);
  }

  private markOne(key: string, id: number): void {
    let seen = this.marks.get(key);
    if (seen === undefined) {
      seen = new Set();
      this.marks.set(key, seen);
    }
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
    return [...this.cells.keys()].sort().map((key) => {
      const [period, kind, path, value] = key.split(SEPARATOR) as [Period, Kind, string, string];
      return { period, kind, path, value, ...this.cells.get(key)! };
    });
  }

  /** The visitors seen, by hour (oldest first) and path: each as its pair. */
  visitorsByHour(): Array<{ hour: Period; paths: Map<string, string[]> }> {
    const hours = new Map<Period, Map<string, string[]>>();
    for (const [key, ids] of this.marks) {
      const [hour, path] = key.split(SEPARATOR) as [Period, string];
      let paths = hours.get(hour);
      if (!paths) hours.set(hour, (paths = new Map()));
      paths.set(
        path,
        [...ids].map((id) => this.pairs[id]!),
      );
    }
    return [...hours.keys()].sort().map((hour) => ({ hour, paths: hours.get(hour)! }));
  }

  /** Adds `other`'s counts and visitors to this batch, within its bounds (a write that failed). */
  merge(other: Batch): void {
    for (const row of other.rows())
      this.add(row.period, row.kind, row.path, row.value, row.count, row.peak);
    for (const { hour, paths } of other.visitorsByHour())
      for (const [path, pairs] of paths) {
        if (path === '') continue;
        for (const pair of pairs) this.mark(hour, path, pair);
      }
  }
}
