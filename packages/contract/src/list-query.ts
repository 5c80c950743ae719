/**
 * The list-query grammar of spec/platform.md §7, shared by the web client (which builds it) and
 * the server (which parses it):
 *   filter[field]=value (arrays comma-joined)   expand[]=name   sort=a,-b
 *   page=all | page[number]=n&page[size]=m      withIds=true    sum=a,b
 */
export type FilterValue = string | number | boolean | null | undefined | Array<string | number>;

export interface ListQuery {
  filter?: Record<string, FilterValue>;
  expand?: string[];
  sort?: string | string[];
  page?: 'all' | { number?: number; size?: number };
  withIds?: boolean;
  sum?: string | string[];
}

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;

/** Builds the query string (without "?"). Filters whose value is undefined or "" are left out. */
export function buildListQuery(query: ListQuery = {}): string {
  const parts: string[] = [];
  const add = (key: string, value: string) =>
    parts.push(`${encodeKey(key)}=${encodeURIComponent(value)}`);

  for (const [field, value] of Object.entries(query.filter ?? {})) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      add(`filter[${field}]`, value.join(','));
    } else {
      add(`filter[${field}]`, value === null ? 'null' : String(value));
    }
  }
  for (const name of query.expand ?? []) add('expand[]', name);
  const sort = Array.isArray(query.sort) ? query.sort.join(',') : query.sort;
  if (sort) add('sort', sort);
  if (query.page === 'all') add('page', 'all');
  else if (query.page) {
    if (query.page.number !== undefined) add('page[number]', String(query.page.number));
    if (query.page.size !== undefined) add('page[size]', String(query.page.size));
  }
  if (query.withIds) add('withIds', 'true');
  const sum = Array.isArray(query.sum) ? query.sum.join(',') : query.sum;
  if (sum) add('sum', sum);
  return parts.join('&');
}

/** Brackets stay readable in the query string; everything else is percent-encoded. */
function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

export interface ListMeta {
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
  /** What the caller may do with the list (`create`, bulk verbs): see CollectionPermissions. */
  permissions?: Record<string, boolean>;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
  ids?: string[];
  sums?: Record<string, number>;
}
