import { useMemo, useState } from 'react';
import {
  pagedListQuery,
  useListPage,
  useListSearch,
  useListSort,
} from '../../ui/data-table/use-list-controls';

export type SiteSortColumn = 'name' | 'city' | 'postcode' | 'created_at' | 'deleted_at';

/**
 * What the sites list shows: a search (name, city, postcode), live or deleted sites, a sort and a
 * page, as a list query. Another search, view or sort starts again at the first page.
 */
export function useSiteListState() {
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [showDeleted, setShowDeleted] = useState(false);
  const { sort, sortParam, sortBy } = useListSort<SiteSortColumn>({
    column: 'name',
    direction: 'asc',
  });
  const { page, setPage } = useListPage(`${debouncedSearch}|${showDeleted}|${sortParam}`);

  const query = useMemo(
    () =>
      pagedListQuery(
        { search: debouncedSearch, deleted: showDeleted || undefined },
        sortParam,
        page,
      ),
    [debouncedSearch, showDeleted, sortParam, page],
  );

  return {
    search,
    setSearch,
    showDeleted,
    setShowDeleted,
    sort,
    sortBy,
    setPage,
    query,
    isFiltered: debouncedSearch !== '' || showDeleted,
    clearFilters: () => {
      setSearch('');
      setShowDeleted(false);
    },
  };
}
