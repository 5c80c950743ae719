import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SortState } from './sorting';

export interface SortableThProps<Column extends string> {
  column: Column;
  sort: SortState<Column>;
  onSort: (column: Column) => void;
  children: ReactNode;
  visibleFrom?: 'xs' | 'sm' | 'md';
}

/** A column header that sorts the list; aria-sort tells assistive technology the order. */
export function SortableTh<Column extends string>({
  column,
  sort,
  onSort,
  children,
  visibleFrom,
}: SortableThProps<Column>) {
  const active = sort.column === column;
  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th
      visibleFrom={visibleFrom}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(column)}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {children}
          </Text>
          <Icon size={14} stroke={1.5} opacity={active ? 1 : 0.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
