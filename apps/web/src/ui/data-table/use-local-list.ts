import { useMemo } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../api/list-query';
import type { ListMeta } from '../../api/list-query';
import type { SortState } from './sorting';
import { useListPage, useListSearch, useListSort } from './use-list-controls';

export type SortValue = string | number | null | undefined;

export interface LocalListOptions<Item, Column extends string> {
  /** The text a search matches (case-insensitive substring). */
  searchText: (item: Item) => string;
  /** The value a column sorts by; text compares without case, empty values go last. */
  sortValue: (item: Item, column: Column) => SortValue;
  initialSort: SortState<Column>;
  pageSize?: number;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(left: SortValue, right: SortValue): number {
  const leftEmpty = left === null || left === undefined || left === '';
  const rightEmpty = right === null || right === undefined || right === '';
  if (leftEmpty || rightEmpty) return Number(leftEmpty) - Number(rightEmpty);
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return collator.compare(String(left), String(right));
}

/** Sorts, searches and pages a list the API answers whole (e.g. GET /members), like a list page. */
export function filterSortPage<Item, Column extends string>(
  items: readonly Item[],
  {
    search,
    sort,
    page,
    pageSize = DEFAULT_PAGE_SIZE,
    searchText,
    sortValue,
  }: Pick<LocalListOptions<Item, Column>, 'searchText' | 'sortValue' | 'pageSize'> & {
    search: string;
    sort: SortState<Column>;
    page: number;
  },
): { rows: Item[]; meta: ListMeta } {
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? items.filter((item) => searchText(item).toLowerCase().includes(needle))
    : [...items];
  const direction = sort.direction === 'asc' ? 1 : -1;
  matching.sort((left, right) => {
    const leftValue = sortValue(left, sort.column);
    const rightValue = sortValue(right, sort.column);
    const emptyFirst = compare(leftValue, rightValue);
    const bothPresent =
      leftValue !== null &&
      leftValue !== undefined &&
      leftValue !== '' &&
      rightValue !== null &&
      rightValue !== undefined &&
      rightValue !== '';
    return bothPresent ? emptyFirst * direction : emptyFirst;
  });
  const lastPage = Math.max(1, Math.ceil(matching.length / pageSize));
  const currentPage = Math.min(Math.max(page, 1), lastPage);
  return {
    rows: matching.slice((currentPage - 1) * pageSize, currentPage * pageSize),
    meta: {
      total: matching.length,
      current_page: currentPage,
      per_page: pageSize,
      last_page: lastPage,
    },
  };
}

/**
 * Search, sort and paging state over a whole list, kept in the address (?search=&sort=&page=) as
 * a server-paged list's is; a new search or sort starts at page 1.
 */
export function useLocalList<Item, Column extends string>(
  items: readonly Item[] | undefined,
  options: LocalListOptions<Item, Column>,
) {
  const { search, setSearch, debouncedSearch } = useListSearch();
  const { sort, sortBy } = useListSort(options.initialSort);
  const { page, setPage } = useListPage(`${debouncedSearch}|${sort.column}|${sort.direction}`);
  const { searchText, sortValue, pageSize } = options;

  const result = useMemo(
    () =>
      items === undefined
        ? undefined
        : filterSortPage(items, {
            search: debouncedSearch,
            sort,
            page,
            pageSize,
            searchText,
            sortValue,
          }),
    [items, debouncedSearch, sort, page, pageSize, searchText, sortValue],
  );

  return {
    search,
    setSearch,
    sort,
    sortBy,
    setPage,
    rows: result?.rows,
    meta: result?.meta,
    isFiltered: search.trim() !== '',
    clearFilters: () => setSearch(''),
  };
}

export type LocalList<Item, Column extends string> = ReturnType<typeof useLocalList<Item, Column>>;
