import { Button, Stack } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { ArchivableListFilters } from '../../ui/data-table/ArchivableListFilters';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { useEditTarget } from '../../ui/forms/RecordFormModal';
import { PageHeader } from '../../ui/PageHeader';
import type { Team } from '../../ui/people-types';
import { useSettingsPermissions } from '../../session/settings-permissions';
import { TeamFormModal } from './TeamFormModal';
import { TeamMembersModal } from './TeamMembersModal';
import { TeamsTable } from './TeamsTable';
import { teamCount, useBulkTeamAction, useTeamList } from './teams-api';
import { useTeamListState } from './use-team-list-state';

/** /settings/teams: groups of members, e.g. a crew with its lead. */
export function TeamsPage() {
  const can = useSettingsPermissions();
  const list = useTeamListState();
  const teams = useTeamList(list.query);
  const bulk = useBulkTeamAction();
  const edit = useEditTarget<Team>();
  const [membersOf, setMembersOf] = useState<Team | null>(null);

  const newButton = can.manageTeams && (
    <Button leftSection={<IconPlus size={16} />} onClick={edit.openCreate}>
      New team
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Teams"
        description="Groups of members, such as a crew and its lead."
        actions={newButton}
      />
      <ArchivableListFilters plural="teams" list={list} />
      <RecordListView
        list={list}
        result={teams}
        plural="teams"
        bulk={{ mutation: bulk, countLabel: teamCount, showArchived: list.showArchived }}
        empty={{
          icon: <IconUsersGroup size={32} />,
          title: 'No teams yet',
          description:
            'Teams group members, for example a crew and its lead, to assign work together.',
          action: newButton,
        }}
      >
        {(rows, selection) => (
          <TeamsTable
            teams={rows}
            sort={list.sort}
            onSort={list.sortBy}
            canManage={can.manageTeams}
            selection={selection}
            onEdit={edit.openEdit}
            onMembers={setMembersOf}
          />
        )}
      </RecordListView>
      <TeamFormModal target={edit.target} onClose={edit.close} />
      <TeamMembersModal team={membersOf} onClose={() => setMembersOf(null)} />
    </Stack>
  );
}
