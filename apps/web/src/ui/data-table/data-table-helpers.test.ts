import { describe, expect, it } from 'vitest';
import { paginationRange } from './pagination-range';
import { nextSort, toSortParam } from './sorting';

describe('sorting', () => {
  it('builds the sort parameter', () => {
    expect(toSortParam({ column: 'name', direction: 'asc' })).toBe('name');
    expect(toSortParam({ column: 'project_count', direction: 'desc' })).toBe('-project_count');
  });

  it('sorts a new column ascending and flips the current one', () => {
    const byName = { column: 'name', direction: 'asc' } as const;
    expect(nextSort(byName, 'created_at')).toEqual({ column: 'created_at', direction: 'asc' });
    expect(nextSort(byName, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'name')).toEqual(byName);
  });
});

describe('paginationRange', () => {
  it('shows the rows of the page and the total', () => {
    expect(paginationRange({ total: 60, current_page: 1, per_page: 25, last_page: 3 })).toBe(
      '1–25 of 60',
    );
    expect(paginationRange({ total: 60, current_page: 3, per_page: 25, last_page: 3 })).toBe(
      '51–60 of 60',
    );
    expect(paginationRange({ total: 0, current_page: 1, per_page: 25, last_page: 1 })).toBe(
      '0 of 0',
    );
  });
});
