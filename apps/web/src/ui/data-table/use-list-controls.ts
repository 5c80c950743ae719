import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../api/list-query';
import type { FilterValue, ListQuery } from '../../api/list-query';
import { nextSort, toSortParam } from './sorting';
import type { SortState } from './sorting';
import { pageOf, useUrlState } from './use-url-state';

/** How long typing pauses before a list's search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box over a search kept elsewhere (`committed`, e.g. a list's state in the address):
 * what the box shows, and `commit` called with the trimmed text once typing pauses. A change of
 * `committed` from outside (Back, a link, "Clear filters") fills the box.
 */
export function useSearchBox(committed: string, commit: (search: string) => void) {
  const [search, setSearch] = useState(committed);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const latest = useRef({ committed, commit });
  latest.current = { committed, commit };
  useEffect(() => {
    if (debouncedSearch !== latest.current.committed) latest.current.commit(debouncedSearch);
  }, [debouncedSearch]);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    if (committed !== debouncedSearch) setSearch(committed);
  }
  return { search, setSearch, debouncedSearch };
}

/**
 * A list's search box: what it shows, and the search it sends (trimmed, once typing pauses). The
 * sent search lives in the address (`?search=`); a change of address (Back, a link) fills the box.
 */
export function useListSearch(initialSearch = '') {
  const [url, update] = useUrlState({ search: '' });
  const [search, setSearch] = useState(url.search || initialSearch);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const latest = useRef({ urlSearch: url.search, update });
  latest.current = { urlSearch: url.search, update };
  useEffect(() => {
    if (debouncedSearch !== latest.current.urlSearch)
      latest.current.update({ search: debouncedSearch });
  }, [debouncedSearch]);
  const [seen, setSeen] = useState(url.search);
  if (url.search !== seen) {
    setSeen(url.search);
    if (url.search !== debouncedSearch) setSearch(url.search);
  }
  return { search, setSearch, debouncedSearch };
}

/** "-submitted_at" → {column: 'submitted_at', direction: 'desc'}. */
export function fromSortParam<Column extends string>(param: string): SortState<Column> {
  return param.startsWith('-')
    ? { column: param.slice(1) as Column, direction: 'desc' }
    : { column: param as Column, direction: 'asc' };
}

/**
 * A list's sort (`initial` first, a header click then sorts by it) and its query parameter, kept
 * in the address (`?sort=-name`).
 */
export function useListSort<Column extends string>(initial: SortState<Column>) {
  const [url, update] = useUrlState({ sort: toSortParam(initial) });
  const sort = fromSortParam<Column>(url.sort);
  return {
    sort,
    sortParam: url.sort,
    sortBy: (column: Column) => update({ sort: toSortParam(nextSort(sort, column)) }),
  };
}

/**
 * A list's page, kept in the address (`?page=2`), back at the first whenever `listKey` (what its
 * filters and sort are) changes; a reload or Back keeps the page it shows. Until the address says
 * page 1 again, the page is 1: the new filter is never asked for with the old page in between.
 */
export function useListPage(listKey: string) {
  const [url, update] = useUrlState({ page: '1' });
  const [seenKey, setSeenKey] = useState(listKey);
  const stale = seenKey !== listKey;
  const urlPage = pageOf(url.page);
  useEffect(() => {
    if (!stale) return;
    if (urlPage === 1) setSeenKey(listKey);
    else update({ page: '1' });
  }, [stale, urlPage, listKey, update]);
  return {
    page: stale ? 1 : urlPage,
    setPage: (next: number) => {
      setSeenKey(listKey);
      update({ page: String(next) });
    },
  };
}

/** The list query of a filter, a sort parameter and a page of the default size. */
export const pagedListQuery = (
  filter: Record<string, FilterValue>,
  sort: string,
  page: number,
): ListQuery => ({ filter, sort, page: { number: page, size: DEFAULT_PAGE_SIZE } });
