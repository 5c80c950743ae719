import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../api/list-query';
import type { ListQuery } from '../../../api/list-query';
import { nextSort, toSortParam } from '../../../ui/data-table/sorting';
import type { SortState } from '../../../ui/data-table/sorting';

export type TeamSortColumn = 'name' | 'team_lead_name' | 'member_count';

const SEARCH_DEBOUNCE_MS = 300;

/** What the teams table shows: search, archived filter, sort and page, as a list query. */
export function useTeamListState() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [showArchived, setShowArchived] = useState(false);
  const [sort, setSort] = useState<SortState<TeamSortColumn>>({ column: 'name', direction: 'asc' });
  const sortParam = toSortParam(sort);

  const listKey = `${debouncedSearch}|${showArchived}|${sortParam}`;
  const [paging, setPaging] = useState({ listKey, page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;

  const query: ListQuery = useMemo(
    () => ({
      filter: { search: debouncedSearch, archived: showArchived },
      sort: sortParam,
      page: { number: page, size: DEFAULT_PAGE_SIZE },
    }),
    [debouncedSearch, showArchived, sortParam, page],
  );

  return {
    search,
    setSearch,
    showArchived,
    setShowArchived,
    sort,
    sortBy: (column: TeamSortColumn) => setSort((current) => nextSort(current, column)),
    setPage: (next: number) => setPaging({ listKey, page: next }),
    query,
    isFiltered: debouncedSearch !== '' || showArchived,
    clearFilters: () => {
      setSearch('');
      setShowArchived(false);
    },
  };
}
