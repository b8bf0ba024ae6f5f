import { describe, expect, it } from 'vitest';
import { longDate } from './long-date.js';

describe('longDate', () => {
  it('writes what Intl writes for English long dates in UTC', () => {
    const intl = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });
    // Every day of a leap year and of a common one, times either side of midnight UTC.
    for (const start of [Date.UTC(2024, 0, 1), Date.UTC(2026, 0, 1)])
      for (let day = 0; day < 366; day++)
        for (const time of ['T00:00:00.000Z', 'T23:59:59.999Z']) {
          const iso = new Date(start + day * 86_400_000).toISOString().slice(0, 10) + time;
          expect(longDate(iso), iso).toBe(intl.format(new Date(iso)));
        }
    expect(longDate('2026-03-05T10:00:00+02:00')).toBe('March 5, 2026');
  });
});
