import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../api/list-query';
import type { ListQuery } from '../../api/list-query';
import { nextSort, toSortParam } from './sorting';
import type { SortState } from './sorting';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * What a list of archivable records shows: search, archived filter, sort (ascending by
 * `defaultSort` first) and page, as a list query. Another search, filter or sort starts again at
 * the first page.
 */
export function useArchivableListState<Column extends string>(
  defaultSort: Column,
  {
    initialSearch = '',
    initialShowArchived = false,
  }: { initialSearch?: string; initialShowArchived?: boolean } = {},
) {
  const [search, setSearch] = useState(initialSearch);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [showArchived, setShowArchived] = useState(initialShowArchived);
  const [sort, setSort] = useState<SortState<Column>>({ column: defaultSort, direction: 'asc' });
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
    sortBy: (column: Column) => setSort((current) => nextSort(current, column)),
    setPage: (next: number) => setPaging({ listKey, page: next }),
    query,
    /** The search as sent (trimmed, debounced) and the sort parameter, e.g. for an export. */
    debouncedSearch,
    sortParam,
    isFiltered: debouncedSearch !== '' || showArchived,
    clearFilters: () => {
      setSearch('');
      setShowArchived(false);
    },
  };
}

export type ArchivableListState<Column extends string> = ReturnType<
  typeof useArchivableListState<Column>
>;
