import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../api/list-query';
import type { ListQuery } from '../../../api/list-query';
import { nextSort, toSortParam } from '../../../ui/data-table/sorting';
import type { SortState } from '../../../ui/data-table/sorting';

export type TeamSortColumn = 'name' | 'member_count';

const SEARCH_DEBOUNCE_MS = 300;

/** What the teams table shows: search, sort and page, as a list query. */
export function useTeamListState() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState<TeamSortColumn>>({ column: 'name', direction: 'asc' });
  const sortParam = toSortParam(sort);

  const listKey = `${debouncedSearch}|${sortParam}`;
  const [paging, setPaging] = useState({ listKey, page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;

  const query: ListQuery = useMemo(
    () => ({
      filter: { search: debouncedSearch },
      sort: sortParam,
      page: { number: page, size: DEFAULT_PAGE_SIZE },
    }),
    [debouncedSearch, sortParam, page],
  );

  return {
    search,
    setSearch,
    sort,
    sortBy: (column: TeamSortColumn) => setSort((current) => nextSort(current, column)),
    setPage: (next: number) => setPaging({ listKey, page: next }),
    query,
    isFiltered: debouncedSearch !== '',
    clearFilters: () => setSearch(''),
  };
}
