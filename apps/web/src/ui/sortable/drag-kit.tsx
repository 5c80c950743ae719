import { KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { useDraggable } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

/**
 * The sensors every drag and drop here uses: a pointer (after 4px, so a click on the handle is
 * not a drag) and the keyboard (Space to pick up, arrows, Space to drop).
 */
export function useDragSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** What a handle needs of useDraggable or useSortable. */
export type DragActivator = Pick<
  ReturnType<typeof useDraggable>,
  'setActivatorNodeRef' | 'attributes' | 'listeners' | 'isDragging'
>;

/** The grip a draggable item is picked up by, with the pointer or from the keyboard. */
export function DragHandle({
  drag,
  label,
  small = false,
}: {
  drag: DragActivator;
  /** "Reorder Kitchen", "Move Job 12". */
  label: string;
  small?: boolean;
}) {
  return (
    <ActionIcon
      ref={drag.setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size={small ? 'sm' : undefined}
      aria-label={label}
      style={{ cursor: drag.isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...drag.attributes}
      {...drag.listeners}
    >
      <IconGripVertical size={small ? 14 : 16} />
    </ActionIcon>
  );
}

/** A sortable item where it is being moved to, lifted above the others while dragged. */
export function sortableItemStyle(
  sortable: Pick<ReturnType<typeof useSortable>, 'transform' | 'transition' | 'isDragging'>,
): CSSProperties {
  return {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    position: 'relative',
    zIndex: sortable.isDragging ? 2 : undefined,
    boxShadow: sortable.isDragging ? 'var(--mantine-shadow-md)' : undefined,
  };
}
