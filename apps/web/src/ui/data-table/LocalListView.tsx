import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListEmptyState, NoMatchesState } from '../feedback/ListEmptyState';
import type { ListEmptyStateProps } from '../feedback/ListEmptyState';
import { SearchInput } from './SearchInput';
import { TablePager } from './TablePager';
import type { LocalList } from './use-local-list';

export interface LocalListViewProps<Item, Column extends string> {
  /** The whole list as loaded; undefined while loading. */
  items: readonly Item[] | undefined;
  list: LocalList<Item, Column>;
  /** "Search members". */
  searchLabel: string;
  /** Plural noun for "No … match your filters": "members", "invitations". */
  what: string;
  /** The empty state shown instead of everything when the list has no items at all. */
  empty: ListEmptyStateProps;
  /** The table of `list.rows`. */
  children: ReactNode;
}

/** A list the API answers whole: its empty state, or a search over the table with its pager. */
export function LocalListView<Item, Column extends string>({
  items,
  list,
  searchLabel,
  what,
  empty,
  children,
}: LocalListViewProps<Item, Column>) {
  if (items?.length === 0) return <ListEmptyState {...empty} />;
  return (
    <Stack gap="sm">
      <Group>
        <SearchInput label={searchLabel} value={list.search} onChange={list.setSearch} />
      </Group>
      {list.meta?.total === 0 ? (
        <NoMatchesState what={what} onClearFilters={list.clearFilters} />
      ) : (
        <>
          {children}
          {list.meta && <TablePager meta={list.meta} onPage={list.setPage} />}
        </>
      )}
    </Stack>
  );
}
