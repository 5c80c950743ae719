import { Badge, Text } from '@mantine/core';
import { RecordName, RecordTable } from '../../ui/data-table/RecordTable';
import type { RecordColumn } from '../../ui/data-table/RecordTable';
import type { SortState } from '../../ui/data-table/sorting';
import type { RowSelection } from '../../ui/data-table/use-row-selection';
import type { Team } from '../../ui/people-types';
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

const COLUMNS: RecordColumn<Team, TeamSortColumn>[] = [
  {
    sort: 'name',
    header: 'Name',
    cell: (team) => (
      <>
        <RecordName name={team.name} archived={team.archived_at !== null} wrap="wrap">
          {team.shortname && (
            <Badge size="xs" variant="light" color="gray">
              {team.shortname}
            </Badge>
          )}
        </RecordName>
        {team.team_lead_name && (
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            Lead: {team.team_lead_name}
          </Text>
        )}
      </>
    ),
  },
  {
    sort: 'team_lead_name',
    header: 'Team lead',
    visibleFrom: 'sm',
    cell: (team) => (
      <Text size="sm" c={team.team_lead_name ? undefined : 'dimmed'}>
        {team.team_lead_name ?? '—'}
      </Text>
    ),
  },
  { sort: 'member_count', header: 'Members', cell: (team) => team.member_count },
];

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
    <RecordTable
      rows={teams}
      columns={COLUMNS}
      sort={sort}
      onSort={onSort}
      minWidth={320}
      selection={canManage ? { rows: selection, plural: 'teams' } : undefined}
      actions={
        canManage
          ? (team) => (
              <TeamRowActions
                team={team}
                onEdit={() => onEdit(team)}
                onMembers={() => onMembers(team)}
              />
            )
          : undefined
      }
    />
  );
}
