import { Loader, Stack } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { isValidElement, useEffect } from 'react';
import type { ReactNode } from 'react';
import type { ListQuery, ListResponse } from '../../api/list-query';
import type { BulkOutcome } from '../../api/resource';
import type { BulkVariables } from '../../api/resource-hooks';
import { QueryErrorState } from '../feedback/ErrorState';
import { ListEmptyState, NoMatchesState } from '../feedback/ListEmptyState';
import type { ListEmptyStateProps } from '../feedback/ListEmptyState';
import { BulkActionBar } from './BulkActionBar';
import { TablePager } from './TablePager';
import { useRowSelection } from './use-row-selection';
import type { RowSelection } from './use-row-selection';

export interface RecordListViewProps<Item extends { id: string }> {
  list: {
    query: ListQuery;
    setPage: (page: number) => void;
    /** Whether a search or filter narrows the list: no records then means no matches. */
    isFiltered?: boolean;
    clearFilters?: () => void;
  };
  result: UseQueryResult<ListResponse<Item>>;
  /** Plural noun: "Could not load {plural}", "No {plural} match your filters". */
  plural: string;
  /** The noun of "No … match your filters" where it is not `plural` ("deleted sites"). */
  filteredPlural?: string;
  /**
   * When there are no records: the panel's icon, title, description and action for a list with
   * none at all ("No … match your filters" shows instead while `list.isFiltered`), or an element
   * shown as it is, filtered or not, for a page whose empty state is its own.
   */
  empty: ListEmptyStateProps | ReactNode;
  /** Archive, unarchive and delete of the checked rows. */
  bulk?: {
    mutation: UseMutationResult<BulkOutcome, Error, BulkVariables>;
    countLabel: (count: number) => string;
    showArchived: boolean;
    /** Whether refused deletions may be forced; true unless said otherwise. */
    canForce?: boolean;
  };
  /** The table of a page (rows undefined while the first page loads). */
  children: (rows: Item[] | undefined, selection: RowSelection) => ReactNode;
}

/**
 * A paged list of records under its filters: the bulk bar for checked rows, then the table with
 * its pager, the empty state, or the error. After the last rows of the last page are deleted, the
 * page that now is the last is shown.
 */
export function RecordListView<Item extends { id: string }>({
  list,
  result,
  plural,
  filteredPlural,
  empty,
  bulk,
  children,
}: RecordListViewProps<Item>) {
  const page = result.data;
  const selection = useRowSelection(
    page?.data.map((item) => item.id) ?? [],
    JSON.stringify(list.query),
  );

  const lastPage = page?.meta.last_page;
  const currentPage = page?.meta.current_page;
  useEffect(() => {
    if (
      lastPage !== undefined &&
      currentPage !== undefined &&
      currentPage > Math.max(lastPage, 1)
    ) {
      list.setPage(Math.max(lastPage, 1));
    }
  }, [lastPage, currentPage, list]);

  return (
    <>
      {bulk && selection.ids.length > 0 && (
        <BulkActionBar
          ids={selection.ids}
          showArchived={bulk.showArchived}
          countLabel={bulk.countLabel}
          bulk={bulk.mutation}
          onDone={selection.clear}
          canForce={bulk.canForce}
        />
      )}
      {result.isError && !page ? (
        <QueryErrorState title={`Could not load ${plural}`} query={result} />
      ) : page?.meta.total === 0 ? (
        !isEmptyStateProps(empty) ? (
          empty
        ) : list.isFiltered && list.clearFilters ? (
          <NoMatchesState what={filteredPlural ?? plural} onClearFilters={list.clearFilters} />
        ) : (
          <ListEmptyState {...empty} />
        )
      ) : (
        <Stack gap="sm" pos="relative">
          {result.isFetching && page && (
            <Loader
              size="xs"
              pos="absolute"
              top={-20}
              right={0}
              role="status"
              aria-label="Refreshing"
            />
          )}
          {children(page?.data, selection)}
          {page && <TablePager meta={page.meta} onPage={list.setPage} />}
        </Stack>
      )}
    </>
  );
}

/** The props of a ListEmptyState, as against an element (or text) to show as it is. */
function isEmptyStateProps(empty: ListEmptyStateProps | ReactNode): empty is ListEmptyStateProps {
  return (
    typeof empty === 'object' &&
    empty !== null &&
    !isValidElement(empty) &&
    'title' in empty &&
    'icon' in empty
  );
}
