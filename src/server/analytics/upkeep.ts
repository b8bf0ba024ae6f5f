import type { AnalyticsConfig } from './analytics-config.js';
import type { AnalyticsRepository } from './analytics.repository.js';
import { topRows } from './folds.js';
import { addDays, dayOf, periodEnd, type Period } from './periods.js';
import type { Salts } from './salts.js';

/** How long after its day a day's visitor hashes stay: batches of that day may still be written. */
export const VISITORS_GRACE_MS = 3_600_000;

/**
 * What keeps the counts small, run by every process from time to time (all of it is safe to run
 * twice at once): the day's visitor hashes and salt deleted an hour after the day; a day older
 * than ANALYTICS_HOURLY_DAYS folded whole (its hours and its pages) into its day's rows, the
 * months older than ANALYTICS_DAILY_DAYS whole into the month's (folds.ts keeps the largest rows
 * of each kind); counts older than ANALYTICS_RETENTION_DAYS deleted.
 */
export async function keepUp(
  repository: AnalyticsRepository,
  salts: Salts,
  config: AnalyticsConfig,
  now: number,
): Promise<void> {
  const openDay = dayOf(now - VISITORS_GRACE_MS);
  await repository.forgetVisitorsBefore(openDay);
  salts.forgetBefore(openDay);

  const today = dayOf(now);
  const hoursBefore = addDays(today, -config.hourlyDays);
  for (const day of await repository.periodsToFold(13, 10, hoursBefore))
    await repository.fold(day, periodEnd(day), topRows);

  const daysBefore: Period = addDays(today, -config.dailyDays).slice(0, 7);
  for (const month of await repository.periodsToFold(10, 7, daysBefore))
    await repository.fold(month, periodEnd(month), topRows);

  await repository.deleteBefore(addDays(today, -config.retentionDays));
}
