import { Table, VisuallyHidden } from '@mantine/core';
import type { TableTrProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { SkeletonRows } from './SkeletonRows';

export interface PlainColumn<Item> {
  header: string;
  /** The header is read by screen readers only ("Actions" over a column of buttons). */
  hideHeader?: boolean;
  visibleFrom?: 'sm' | 'md';
  ta?: 'right';
  /** The header's width. */
  w?: number;
  cell: (item: Item) => ReactNode;
}

export interface PlainTableProps<Item extends { id: string }> {
  /** Undefined while the list loads: skeleton rows then. */
  rows: readonly Item[] | undefined;
  columns: PlainColumn<Item>[];
  minWidth: number;
  verticalSpacing?: 'xs' | 'sm';
  highlightOnHover?: boolean;
  /** The table's accessible name. */
  label?: string;
  skeletonRows?: number;
  /** Skeleton cells a row; all the columns unless said (those shown on a phone, say). */
  skeletonColumns?: number;
  /** A row's own props (its background, data attributes). */
  rowProps?: (item: Item) => TableTrProps & Record<`data-${string}`, unknown>;
}

/**
 * A table of rows under plain headers (none sorts), in a container that scrolls sideways on
 * narrow screens; skeleton rows while the rows load. RecordTable is the one that sorts and selects.
 */
export function PlainTable<Item extends { id: string }>({
  rows,
  columns,
  minWidth,
  verticalSpacing = 'sm',
  highlightOnHover,
  label,
  skeletonRows,
  skeletonColumns = columns.length,
  rowProps,
}: PlainTableProps<Item>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        verticalSpacing={verticalSpacing}
        highlightOnHover={highlightOnHover}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.header}
                visibleFrom={column.visibleFrom}
                ta={column.ta}
                w={column.w}
              >
                {column.hideHeader ? (
                  <VisuallyHidden>{column.header}</VisuallyHidden>
                ) : (
                  column.header
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined ? (
            <SkeletonRows columns={skeletonColumns} rows={skeletonRows} />
          ) : (
            rows.map((item) => (
              <Table.Tr key={item.id} {...rowProps?.(item)}>
                {columns.map((column) => (
                  <Table.Td key={column.header} visibleFrom={column.visibleFrom} ta={column.ta}>
                    {column.cell(item)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
