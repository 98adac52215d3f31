import { describe, expect, it } from 'vitest';
import { nextSort, pageItems, PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../pagination';

describe('pageItems', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows first, last and two pages either side of the current one, with gaps', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, '...', 10]);
    expect(pageItems(6, 12)).toEqual([1, '...', 4, 5, 6, 7, 8, '...', 12]);
    expect(pageItems(12, 12)).toEqual([1, '...', 10, 11, 12]);
    expect(pageItems(4, 12)).toEqual([1, 2, 3, 4, 5, 6, '...', 12]);
  });

  it('has nothing to show without pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('offers the page sizes of the portal with 15 as default', () => {
    expect(PAGE_SIZES).toEqual([5, 15, 25, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(15);
  });
});

describe('nextSort', () => {
  it('sorts a new column ascending, then toggles descending and back', () => {
    expect(nextSort(null, 'name')).toBe('asc');
    expect(nextSort({ field: 'name', direction: 'asc' }, 'name')).toBe('desc');
    expect(nextSort({ field: 'name', direction: 'desc' }, 'name')).toBe('asc');
    expect(nextSort({ field: 'name', direction: 'desc' }, 'updated_at')).toBe('asc');
  });
});
