import { describe, expect, it } from 'vitest';
import { filterSortPage } from './use-local-list';

interface Row {
  name: string;
  since: string | null;
}
const rows: Row[] = [
  { name: 'bea', since: '2026-02-01' },
  { name: 'Al', since: null },
  { name: 'cy', since: '2025-01-01' },
];
const options = {
  searchText: (row: Row) => row.name,
  sortValue: (row: Row, column: 'name' | 'since') => row[column],
};

describe('filterSortPage', () => {
  it('sorts text without case and keeps empty values last in both directions', () => {
    const names = (column: 'name' | 'since', direction: 'asc' | 'desc') =>
      filterSortPage(rows, {
        ...options,
        search: '',
        sort: { column, direction },
        page: 1,
      }).rows.map((row) => row.name);
    expect(names('name', 'asc')).toEqual(['Al', 'bea', 'cy']);
    expect(names('name', 'desc')).toEqual(['cy', 'bea', 'Al']);
    expect(names('since', 'asc')).toEqual(['cy', 'bea', 'Al']);
    expect(names('since', 'desc')).toEqual(['bea', 'cy', 'Al']);
  });

  it('searches case-insensitively and pages like the API', () => {
    const sort = { column: 'name' as const, direction: 'asc' as const };
    expect(filterSortPage(rows, { ...options, search: ' B', sort, page: 1 }).meta.total).toBe(1);
    const page = filterSortPage(rows, { ...options, search: '', sort, page: 2, pageSize: 2 });
    expect(page.rows.map((row) => row.name)).toEqual(['cy']);
    expect(page.meta).toEqual({ total: 3, current_page: 2, per_page: 2, last_page: 2 });
    expect(
      filterSortPage(rows, { ...options, search: '', sort, page: 9, pageSize: 2 }).meta
        .current_page,
    ).toBe(2);
  });
});
