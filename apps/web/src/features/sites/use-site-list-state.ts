import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../api/list-query';
import type { ListQuery } from '../../api/list-query';
import { nextSort, toSortParam } from '../../ui/data-table/sorting';
import type { SortState } from '../../ui/data-table/sorting';

export type SiteSortColumn = 'name' | 'city' | 'postcode' | 'created_at' | 'deleted_at';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * What the sites list shows: a search (name, city, postcode), live or deleted sites, a sort and a
 * page, as a list query. Another search, view or sort starts again at the first page.
 */
export function useSiteListState() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [showDeleted, setShowDeleted] = useState(false);
  const [sort, setSort] = useState<SortState<SiteSortColumn>>({ column: 'name', direction: 'asc' });
  const sortParam = toSortParam(sort);

  const listKey = `${debouncedSearch}|${showDeleted}|${sortParam}`;
  const [paging, setPaging] = useState({ listKey, page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;

  const query: ListQuery = useMemo(
    () => ({
      filter: { search: debouncedSearch, deleted: showDeleted || undefined },
      sort: sortParam,
      page: { number: page, size: DEFAULT_PAGE_SIZE },
    }),
    [debouncedSearch, showDeleted, sortParam, page],
  );

  return {
    search,
    setSearch,
    showDeleted,
    setShowDeleted,
    sort,
    sortBy: (column: SiteSortColumn) => setSort((current) => nextSort(current, column)),
    setPage: (next: number) => setPaging({ listKey, page: next }),
    query,
    isFiltered: debouncedSearch !== '' || showDeleted,
    clearFilters: () => {
      setSearch('');
      setShowDeleted(false);
    },
  };
}
