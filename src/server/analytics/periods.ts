/**
 * The periods counts are kept by, as text that sorts as time does (UTC): an hour
 * `2026-05-04T13`, a day `2026-05-04`, a month `2026-05`. A month sorts before its days and a day
 * before its hours, so every row of a day (its own or its hours') lies in `[day, next day)`.
 */
export type Period = string;

const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The hour `time` falls in. */
export const hourOf = (time: number): Period => new Date(time).toISOString().slice(0, 13);

/** The day `time` falls in. */
export const dayOf = (time: number): Period => new Date(time).toISOString().slice(0, 10);

/** The day of an hour or a day. */
export const dayOfPeriod = (period: Period): Period => period.slice(0, 10);

/** The month of an hour, a day or a month. */
export const monthOfPeriod = (period: Period): Period => period.slice(0, 7);

/** The first instant of a day, in ms since the epoch. */
export const startOfDay = (day: Period): number => Date.parse(`${day}T00:00:00Z`);

/** The day `days` after (or before) `day`. */
export const addDays = (day: Period, days: number): Period =>
  dayOf(startOfDay(day) + days * DAY_MS);

/** The period after every row of `period`'s own range: the next hour, day or month. */
export function periodEnd(period: Period): Period {
  if (period.length === 13) return hourOf(Date.parse(`${period}:00:00Z`) + HOUR_MS);
  if (period.length === 10) return addDays(period, 1);
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
}

/**
 * The hour of "now", remembered until it ends: the hot path asks on every answer, and making the
 * string costs more than comparing two numbers.
 */
export class CurrentHour {
  /** The day of the hour last asked for. */
  day: Period = '';
  private hour: Period = '';
  private endsAt = 0;
  private startsAt = 0;

  of(now: number): Period {
    if (now >= this.endsAt || now < this.startsAt) {
      this.startsAt = now - (now % HOUR_MS);
      this.endsAt = this.startsAt + HOUR_MS;
      this.hour = hourOf(now);
      this.day = dayOfPeriod(this.hour);
    }
    return this.hour;
  }
}
