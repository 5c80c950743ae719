import { ActionIcon, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { SkeletonRows } from '../../../ui/data-table/SkeletonRows';
import { SortableTh } from '../../../ui/data-table/SortableTh';
import type { SortState } from '../../../ui/data-table/sorting';
import type { Team } from '../people-types';
import type { TeamSortColumn } from './use-team-list-state';

export interface TeamsTableProps {
  teams: Team[] | undefined;
  sort: SortState<TeamSortColumn>;
  onSort: (column: TeamSortColumn) => void;
  /** Managers and admins get a menu of actions on each row. */
  canManage: boolean;
  onEdit: (team: Team) => void;
  onMembers: (team: Team) => void;
  onDelete: (team: Team) => void;
}

export function TeamsTable({
  teams,
  sort,
  onSort,
  canManage,
  onEdit,
  onMembers,
  onDelete,
}: TeamsTableProps) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="name" sort={sort} onSort={onSort}>
              Name
            </SortableTh>
            <Table.Th visibleFrom="sm">Team lead</Table.Th>
            <SortableTh column="member_count" sort={sort} onSort={onSort}>
              Members
            </SortableTh>
            {canManage && (
              <Table.Th w={48}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams === undefined ? (
            <SkeletonRows columns={canManage ? 4 : 3} />
          ) : (
            teams.map((team) => (
              <Table.Tr key={team.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {team.name}
                    </Text>
                    {team.shortname && (
                      <Badge size="xs" variant="light" color="gray">
                        {team.shortname}
                      </Badge>
                    )}
                  </Group>
                  {team.team_lead_name && (
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      Lead: {team.team_lead_name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c={team.team_lead_name ? undefined : 'dimmed'}>
                    {team.team_lead_name ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{team.member_count}</Table.Td>
                {canManage && (
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Actions for ${team.name}`}
                        >
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconPencil size={16} />}
                          onClick={() => onEdit(team)}
                        >
                          Edit
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconUsers size={16} />}
                          onClick={() => onMembers(team)}
                        >
                          Manage members
                        </Menu.Item>
                        <Menu.Divider />
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={16} />}
                          onClick={() => onDelete(team)}
                        >
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
