/** A page number to link, or a gap shown as an ellipsis. */
export type PageItem = number | 'gap';

/**
 * The pages a selector shows: the first, the last, and `spread` either side of the current
 * one, with gaps for what is left out. A gap of a single page shows that page instead.
 */
export function pageItems(current: number, last: number, spread = 1): PageItem[] {
  if (last <= 1) return [1];
  const wanted = new Set<number>([1, last]);
  for (let page = current - spread; page <= current + spread; page++) {
    if (page >= 1 && page <= last) wanted.add(page);
  }
  const pages = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const [index, page] of pages.entries()) {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  }
  return items;
}
