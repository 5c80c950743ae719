import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { ExportRequest } from '../../api/exports';
import { DEFAULT_PAGE_SIZE } from '../../api/list-query';
import type { ListQuery } from '../../api/list-query';
import { nextSort, toSortParam } from '../../ui/data-table/sorting';
import type { SortState } from '../../ui/data-table/sorting';

export type ClientSortColumn = 'name' | 'project_count' | 'created_at';

const SEARCH_DEBOUNCE_MS = 300;

/** What the clients table shows: search, archived filter, sort and page, as a list query. */
export function useClientListState() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [showArchived, setShowArchived] = useState(false);
  const [sort, setSort] = useState<SortState<ClientSortColumn>>({
    column: 'name',
    direction: 'asc',
  });

  const filter = useMemo(
    () => ({ search: debouncedSearch, archived: showArchived }),
    [debouncedSearch, showArchived],
  );
  const sortParam = toSortParam(sort);

  // A different list starts again at its first page.
  const listKey = `${debouncedSearch}|${showArchived}|${sortParam}`;
  const [paging, setPaging] = useState({ listKey, page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;

  const query: ListQuery = useMemo(
    () => ({ filter, sort: sortParam, page: { number: page, size: DEFAULT_PAGE_SIZE } }),
    [filter, sortParam, page],
  );
  const exportRequest: ExportRequest = useMemo(
    () => ({
      filter: { ...(debouncedSearch && { search: debouncedSearch }), archived: showArchived },
      sort: sortParam,
    }),
    [debouncedSearch, showArchived, sortParam],
  );

  return {
    search,
    setSearch,
    showArchived,
    setShowArchived,
    sort,
    sortBy: (column: ClientSortColumn) => setSort((current) => nextSort(current, column)),
    setPage: (next: number) => setPaging({ listKey, page: next }),
    query,
    exportRequest,
    isFiltered: debouncedSearch !== '' || showArchived,
    clearFilters: () => {
      setSearch('');
      setShowArchived(false);
    },
  };
}

export type ClientListState = ReturnType<typeof useClientListState>;
