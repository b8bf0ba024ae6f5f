import { OTHER } from './count-kinds.js';
import type { Period } from './periods.js';

/**
 * How many distinct values of each group one process counts in a day; the rest are added up
 * under OTHER. Without them a flood of made-up URLs, search words or referrers would grow the
 * store (and this memory) by a row each. Pages: a site's real pages, which a large site has many
 * of; the others are lists an owner reads the top of.
 */
export const DAY_LIMITS = {
  path: 10_000,
  missing: 1000,
  search: 1000,
  referrer: 1000,
  utm: 200,
  bot: 200,
  reader: 200,
} as const;

export type ValueGroup = keyof typeof DAY_LIMITS;

/** The values each group has counted today, to hold each group under its limit. */
export class DayValues {
  private day: Period = '';
  private readonly seen = new Map<ValueGroup, Set<string>>();

  /** `value`, or OTHER once the group has its day's fill of other values. */
  admit(day: Period, group: ValueGroup, value: string): string {
    if (day !== this.day) {
      this.day = day;
      this.seen.clear();
    }
    let values = this.seen.get(group);
    if (values === undefined) {
      values = new Set();
      this.seen.set(group, values);
    }
    if (values.has(value)) return value;
    if (values.size >= DAY_LIMITS[group]) return OTHER;
    values.add(value);
    return value;
  }

  /** Values held now, all groups together. */
  get size(): number {
    let size = 0;
    for (const values of this.seen.values()) size += values.size;
    return size;
  }
}
