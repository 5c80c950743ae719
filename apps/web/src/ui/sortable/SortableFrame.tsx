import { DndContext, closestCenter } from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';
import { useDragSensors } from './drag-kit';
import { moveId } from './reorder';

const INSTRUCTIONS =
  'To reorder, press Space or Enter to pick the item up, the arrow keys to move it, Space or Enter again to drop it, or Escape to cancel.';

/**
 * What a drag-and-drop ordering needs around its items (SortableList's rows, SortableCards'
 * cards): pointer and keyboard sensors, the screen-reader announcements ("moved to position 2
 * of 5") and the new order of the ids on a drop.
 */
export function SortableFrame<Item extends { id: string }>({
  items,
  nameOf,
  onReorder,
  disabled,
  children,
}: {
  items: readonly Item[];
  nameOf: (item: Item) => string;
  onReorder: (ids: string[]) => void;
  disabled: boolean;
  children: ReactNode;
}) {
  const sensors = useDragSensors();
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
        {children}
      </SortableContext>
    </DndContext>
  );
}
