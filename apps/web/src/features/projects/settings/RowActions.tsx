import { Menu } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCanEditSettings } from './permissions';
import { RowActionsMenu } from '../../../ui/data-table/RowActionsMenu';

/** A configuration row's menu: Edit, the row's own items, Delete (for people who may edit). */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleteLabel = 'Delete',
  children,
}: {
  name: string;
  onEdit?: () => void;
  onDelete: () => void;
  deleteLabel?: string;
  children?: ReactNode;
}) {
  const canEdit = useCanEditSettings();
  if (!canEdit) return null;
  return (
    <RowActionsMenu name={name}>
      {onEdit && (
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          Edit
        </Menu.Item>
      )}
      {children}
      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
        {deleteLabel}
      </Menu.Item>
    </RowActionsMenu>
  );
}
