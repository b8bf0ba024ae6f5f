/** A front-matter date: a day, or a day and time with an optional zone (`date`, `updated`). */
export const FRONT_DATE_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';

/**
 * The instant a front-matter date stands for, or undefined when its day does not exist. A date
 * or time without a zone is UTC, so the stored instant does not depend on the machine.
 */
export function frontDate(text: string): Date | undefined {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text);
  const instant = new Date(
    text.length === 10 ? `${text}T00:00:00Z` : `${text.replace(' ', 'T')}${zoned ? '' : 'Z'}`,
  );
  // Date() rolls an impossible day over (2026-02-31 → 2026-03-03), so the calendar day is checked too.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    Number.isNaN(instant.getTime()) ||
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day
  )
    return undefined;
  return instant;
}
