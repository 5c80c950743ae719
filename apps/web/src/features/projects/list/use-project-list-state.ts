import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { nextSort } from '../../../ui/data-table/sorting';
import { SEARCH_DEBOUNCE_MS } from '../../../ui/data-table/use-list-controls';
import {
  DEFAULT_PROJECT_LIST_PARAMS,
  isFiltered,
  projectExportRequest,
  projectListQuery,
  readProjectListParams,
  writeProjectListParams,
} from './project-list-params';
import type { ProjectListParams, ProjectSortColumn } from './project-list-params';

/**
 * The projects list state, kept in the URL query (project-list-params). The search box types
 * into local state and reaches the URL once typing pauses; any other change of filter or sort
 * starts again at the first page.
 */
export function useProjectListState() {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => readProjectListParams(query), [query]);

  const update = useCallback(
    (changes: Partial<ProjectListParams>) =>
      setQuery(
        (current) =>
          writeProjectListParams({ ...readProjectListParams(current), page: 1, ...changes }),
        { replace: true },
      ),
    [setQuery],
  );

  const [search, setSearch] = useState(params.search);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Only a settled search writes the URL here (not a URL change while typing was pending).
  const latest = useRef({ urlSearch: params.search, update });
  latest.current = { urlSearch: params.search, update };
  useEffect(() => {
    if (debouncedSearch !== latest.current.urlSearch) {
      latest.current.update({ search: debouncedSearch });
    }
  }, [debouncedSearch]);

  // The URL changed some other way (a link, back, "Clear filters"): the box shows it.
  const [seenSearch, setSeenSearch] = useState(params.search);
  if (params.search !== seenSearch) {
    setSeenSearch(params.search);
    if (params.search !== debouncedSearch) setSearch(params.search);
  }

  return {
    params,
    search,
    setSearch,
    setClient: (client: string | null) => update({ client }),
    setOwner: (owner: string | null) => update({ owner }),
    setStatus: (status: ProjectListParams['status']) => update({ status }),
    sortBy: (column: ProjectSortColumn) => update({ sort: nextSort(params.sort, column) }),
    setPage: (page: number) => update({ page }),
    query: useMemo(() => projectListQuery(params), [params]),
    exportRequest: useMemo(() => projectExportRequest(params), [params]),
    isFiltered: isFiltered(params),
    clearFilters: () => {
      setSearch('');
      update({ ...DEFAULT_PROJECT_LIST_PARAMS, sort: params.sort });
    },
  };
}

export type ProjectListState = ReturnType<typeof useProjectListState>;
