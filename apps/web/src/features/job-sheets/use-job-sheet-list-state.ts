import type { JobSheetStatus } from '@fieldwork/contract';
import { useMemo, useState } from 'react';
import type { FilterValue, ListQuery } from '../../api/list-query';
import { toSortParam, type SortState } from '../../ui/data-table/sorting';
import { pagedListQuery, useListPage, useListSort } from '../../ui/data-table/use-list-controls';

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

/** The list query of the managers' job sheets page for these filters, sort and page. */
export function jobSheetListQuery(
  filters: JobSheetFilters,
  sort: SortState<JobSheetSortColumn>,
  page: number,
): ListQuery {
  const filter: Record<string, FilterValue> = {};
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

/** Filters, sort and page of the job sheets page; any change of filter or sort starts at page 1. */
export function useJobSheetListState(initial: Partial<JobSheetFilters> = {}) {
  const [filters, setFilters] = useState<JobSheetFilters>({ ...NO_FILTERS, ...initial });
  const { sort, sortBy } = useListSort<JobSheetSortColumn>({
    column: 'submitted_at',
    direction: 'desc',
  });
  const { page, setPage } = useListPage(JSON.stringify([filters, sort]));
  const query = useMemo(() => jobSheetListQuery(filters, sort, page), [filters, sort, page]);
  return {
    filters,
    setFilter: <Key extends keyof JobSheetFilters>(key: Key, value: JobSheetFilters[Key]) =>
      setFilters((current) => ({
        ...current,
        [key]: value,
        // A stage belongs to a project: another project forgets the stage.
        ...(key === 'project_id' ? { current_approval_stage_id: null } : {}),
      })),
    clearFilters: () => setFilters(NO_FILTERS),
    isFiltered: JSON.stringify(filters) !== JSON.stringify(NO_FILTERS),
    sort,
    sortBy,
    setPage,
    query,
  };
}

export type JobSheetListState = ReturnType<typeof useJobSheetListState>;
