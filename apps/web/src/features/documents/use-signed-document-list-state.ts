import { useMemo } from 'react';
import type { FilterValue } from '../../api/list-query';
import { toSortParam } from '../../ui/data-table/sorting';
import {
  pagedListQuery,
  useListPage,
  useListSearch,
  useListSort,
} from '../../ui/data-table/use-list-controls';
import { useUrlState } from '../../ui/data-table/use-url-state';

export type SignedDocumentSortColumn = 'name';

/** The filters as the address keeps them (`?project_id=…&outstanding=true`). */
const URL_DEFAULTS = { project_id: '', outstanding: '' };

/**
 * Search, project, "outstanding only", sort and page of the organisation's signed documents,
 * kept in the address (ui/data-table/use-url-state) so they survive Back, a reload and a shared
 * link; any change of filter or sort starts at page 1. "Outstanding" is what the viewer follows:
 * a manager, the documents some recipient still has to sign (`filter[has_outstanding]`); anyone
 * else, those they still have to sign themselves (`filter[outstanding]`).
 */
export function useSignedDocumentListState(manages: boolean) {
  const [url, update] = useUrlState(URL_DEFAULTS);
  const projectId = url.project_id || null;
  const outstanding = url.outstanding === 'true';
  const { search, setSearch, debouncedSearch } = useListSearch();
  const { sort, sortBy } = useListSort<SignedDocumentSortColumn>({
    column: 'name',
    direction: 'asc',
  });
  const { page, setPage } = useListPage(
    JSON.stringify([projectId, outstanding, sort, debouncedSearch]),
  );
  const query = useMemo(() => {
    const filter: Record<string, FilterValue> = {};
    if (debouncedSearch) filter.search = debouncedSearch;
    if (projectId) filter.project_id = projectId;
    if (outstanding) filter[manages ? 'has_outstanding' : 'outstanding'] = true;
    return pagedListQuery(filter, toSortParam(sort), page);
  }, [debouncedSearch, projectId, outstanding, manages, sort, page]);
  return {
    search,
    setSearch,
    projectId,
    setProjectId: (value: string | null) => update({ project_id: value ?? '' }),
    outstanding,
    setOutstanding: (value: boolean) => update({ outstanding: value ? 'true' : '' }),
    clearFilters: () => {
      setSearch('');
      update(URL_DEFAULTS);
    },
    isFiltered: projectId !== null || outstanding || debouncedSearch !== '',
    sort,
    sortBy,
    setPage,
    query,
  };
}

export type SignedDocumentListState = ReturnType<typeof useSignedDocumentListState>;
