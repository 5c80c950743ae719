import { Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionsTh } from './ActionsTh';
import { SkeletonRows } from './SkeletonRows';
import { SortableTh } from './SortableTh';
import type { SortState } from './sorting';
import type { RowSelection } from './use-row-selection';

export interface RecordColumn<Item, Column extends string> {
  /** The sort column of its header; left out, the header does not sort. */
  sort?: Column;
  header: string;
  visibleFrom?: 'sm';
  cell: (item: Item) => ReactNode;
}

export interface RecordTableProps<
  Item extends { id: string; name: string },
  Column extends string,
> {
  rows: Item[] | undefined;
  columns: RecordColumn<Item, Column>[];
  sort: SortState<Column>;
  onSort: (column: Column) => void;
  minWidth: number;
  /** Checkboxes on each row and "Select all {plural} on this page"; left out, no checkboxes. */
  selection?: { rows: RowSelection; plural: string };
  /** The menu at the end of each row; left out, no actions column. */
  actions?: (item: Item) => ReactNode;
}

/** A sortable table of records (skeleton rows while the first page loads). */
export function RecordTable<Item extends { id: string; name: string }, Column extends string>({
  rows,
  columns,
  sort,
  onSort,
  minWidth,
  selection,
  actions,
}: RecordTableProps<Item, Column>) {
  const selected = (id: string) => selection?.rows.isSelected(id) ?? false;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={`Select all ${selection.plural} on this page`}
                  checked={selection.rows.allSelected}
                  indeterminate={selection.rows.someSelected}
                  onChange={selection.rows.toggleAll}
                  disabled={!rows?.length}
                />
              </Table.Th>
            )}
            {columns.map((column) =>
              column.sort ? (
                <SortableTh
                  key={column.sort}
                  column={column.sort}
                  sort={sort}
                  onSort={onSort}
                  visibleFrom={column.visibleFrom}
                >
                  {column.header}
                </SortableTh>
              ) : (
                <Table.Th key={column.header} visibleFrom={column.visibleFrom}>
                  {column.header}
                </Table.Th>
              ),
            )}
            {actions && <ActionsTh />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined ? (
            <SkeletonRows columns={columns.length + (selection ? 1 : 0) + (actions ? 1 : 0)} />
          ) : (
            rows.map((item) => (
              <Table.Tr
                key={item.id}
                bg={selected(item.id) ? 'var(--mantine-color-blue-light)' : undefined}
              >
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${item.name}`}
                      checked={selected(item.id)}
                      onChange={() => selection.rows.toggle(item.id)}
                    />
                  </Table.Td>
                )}
                {columns.map((column) => (
                  <Table.Td key={column.sort ?? column.header} visibleFrom={column.visibleFrom}>
                    {column.cell(item)}
                  </Table.Td>
                ))}
                {actions && <Table.Td>{actions(item)}</Table.Td>}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A record's name, with an "Archived" badge (and any badges of its own) next to it. */
export function RecordName({
  name,
  archived,
  wrap = 'nowrap',
  children,
}: {
  name: string;
  archived: boolean;
  wrap?: 'wrap' | 'nowrap';
  /** Badges shown before "Archived". */
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" wrap={wrap}>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      {children}
      {archived && (
        <Badge size="xs" variant="light" color="gray">
          Archived
        </Badge>
      )}
    </Group>
  );
}
