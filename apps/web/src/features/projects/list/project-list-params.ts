import { DEFAULT_PAGE_SIZE } from '../../../api/list-query';
import type { ExportRequest } from '../../../api/exports';
import type { ListQuery } from '../../../api/list-query';
import { toSortParam } from '../../../ui/data-table/sorting';
import type { SortState } from '../../../ui/data-table/sorting';

/** Live projects, archived ones, or both. */
export type ProjectStatusFilter = 'active' | 'archived' | 'all';
export const PROJECT_STATUS_FILTERS: readonly ProjectStatusFilter[] = ['active', 'archived', 'all'];

export type ProjectSortColumn = 'name' | 'reference' | 'client_name' | 'created_at';
const SORT_COLUMNS: readonly ProjectSortColumn[] = [
  'name',
  'reference',
  'client_name',
  'created_at',
];

/** `client` filter value for projects without a client (the API's filter[client_id]=null). */
export const NO_CLIENT = 'none';

/** What the projects list shows. Lives in the URL query so a reload or a shared link keeps it. */
export interface ProjectListParams {
  search: string;
  /** A client's id, NO_CLIENT, or null for every client. */
  client: string | null;
  owner: string | null;
  status: ProjectStatusFilter;
  sort: SortState<ProjectSortColumn>;
  page: number;
}

export const DEFAULT_PROJECT_LIST_PARAMS: ProjectListParams = {
  search: '',
  client: null,
  owner: null,
  status: 'active',
  sort: { column: 'name', direction: 'asc' },
  page: 1,
};

const ID = /^[0-9a-f]{24}$/;

function readSort(value: string | null): SortState<ProjectSortColumn> {
  const descending = value?.startsWith('-') ?? false;
  const column = SORT_COLUMNS.find((candidate) => candidate === value?.replace(/^-/, ''));
  return column
    ? { column, direction: descending ? 'desc' : 'asc' }
    : DEFAULT_PROJECT_LIST_PARAMS.sort;
}

/** Reads the URL query; anything unknown or malformed falls back to the default. */
export function readProjectListParams(query: URLSearchParams): ProjectListParams {
  const client = query.get('client');
  const owner = query.get('owner');
  const status = PROJECT_STATUS_FILTERS.find((candidate) => candidate === query.get('status'));
  const page = Number(query.get('page'));
  return {
    search: query.get('search')?.trim() ?? '',
    client: client === NO_CLIENT || (client && ID.test(client)) ? client : null,
    owner: owner && ID.test(owner) ? owner : null,
    status: status ?? DEFAULT_PROJECT_LIST_PARAMS.status,
    sort: readSort(query.get('sort')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL query of a list state, leaving out what is the default (a clean URL by default). */
export function writeProjectListParams(params: ProjectListParams): URLSearchParams {
  const query = new URLSearchParams();
  const sort = toSortParam(params.sort);
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.client) query.set('client', params.client);
  if (params.owner) query.set('owner', params.owner);
  if (params.status !== DEFAULT_PROJECT_LIST_PARAMS.status) query.set('status', params.status);
  if (sort !== toSortParam(DEFAULT_PROJECT_LIST_PARAMS.sort)) query.set('sort', sort);
  if (params.page > 1) query.set('page', String(params.page));
  return query;
}

/** The list filters of GET /projects (and of its CSV export). */
function listFilter(params: ProjectListParams): Record<string, string | boolean> {
  return {
    ...(params.search && { search: params.search }),
    ...(params.client && { client_id: params.client === NO_CLIENT ? 'null' : params.client }),
    ...(params.owner && { owner_id: params.owner }),
    ...(params.status !== 'all' && { archived: params.status === 'archived' }),
  };
}

export function projectListQuery(params: ProjectListParams): ListQuery {
  return {
    filter: listFilter(params),
    sort: toSortParam(params.sort),
    page: { number: params.page, size: DEFAULT_PAGE_SIZE },
  };
}

export function projectExportRequest(params: ProjectListParams): ExportRequest {
  return { filter: listFilter(params), sort: toSortParam(params.sort) };
}

/** True when a filter narrows the list (the empty state then offers to clear them). */
export function isFiltered(params: ProjectListParams): boolean {
  return (
    params.search !== '' ||
    params.client !== null ||
    params.owner !== null ||
    params.status !== DEFAULT_PROJECT_LIST_PARAMS.status
  );
}
