export const PAGE_SIZES = [5, 15, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 15;

export type PageItem = number | '...';

/** First, last and two pages either side of the current one; gaps become '...'. */
export function pageItems(current: number, last: number): PageItem[] {
  if (last < 1) return [];
  const pages = new Set<number>([1, last]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) items.push('...');
    items.push(p);
  });
  return items;
}

/** Header click: a new column sorts ascending; the same column toggles asc <-> desc. */
export function nextSort<T extends { field: string; direction: 'asc' | 'desc' }>(
  current: T | null | undefined,
  field: string,
): 'asc' | 'desc' {
  if (!current || current.field !== field) return 'asc';
  return current.direction === 'asc' ? 'desc' : 'asc';
}
