import { useMemo, useState } from 'react';
import {
  pagedListQuery,
  useListPage,
  useListSearch,
  useListSort,
} from '../../ui/data-table/use-list-controls';
import type { ExpiryStatus } from '../../ui/people-types';

export type QualificationSortColumn = 'name' | 'user_name' | 'expiry_date';

/** What the qualifications table shows: search, expiry status, member, sort and page. */
export function useQualificationListState() {
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [status, setStatus] = useState<ExpiryStatus | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const { sort, sortParam, sortBy } = useListSort<QualificationSortColumn>({
    column: 'expiry_date',
    direction: 'asc',
  });

  /** Every filter but the status: the chips count within it. */
  const baseFilter = useMemo(
    () => ({ search: debouncedSearch, user_id: userId ?? undefined }),
    [debouncedSearch, userId],
  );

  const { page, setPage } = useListPage(`${debouncedSearch}|${status}|${userId}|${sortParam}`);

  const query = useMemo(
    () => pagedListQuery({ ...baseFilter, expiry_status: status ?? undefined }, sortParam, page),
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
    sortBy,
    setPage,
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
