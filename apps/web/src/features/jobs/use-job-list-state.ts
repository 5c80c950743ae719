import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { nextSort } from '../../ui/data-table/sorting';
import {
  DEFAULT_JOB_LIST_PARAMS,
  isFiltered,
  jobExportRequest,
  jobListQuery,
  readJobListParams,
  writeJobListParams,
} from './job-list-params';
import type { JobListParams, JobSortColumn } from './job-list-params';

/**
 * The jobs page state, kept in the URL query (job-list-params): the view, the filters, the
 * sort, the page and the board's week. A change of filter or sort starts at the first page.
 */
export function useJobListState() {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => readJobListParams(query), [query]);

  const update = useCallback(
    (changes: Partial<JobListParams>) =>
      setQuery(
        (current) => writeJobListParams({ ...readJobListParams(current), page: 1, ...changes }),
        { replace: true },
      ),
    [setQuery],
  );

  return {
    params,
    update,
    sortBy: (column: JobSortColumn) => update({ sort: nextSort(params.sort, column) }),
    setPage: useCallback((page: number) => update({ page }), [update]),
    query: useMemo(() => jobListQuery(params), [params]),
    exportRequest: useMemo(() => jobExportRequest(params), [params]),
    isFiltered: isFiltered(params),
    clearFilters: () =>
      update({
        ...DEFAULT_JOB_LIST_PARAMS,
        view: params.view,
        sort: params.sort,
        week: params.week,
      }),
  };
}

export type JobListState = ReturnType<typeof useJobListState>;
