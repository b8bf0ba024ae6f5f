/** Values bound in one IN list: well under SQLite's 32,766 bound variables, large enough to be fast. */
export const IN_LIST_BATCH = 400;

/** Rows per INSERT (and per page read back): under SQLite's bound variables for any table here. */
export const ROWS_PER_INSERT = 400;

/** `items` cut into slices of at most `size`, one statement's worth each. */
export function batches<T>(items: readonly T[], size = IN_LIST_BATCH): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}
