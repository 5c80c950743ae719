import { Menu } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { RecordActionsMenu } from '../../ui/data-table/RecordActionsMenu';
import type { Team } from '../../ui/people-types';
import { teamsApi } from './teams-api';

export function TeamRowActions({
  team,
  onEdit,
  onMembers,
}: {
  team: Team;
  onEdit: () => void;
  onMembers: () => void;
}) {
  return (
    <RecordActionsMenu
      record={team}
      api={teamsApi}
      deleteTitle="Delete team"
      deleteMessage={`Delete ${team.name}? Its members stay in the organisation.`}
      onEdit={onEdit}
    >
      <Menu.Item leftSection={<IconUsers size={16} />} onClick={onMembers}>
        Manage members
      </Menu.Item>
    </RecordActionsMenu>
  );
}
