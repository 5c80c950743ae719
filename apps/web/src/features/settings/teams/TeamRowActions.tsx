import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconPencil,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { confirmDeletion } from '../../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import type { Team } from '../people-types';
import { useDeleteTeam, useSetTeamArchived } from './teams-api';

export function TeamRowActions({
  team,
  onEdit,
  onMembers,
}: {
  team: Team;
  onEdit: () => void;
  onMembers: () => void;
}) {
  const setArchived = useSetTeamArchived();
  const deleteTeam = useDeleteTeam();
  const archived = team.archived_at !== null;

  const toggleArchived = () =>
    setArchived.mutate(
      { id: team.id, archived: !archived },
      {
        onSuccess: () => notifySuccess(`${team.name} ${archived ? 'unarchived' : 'archived'}`),
        onError: (error) =>
          notifyFailure(`Could not ${archived ? 'unarchive' : 'archive'} ${team.name}`, error),
      },
    );

  const remove = () =>
    confirmDeletion({
      title: 'Delete team',
      message: `Delete ${team.name}? Its members stay in the organisation.`,
      onDelete: (force) => deleteTeam.mutateAsync({ id: team.id, force }),
      onDeleted: () => notifySuccess(`${team.name} deleted`),
      onFailed: (error) => notifyFailure(`Could not delete ${team.name}`, error),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${team.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          Edit
        </Menu.Item>
        <Menu.Item leftSection={<IconUsers size={16} />} onClick={onMembers}>
          Manage members
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
