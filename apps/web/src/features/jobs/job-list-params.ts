import { JOB_STATUSES } from '@fieldwork/contract';
import type { JobStatus } from '@fieldwork/contract';
import type { ExportRequest } from '../../api/exports';
import { DEFAULT_PAGE_SIZE } from '../../api/list-query';
import type { ListQuery } from '../../api/list-query';
import { toSortParam } from '../../ui/data-table/sorting';
import type { SortState } from '../../ui/data-table/sorting';
import { addDays, isCalendarDay, mondayOf } from './calendar-days';

export type JobSortColumn = 'number' | 'reference' | 'date' | 'status';
const SORT_COLUMNS: readonly JobSortColumn[] = ['number', 'reference', 'date', 'status'];

export const JOBS_VIEWS = ['list', 'board', 'plans', 'visits'] as const;
export type JobsView = (typeof JOBS_VIEWS)[number];

/** A view named in the URL, or the list for anything else. */
export const readJobsView = (value: string | null): JobsView =>
  JOBS_VIEWS.find((view) => view === value) ?? 'list';

/** `operative` filter value for jobs nobody is assigned to (the API's filter[operative_id]=null). */
export const NO_OPERATIVE = 'none';

/** What the jobs page shows. Lives in the URL query so a reload or a shared link keeps it. */
export interface JobListParams {
  view: JobsView;
  status: JobStatus | null;
  project: string | null;
  /** An operative's user id, NO_OPERATIVE, or null for everyone. */
  operative: string | null;
  /** The date range (YYYY-MM-DD, both ends included) of the list. */
  from: string | null;
  to: string | null;
  sort: SortState<JobSortColumn>;
  page: number;
  /** The Monday of the board's week; null for this week. */
  week: string | null;
  /** Text searched in the references and numbers (filter[search]); '' for none. */
  search: string;
}

export const DEFAULT_JOB_LIST_PARAMS: JobListParams = {
  view: 'list',
  status: null,
  project: null,
  operative: null,
  from: null,
  to: null,
  sort: { column: 'number', direction: 'desc' },
  page: 1,
  week: null,
  search: '',
};

const ID = /^[0-9a-f]{24}$/;
const idOrNull = (value: string | null) => (value && ID.test(value) ? value : null);
const dayOrNull = (value: string | null) => (isCalendarDay(value) ? value : null);

function readSort(value: string | null): SortState<JobSortColumn> {
  const column = SORT_COLUMNS.find((candidate) => candidate === value?.replace(/^-/, ''));
  if (!column) return DEFAULT_JOB_LIST_PARAMS.sort;
  return { column, direction: value?.startsWith('-') ? 'desc' : 'asc' };
}

/** Reads the URL query; anything unknown or malformed falls back to the default. */
export function readJobListParams(query: URLSearchParams): JobListParams {
  const operative = query.get('operative');
  const week = dayOrNull(query.get('week'));
  const page = Number(query.get('page'));
  return {
    view: readJobsView(query.get('view')),
    status: JOB_STATUSES.find((status) => status === query.get('status')) ?? null,
    project: idOrNull(query.get('project')),
    operative: operative === NO_OPERATIVE ? NO_OPERATIVE : idOrNull(operative),
    from: dayOrNull(query.get('from')),
    to: dayOrNull(query.get('to')),
    sort: readSort(query.get('sort')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    week: week && mondayOf(week),
    search: (query.get('search') ?? '').trim().slice(0, 100),
  };
}

/** The URL query of a state, leaving out what is the default (a clean URL by default). */
export function writeJobListParams(params: JobListParams): URLSearchParams {
  const query = new URLSearchParams();
  const sort = toSortParam(params.sort);
  if (params.view !== 'list') query.set('view', params.view);
  if (params.status) query.set('status', params.status);
  if (params.project) query.set('project', params.project);
  if (params.operative) query.set('operative', params.operative);
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  if (sort !== toSortParam(DEFAULT_JOB_LIST_PARAMS.sort)) query.set('sort', sort);
  if (params.page > 1) query.set('page', String(params.page));
  if (params.week) query.set('week', params.week);
  if (params.search) query.set('search', params.search);
  return query;
}

/** The list grammar's filters of GET /jobs (and of the CSV export) for the list view. */
export function jobListFilter(params: JobListParams): Record<string, string> {
  return {
    ...(params.status && { status: params.status }),
    ...(params.project && { project_id: params.project }),
    ...(params.operative && {
      operative_id: params.operative === NO_OPERATIVE ? 'null' : params.operative,
    }),
    ...(params.from && { date_from: params.from }),
    ...(params.to && { date_to: params.to }),
    ...(params.search && { search: params.search }),
  };
}

export function jobListQuery(params: JobListParams): ListQuery {
  return {
    filter: jobListFilter(params),
    sort: toSortParam(params.sort),
    page: { number: params.page, size: DEFAULT_PAGE_SIZE },
  };
}

export function jobExportRequest(params: JobListParams): ExportRequest {
  return { filter: jobListFilter(params), sort: toSortParam(params.sort) };
}

/** True when a filter narrows the list (the empty state then offers to clear them). */
export function isFiltered(params: JobListParams): boolean {
  return (
    params.status !== null ||
    params.project !== null ||
    params.operative !== null ||
    params.from !== null ||
    params.to !== null ||
    params.search !== ''
  );
}

/** The board's week: every job of the seven days from `monday` under the list's other filters. */
export function boardWeekQuery(params: JobListParams, monday: string): ListQuery {
  return {
    filter: {
      ...jobListFilter({ ...params, from: null, to: null }),
      date_from: monday,
      date_to: addDays(monday, 6),
    },
    sort: 'number',
    page: 'all',
  };
}
