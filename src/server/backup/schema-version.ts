import { BackupError } from './backup-errors.js';

/** The newest of a list of migration names (they sort in the order they were written). */
export function newest(names: readonly string[]): string {
  return [...names].sort().at(-1) ?? 'none';
}

/**
 * Refuses a backup whose store has migrations this build does not know: it was written by a
 * newer Postfolio, and its rows may not fit this build's tables.
 */
export function checkSchema(
  file: string,
  applied: readonly string[],
  known: readonly string[],
): void {
  if (applied.length === 0)
    throw new BackupError(`${file} is not a Postfolio backup: it records no schema migrations`);
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new BackupError(
      `${file} comes from a newer Postfolio: its schema is ${newest(applied)}, and this build ` +
        `knows migrations up to ${newest(known)} (it lacks ${unknown.join(', ')}); restore it with ` +
        'the version that wrote it, or a newer one',
    );
}
