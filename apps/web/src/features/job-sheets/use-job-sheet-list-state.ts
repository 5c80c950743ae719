import { JOB_SHEET_STATUSES, type JobSheetStatus } from '@fieldwork/contract';
import { useMemo } from 'react';
import type { FilterValue, ListQuery } from '../../api/list-query';
import { toSortParam, type SortState } from '../../ui/data-table/sorting';
import {
  pagedListQuery,
  useListPage,
  useListSearch,
  useListSort,
} from '../../ui/data-table/use-list-controls';
import { useUrlState } from '../../ui/data-table/use-url-state';

export type JobSheetSortColumn = 'number' | 'submitted_at' | 'status';

export interface JobSheetFilters {
  status: JobSheetStatus | null;
  project_id: string | null;
  current_approval_stage_id: string | null;
  operative_id: string | null;
  /** Submitted on or after this day (YYYY-MM-DD). */
  submitted_from: string;
  /** Submitted on or before this day (YYYY-MM-DD). */
  submitted_to: string;
  has_duplicates: boolean;
}

export const NO_FILTERS: JobSheetFilters = {
  status: null,
  project_id: null,
  current_approval_stage_id: null,
  operative_id: null,
  submitted_from: '',
  submitted_to: '',
  has_duplicates: false,
};

/** The day after a YYYY-MM-DD day (filter[submitted_to] is exclusive). */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The list query of the managers' job sheets page for these filters, sort and page, and the text
 * searched (filter[search]: the number, the form, the job's reference, the answers' words).
 */
export function jobSheetListQuery(
  filters: JobSheetFilters,
  sort: SortState<JobSheetSortColumn>,
  page: number,
  search = '',
): ListQuery {
  const filter: Record<string, FilterValue> = {};
  if (search) filter.search = search;
  if (filters.status) filter.status = filters.status;
  if (filters.project_id) filter.project_id = filters.project_id;
  if (filters.current_approval_stage_id)
    filter.current_approval_stage_id = filters.current_approval_stage_id;
  if (filters.operative_id) filter.operative_id = filters.operative_id;
  if (filters.submitted_from) filter.submitted_from = filters.submitted_from;
  if (filters.submitted_to) filter.submitted_to = dayAfter(filters.submitted_to);
  if (filters.has_duplicates) filter.has_duplicates = true;
  return pagedListQuery(filter, toSortParam(sort), page);
}

/** The filters as the address keeps them (`?status=SUBMITTED&project_id=…&has_duplicates=true`). */
const URL_DEFAULTS = {
  status: '',
  project_id: '',
  current_approval_stage_id: '',
  operative_id: '',
  submitted_from: '',
  submitted_to: '',
  has_duplicates: '',
};
type UrlFilters = typeof URL_DEFAULTS;

const isStatus = (value: string): value is JobSheetStatus =>
  (JOB_SHEET_STATUSES as readonly string[]).includes(value);

export function filtersFromUrl(url: UrlFilters): JobSheetFilters {
  return {
    status: isStatus(url.status) ? url.status : null,
    project_id: url.project_id || null,
    current_approval_stage_id: url.current_approval_stage_id || null,
    operative_id: url.operative_id || null,
    submitted_from: url.submitted_from,
    submitted_to: url.submitted_to,
    has_duplicates: url.has_duplicates === 'true',
  };
}

const toUrl = <Key extends keyof JobSheetFilters>(value: JobSheetFilters[Key]): string =>
  value === null || value === false ? '' : String(value);

/**
 * Filters, sort and page of the job sheets page, kept in the address (ui/data-table/use-url-state)
 * so they survive Back, a reload and a shared link; any change of filter or sort starts at page 1.
 */
export function useJobSheetListState() {
  const [url, update] = useUrlState(URL_DEFAULTS);
  const filters = useMemo(() => filtersFromUrl(url), [url]);
  // ?search=…, typed into the box, written to the address once the typing pauses
  // (ui/data-table/use-list-controls); the page reset it causes adds to that write (use-url-state).
  const { search, setSearch, debouncedSearch } = useListSearch();
  const { sort, sortBy } = useListSort<JobSheetSortColumn>({
    column: 'submitted_at',
    direction: 'desc',
  });
  const { page, setPage } = useListPage(JSON.stringify([filters, sort, debouncedSearch]));
  const query = useMemo(
    () => jobSheetListQuery(filters, sort, page, debouncedSearch),
    [filters, sort, page, debouncedSearch],
  );
  return {
    filters,
    search,
    setSearch,
    setFilter: <Key extends keyof JobSheetFilters>(key: Key, value: JobSheetFilters[Key]) =>
      update({
        [key]: toUrl(value),
        // A stage belongs to a project: another project forgets the stage.
        ...(key === 'project_id' ? { current_approval_stage_id: '' } : {}),
      }),
    clearFilters: () => {
      setSearch('');
      update(URL_DEFAULTS);
    },
    isFiltered: JSON.stringify(filters) !== JSON.stringify(NO_FILTERS) || debouncedSearch !== '',
    sort,
    sortBy,
    setPage,
    query,
  };
}

export type JobSheetListState = ReturnType<typeof useJobSheetListState>;
