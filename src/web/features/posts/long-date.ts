const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "March 5, 2026" for an ISO date, read in UTC: what `Intl.DateTimeFormat('en', { dateStyle:
 * 'long', timeZone: 'UTC' })` writes. A page's first Intl formatter loads the browser's locale
 * data, ≈ 100 ms of main thread under Lighthouse's 4× CPU slowdown (docs/performance.md), for
 * one date in a fixed language.
 */
export function longDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
