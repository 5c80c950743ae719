import { useMemo } from 'react';
import { pagedListQuery, useListPage, useListSearch, useListSort } from './use-list-controls';
import { useUrlState } from './use-url-state';

/**
 * What a list of archivable records shows: search, archived filter, sort (ascending by
 * `defaultSort` first) and page, as a list query. Another search, filter or sort starts again at
 * the first page. All of it lives in the address (?search=&archived=true&sort=-name&page=2).
 */
export function useArchivableListState<Column extends string>(
  defaultSort: Column,
  {
    initialSearch = '',
    initialShowArchived = false,
  }: { initialSearch?: string; initialShowArchived?: boolean } = {},
) {
  const { search, setSearch, debouncedSearch } = useListSearch(initialSearch);
  const [url, update] = useUrlState({ archived: initialShowArchived ? 'true' : 'false' });
  const showArchived = url.archived === 'true';
  const setShowArchived = (value: boolean) => update({ archived: String(value) });
  const { sort, sortParam, sortBy } = useListSort<Column>({
    column: defaultSort,
    direction: 'asc',
  });
  const { page, setPage } = useListPage(`${debouncedSearch}|${showArchived}|${sortParam}`);

  const query = useMemo(
    () => pagedListQuery({ search: debouncedSearch, archived: showArchived }, sortParam, page),
    [debouncedSearch, showArchived, sortParam, page],
  );

  return {
    search,
    setSearch,
    showArchived,
    setShowArchived,
    sort,
    sortBy,
    setPage,
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
