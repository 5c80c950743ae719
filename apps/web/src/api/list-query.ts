import { buildListQuery } from '@fieldwork/contract';
import type { ListQuery } from '@fieldwork/contract';

export { buildListQuery, DEFAULT_PAGE_SIZE } from '@fieldwork/contract';
export type { FilterValue, ListMeta, ListQuery, ListResponse } from '@fieldwork/contract';

/** Appends a list query (or a ready query string) to a url, leaving the url alone when empty. */
export function appendQuery(url: string, query: ListQuery | string | undefined): string {
  const queryString = typeof query === 'string' ? query.replace(/^\?/, '') : buildListQuery(query);
  if (!queryString) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${queryString}`;
}
