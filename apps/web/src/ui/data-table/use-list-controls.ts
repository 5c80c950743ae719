import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../api/list-query';
import type { FilterValue, ListQuery } from '../../api/list-query';
import { nextSort, toSortParam } from './sorting';
import type { SortState } from './sorting';

/** How long typing pauses before a list's search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A list's search box: what it shows, and the search it sends (trimmed, once typing pauses). */
export function useListSearch(initialSearch = '') {
  const [search, setSearch] = useState(initialSearch);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  return { search, setSearch, debouncedSearch };
}

/** A list's sort (`initial` first, a header click then sorts by it) and its query parameter. */
export function useListSort<Column extends string>(initial: SortState<Column>) {
  const [sort, setSort] = useState(initial);
  return {
    sort,
    sortParam: toSortParam(sort),
    sortBy: (column: Column) => setSort((current) => nextSort(current, column)),
  };
}

/** A list's page, back at the first whenever `listKey` (what its filters and sort are) changes. */
export function useListPage(listKey: string) {
  const [paging, setPaging] = useState({ listKey, page: 1 });
  return {
    page: paging.listKey === listKey ? paging.page : 1,
    setPage: (next: number) => setPaging({ listKey, page: next }),
  };
}

/** The list query of a filter, a sort parameter and a page of the default size. */
export const pagedListQuery = (
  filter: Record<string, FilterValue>,
  sort: string,
  page: number,
): ListQuery => ({ filter, sort, page: { number: page, size: DEFAULT_PAGE_SIZE } });
