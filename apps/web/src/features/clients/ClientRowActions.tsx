import type { Client } from '@fieldwork/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { confirmDeletion } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { useDeleteClient, useSetClientArchived } from './clients-api';

export function ClientRowActions({ client, onEdit }: { client: Client; onEdit: () => void }) {
  const setArchived = useSetClientArchived();
  const deleteClient = useDeleteClient();
  const archived = client.archived_at !== null;

  const toggleArchived = () =>
    setArchived.mutate(
      { id: client.id, archived: !archived },
      {
        onSuccess: () => notifySuccess(`${client.name} ${archived ? 'unarchived' : 'archived'}`),
        onError: (error) =>
          notifyFailure(`Could not ${archived ? 'unarchive' : 'archive'} ${client.name}`, error),
      },
    );

  const remove = () =>
    confirmDeletion({
      title: 'Delete client',
      message: `Delete ${client.name}? This cannot be undone.`,
      onDelete: (force) => deleteClient.mutateAsync({ id: client.id, force }),
      onDeleted: () => notifySuccess(`${client.name} deleted`),
      onFailed: (error) => notifyFailure(`Could not delete ${client.name}`, error),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${client.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          Edit
        </Menu.Item>
        <Menu.Item
          leftSection={archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
          onClick={toggleArchived}
        >
          {archived ? 'Unarchive' : 'Archive'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={remove}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
