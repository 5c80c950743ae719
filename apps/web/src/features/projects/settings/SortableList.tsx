import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Group, Paper } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { moveId } from './reorder';

export interface SortableListProps<Item extends { id: string }> {
  items: readonly Item[];
  /** The item's name, for the drag handle's label and what screen readers announce. */
  nameOf: (item: Item) => string;
  onReorder: (ids: string[]) => void;
  /** No handles (people who may not change the order, or while it is being saved). */
  disabled?: boolean;
  children: (item: Item) => ReactNode;
}

const INSTRUCTIONS =
  'To reorder, press Space or Enter to pick the item up, the arrow keys to move it, Space or Enter again to drop it, or Escape to cancel.';

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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const name = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => candidate.id === id);
    return item ? nameOf(item) : 'item';
  };
  const position = (id: UniqueIdentifier) =>
    `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} moved to ${position(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at ${position(over.id)}.` : undefined,
    onDragCancel: ({ active }) => `Reordering cancelled; ${name(active.id)} is back in place.`,
  };

  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(moveId(ids, String(active.id), String(over.id)));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
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
      </SortableContext>
    </DndContext>
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
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        position: 'relative',
        zIndex: sortable.isDragging ? 2 : undefined,
        boxShadow: sortable.isDragging ? 'var(--mantine-shadow-md)' : undefined,
        borderTop: first ? undefined : '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group gap="xs" wrap="nowrap" align="center">
        {!disabled && (
          <ActionIcon
            ref={sortable.setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Reorder ${name}`}
            style={{ cursor: sortable.isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            {...sortable.attributes}
            {...sortable.listeners}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </Group>
    </Box>
  );
}
