import { Button, Group, Loader, Stack, Switch } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { BulkActionBar } from '../../../ui/data-table/BulkActionBar';
import { SearchInput } from '../../../ui/data-table/SearchInput';
import { TablePager } from '../../../ui/data-table/TablePager';
import { useRowSelection } from '../../../ui/data-table/use-row-selection';
import { ErrorState } from '../../../ui/feedback/ErrorState';
import { ListEmptyState, NoMatchesState } from '../../../ui/feedback/ListEmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import type { Team } from '../people-types';
import { useSettingsPermissions } from '../permissions';
import { TeamFormModal } from './TeamFormModal';
import type { TeamEditTarget } from './TeamFormModal';
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
  const [editTarget, setEditTarget] = useState<TeamEditTarget>(null);
  const [membersOf, setMembersOf] = useState<Team | null>(null);
  const page = teams.data;
  const selection = useRowSelection(
    page?.data.map((team) => team.id) ?? [],
    JSON.stringify(list.query),
  );
  const openCreate = () => setEditTarget({ mode: 'create' });

  // After deleting the last rows of the last page, show the page that now is the last.
  const lastPage = page?.meta.last_page;
  const currentPage = page?.meta.current_page;
  useEffect(() => {
    if (
      lastPage !== undefined &&
      currentPage !== undefined &&
      currentPage > Math.max(lastPage, 1)
    ) {
      list.setPage(Math.max(lastPage, 1));
    }
  }, [lastPage, currentPage, list]);

  const newButton = can.manageTeams && (
    <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
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
      <Group gap="md" wrap="wrap">
        <SearchInput label="Search teams" value={list.search} onChange={list.setSearch} />
        <Switch
          label="Show archived"
          checked={list.showArchived}
          onChange={(event) => list.setShowArchived(event.currentTarget.checked)}
        />
      </Group>
      {selection.ids.length > 0 && (
        <BulkActionBar
          ids={selection.ids}
          showArchived={list.showArchived}
          countLabel={teamCount}
          bulk={bulk}
          onDone={selection.clear}
        />
      )}
      {teams.isError && !page ? (
        <ErrorState
          title="Could not load teams"
          error={teams.error}
          onRetry={() => void teams.refetch()}
        />
      ) : page?.meta.total === 0 ? (
        list.isFiltered ? (
          <NoMatchesState what="teams" onClearFilters={list.clearFilters} />
        ) : (
          <ListEmptyState
            icon={<IconUsersGroup size={32} />}
            title="No teams yet"
            description="Teams group members, for example a crew and its lead, to assign work together."
            action={newButton}
          />
        )
      ) : (
        <Stack gap="sm" pos="relative">
          {teams.isFetching && page && (
            <Loader size="xs" pos="absolute" top={-20} right={0} aria-label="Refreshing" />
          )}
          <TeamsTable
            teams={page?.data}
            sort={list.sort}
            onSort={list.sortBy}
            canManage={can.manageTeams}
            selection={selection}
            onEdit={(team) => setEditTarget({ mode: 'edit', team })}
            onMembers={setMembersOf}
          />
          {page && <TablePager meta={page.meta} onPage={list.setPage} />}
        </Stack>
      )}
      <TeamFormModal target={editTarget} onClose={() => setEditTarget(null)} />
      <TeamMembersModal team={membersOf} onClose={() => setMembersOf(null)} />
    </Stack>
  );
}
