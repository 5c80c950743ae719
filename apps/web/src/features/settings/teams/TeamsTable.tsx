import { Badge, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { SkeletonRows } from '../../../ui/data-table/SkeletonRows';
import { SortableTh } from '../../../ui/data-table/SortableTh';
import type { SortState } from '../../../ui/data-table/sorting';
import type { RowSelection } from '../../../ui/data-table/use-row-selection';
import type { Team } from '../people-types';
import { TeamRowActions } from './TeamRowActions';
import type { TeamSortColumn } from './use-team-list-state';

export interface TeamsTableProps {
  teams: Team[] | undefined;
  sort: SortState<TeamSortColumn>;
  onSort: (column: TeamSortColumn) => void;
  /** Managers and admins select rows and get a menu of actions on each. */
  canManage: boolean;
  selection: RowSelection;
  onEdit: (team: Team) => void;
  onMembers: (team: Team) => void;
}

export function TeamsTable({
  teams,
  sort,
  onSort,
  canManage,
  selection,
  onEdit,
  onMembers,
}: TeamsTableProps) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {canManage && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all teams on this page"
                  checked={selection.allSelected}
                  indeterminate={selection.someSelected}
                  onChange={selection.toggleAll}
                  disabled={!teams?.length}
                />
              </Table.Th>
            )}
            <SortableTh column="name" sort={sort} onSort={onSort}>
              Name
            </SortableTh>
            <SortableTh column="team_lead_name" sort={sort} onSort={onSort} visibleFrom="sm">
              Team lead
            </SortableTh>
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
            <SkeletonRows columns={canManage ? 5 : 3} />
          ) : (
            teams.map((team) => (
              <Table.Tr
                key={team.id}
                bg={selection.isSelected(team.id) ? 'var(--mantine-color-blue-light)' : undefined}
              >
                {canManage && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${team.name}`}
                      checked={selection.isSelected(team.id)}
                      onChange={() => selection.toggle(team.id)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={500}>
                      {team.name}
                    </Text>
                    {team.shortname && (
                      <Badge size="xs" variant="light" color="gray">
                        {team.shortname}
                      </Badge>
                    )}
                    {team.archived_at && (
                      <Badge size="xs" variant="light" color="gray">
                        Archived
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
                    <TeamRowActions
                      team={team}
                      onEdit={() => onEdit(team)}
                      onMembers={() => onMembers(team)}
                    />
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
