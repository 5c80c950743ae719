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
import { ActionIcon, Box, Stack } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { moveId } from '../reorder';

const INSTRUCTIONS =
  'To reorder, press Space or Enter to pick the item up, the arrow keys to move it, Space or Enter again to drop it, or Escape to cancel.';

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
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <SortableCard key={item.id} id={item.id} name={nameOf(item)} disabled={disabled}>
              {(handle) => children(item, handle)}
            </SortableCard>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
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
  const handle = disabled ? null : (
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
  );
  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      data-testid="sortable-card"
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        position: 'relative',
        zIndex: sortable.isDragging ? 2 : undefined,
        boxShadow: sortable.isDragging ? 'var(--mantine-shadow-md)' : undefined,
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      {children(handle)}
    </Box>
  );
}
