import { useSortable } from '@dnd-kit/sortable';
import { Box, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { DragHandle, sortableItemStyle } from './drag-kit';
import { SortableFrame } from './SortableFrame';

export interface SortableListProps<Item extends { id: string }> {
  items: readonly Item[];
  /** The item's name, for the drag handle's label and what screen readers announce. */
  nameOf: (item: Item) => string;
  onReorder: (ids: string[]) => void;
  /** No handles (people who may not change the order, or while it is being saved). */
  disabled?: boolean;
  children: (item: Item) => ReactNode;
}

/**
 * A list ordered by drag and drop: with a pointer on each row's handle, or from the keyboard
 * (focus the handle, Space, arrows, Space). Announces each step for screen readers.
 */
export function SortableList<Item extends { id: string }>({
  items,
  nameOf,
  onReorder,
  disabled = false,
  children,
}: SortableListProps<Item>) {
  return (
    <SortableFrame items={items} nameOf={nameOf} onReorder={onReorder} disabled={disabled}>
      <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item, index) => (
          <SortableRow
            key={item.id}
            id={item.id}
            name={nameOf(item)}
            first={index === 0}
            disabled={disabled}
          >
            {children(item)}
          </SortableRow>
        ))}
      </Paper>
    </SortableFrame>
  );
}

function SortableRow({
  id,
  name,
  first,
  disabled,
  children,
}: {
  id: string;
  name: string;
  first: boolean;
  disabled: boolean;
  children: ReactNode;
}) {
  const sortable = useSortable({ id, disabled });
  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      data-testid="sortable-row"
      px="sm"
      py={8}
      bg="var(--mantine-color-body)"
      style={{
        ...sortableItemStyle(sortable),
        borderTop: first ? undefined : '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group gap="xs" wrap="nowrap" align="center">
        {!disabled && <DragHandle drag={sortable} label={`Reorder ${name}`} />}
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </Group>
    </Box>
  );
}
