import { useSortable } from '@dnd-kit/sortable';
import { Box, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DragHandle, sortableItemStyle } from '../../../../ui/sortable/drag-kit';
import { SortableFrame } from '../../../../ui/sortable/SortableFrame';

/**
 * Cards ordered by drag and drop, each with its handle where the card puts it (its header), so a
 * tall card (a block with its levels) is picked up by its title row. From the keyboard: focus the
 * handle, Space, arrows, Space. Each step is announced for screen readers.
 */
export function SortableCards<Item extends { id: string }>({
  items,
  nameOf,
  onReorder,
  disabled = false,
  children,
}: {
  items: readonly Item[];
  nameOf: (item: Item) => string;
  onReorder: (ids: string[]) => void;
  disabled?: boolean;
  /** The card; `handle` is null when ordering is off. */
  children: (item: Item, handle: ReactNode) => ReactNode;
}) {
  return (
    <SortableFrame items={items} nameOf={nameOf} onReorder={onReorder} disabled={disabled}>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <SortableCard key={item.id} id={item.id} name={nameOf(item)} disabled={disabled}>
            {(handle) => children(item, handle)}
          </SortableCard>
        ))}
      </Stack>
    </SortableFrame>
  );
}

function SortableCard({
  id,
  name,
  disabled,
  children,
}: {
  id: string;
  name: string;
  disabled: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const sortable = useSortable({ id, disabled });
  const handle = disabled ? null : <DragHandle drag={sortable} label={`Reorder ${name}`} />;
  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      data-testid="sortable-card"
      style={{
        ...sortableItemStyle(sortable),
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      {children(handle)}
    </Box>
  );
}
