import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../api/list-query';
import type { ListQuery } from '../../api/list-query';
import { nextSort, toSortParam } from '../../ui/data-table/sorting';
import type { SortState } from '../../ui/data-table/sorting';
import type { ExpiryStatus } from '../people/people-types';

export type QualificationSortColumn = 'name' | 'user_name' | 'expiry_date';

const SEARCH_DEBOUNCE_MS = 300;

/** What the qualifications table shows: search, expiry status, member, sort and page. */
export function useQualificationListState() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<ExpiryStatus | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [sort, setSort] = useState<SortState<QualificationSortColumn>>({
    column: 'expiry_date',
    direction: 'asc',
  });
  const sortParam = toSortParam(sort);

  /** Every filter but the status: the chips count within it. */
  const baseFilter = useMemo(
    () => ({ search: debouncedSearch, user_id: userId ?? undefined }),
    [debouncedSearch, userId],
  );

  const listKey = `${debouncedSearch}|${status}|${userId}|${sortParam}`;
  const [paging, setPaging] = useState({ listKey, page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;

  const query: ListQuery = useMemo(
    () => ({
      filter: { ...baseFilter, expiry_status: status ?? undefined },
      sort: sortParam,
      page: { number: page, size: DEFAULT_PAGE_SIZE },
    }),
    [baseFilter, status, sortParam, page],
  );

  return {
    search,
    setSearch,
    status,
    setStatus,
    userId,
    setUserId,
    sort,
    sortBy: (column: QualificationSortColumn) => setSort((current) => nextSort(current, column)),
    setPage: (next: number) => setPaging({ listKey, page: next }),
    baseFilter,
    query,
    isFiltered: debouncedSearch !== '' || status !== null || userId !== null,
    clearFilters: () => {
      setSearch('');
      setStatus(null);
      setUserId(null);
    },
  };
}

export type QualificationListState = ReturnType<typeof useQualificationListState>;
