import type { ListQuery } from '../../api/list-query';
import { resourceApi } from '../../api/resource';
import {
  useBulkAction,
  useResourceList,
  useResourceMutation,
  useSaveRecord,
} from '../../api/resource-hooks';
import type { Team } from '../../ui/people-types';

export interface TeamInput {
  name: string;
  shortname: string | null;
  team_lead_id?: string | null;
  /** On create: the first members. */
  user_ids?: string[];
}

export const teamsApi = resourceApi<Team, TeamInput>('teams');

const AFFECTED = ['teams', 'members'] as const;

/** Per-entity hooks: server state of teams only goes through these. */
export const useTeamList = (query: ListQuery) => useResourceList(teamsApi, query);
export const useSaveTeam = () => useSaveRecord(teamsApi);
export const useBulkTeamAction = () => useBulkAction(teamsApi);

export const useAddTeamMembers = () =>
  useResourceMutation(AFFECTED, ({ id, userIds }: { id: string; userIds: string[] }) =>
    userIds.length === 1
      ? teamsApi.act(id, 'add_member', { user_id: userIds[0] })
      : teamsApi.act(id, 'add_members', { user_ids: userIds }),
  );

export const useRemoveTeamMember = () =>
  useResourceMutation(AFFECTED, ({ id, userId }: { id: string; userId: string }) =>
    teamsApi.act(id, 'remove_member', { user_id: userId }),
  );

/** "1 team", "3 teams". */
export const teamCount = (count: number) => `${count} team${count === 1 ? '' : 's'}`;
