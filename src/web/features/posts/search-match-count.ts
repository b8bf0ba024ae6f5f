import type { SearchResultPage } from '../../../shared/schemas/api.js';

/**
 * "7 posts match “cache”", "1 post matches “cache”", "No posts match “cache”", and past the
 * count's cap "1,000+ posts match “cache”".
 */
export function matchCount(
  { total, capped }: Pick<SearchResultPage, 'total' | 'capped'>,
  text: string,
): string {
  if (total === 0) return `No posts match “${text}”`;
  if (capped) return `${groupDigits(total)}+ posts match “${text}”`;
  return total === 1 ? `1 post matches “${text}”` : `${total} posts match “${text}”`;
}

/** 1000 → "1,000" whatever the reader's locale: the server and the browser render the same text. */
function groupDigits(n: number): string {
  const digits = String(n);
  let grouped = '';
  for (const [i, digit] of [...digits].entries())
    grouped += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digit;
  return grouped;
}
