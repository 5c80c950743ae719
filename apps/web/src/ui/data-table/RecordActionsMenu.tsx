import type { RecordPermissions } from '@fieldwork/contract';
import { Menu } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ResourceApi } from '../../api/resource';
import { useDeleteRecord, useSetArchived } from '../../api/resource-hooks';
import { confirmDeletion } from '../feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../feedback/notify';
import { RowActionsMenu } from './RowActionsMenu';

/** What a row needs to be archived and deleted by name. */
export interface ArchivableRecord {
  id: string;
  name: string;
  archived_at: string | null;
  /** What the caller may do with it, where the entity's records carry it (the server's policy). */
  permissions?: RecordPermissions;
}

export interface RecordActionsMenuProps<Item extends ArchivableRecord, Input> {
  record: Item;
  api: ResourceApi<Item, Input>;
  /** Title and text of the deletion confirmation ("Delete client"; the deletion may be forced). */
  deleteTitle: string;
  deleteMessage: string;
  onEdit: () => void;
  /** The entity's own items, between Edit and Archive. */
  children?: ReactNode;
  /** Whether a refused deletion may be forced ("Delete anyway"); true unless said otherwise. */
  canForce?: boolean;
  /** Open from the start: the menu was loaded by a click on its stand-in (useOnFirstUse). */
  defaultOpened?: boolean;
}

/** A row's menu: Edit, the entity's own items, Archive or Unarchive, and Delete. */
export function RecordActionsMenu<Item extends ArchivableRecord, Input>({
  record,
  api,
  deleteTitle,
  deleteMessage,
  onEdit,
  children,
  canForce,
  defaultOpened = false,
}: RecordActionsMenuProps<Item, Input>) {
  const setArchived = useSetArchived(api);
  const deleteRecord = useDeleteRecord(api);
  const { id, name } = record;
  const archived = record.archived_at !== null;
  // A record without permissions is one whose entity does not answer them: the list decided.
  const may = (action: string) => record.permissions?.[action] ?? true;

  const toggleArchived = () =>
    setArchived.mutate(
      { id, archived: !archived },
      {
        onSuccess: () => notifySuccess(`${name} ${archived ? 'unarchived' : 'archived'}`),
        onError: (error) =>
          notifyFailure(`Could not ${archived ? 'unarchive' : 'archive'} ${name}`, error),
      },
    );

  const remove = () =>
    confirmDeletion({
      title: deleteTitle,
      message: deleteMessage,
      onDelete: (force) => deleteRecord.mutateAsync({ id, force }),
      onDeleted: () => notifySuccess(`${name} deleted`),
      onFailed: (error) => notifyFailure(`Could not delete ${name}`, error),
      canForce,
    });

  return (
    <RowActionsMenu name={name} defaultOpened={defaultOpened}>
      <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
        Edit
      </Menu.Item>
      {children}
      {may('archive') && (
        <Menu.Item
          leftSection={archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
          onClick={toggleArchived}
        >
          {archived ? 'Unarchive' : 'Archive'}
        </Menu.Item>
      )}
      {may('delete') && (
        <>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={remove}>
            Delete
          </Menu.Item>
        </>
      )}
    </RowActionsMenu>
  );
}
