import { useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../api/list-query';
import { request } from '../../../api/request';
import { resourceApi } from '../../../api/resource';
import {
  resourceQueryKey,
  useBulkAction,
  useResourceList,
  useSaveRecord,
} from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';
import type { Team } from '../people-types';
import { useOrganisationMutation } from '../settings-query';

export interface TeamInput {
  name: string;
  shortname: string | null;
  team_lead_id: string | null;
  /** On create: the first members. */
  user_ids?: string[];
}

export const teamsApi = resourceApi<Team, TeamInput>('teams');

const action = (id: string, verb: string) => `/teams/${encodeURIComponent(id)}/${verb}`;
const AFFECTED = ['teams', 'members'] as const;

/** Per-entity hooks: server state of teams only goes through these. */
export const useTeamList = (query: ListQuery) => useResourceList(teamsApi, query);
export const useSaveTeam = () => useSaveRecord(teamsApi);
export const useBulkTeamAction = () => useBulkAction(teamsApi);

/** Every team by name, for pickers (add a member to teams). */
export function useTeamOptions({ enabled = true }: { enabled?: boolean } = {}) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'teams'), 'options'],
    queryFn: async () =>
      (await teamsApi.list({ filter: { archived: false }, sort: 'name', page: 'all' })).data,
    enabled,
  });
}

export const useAddTeamMembers = () =>
  useOrganisationMutation(AFFECTED, ({ id, userIds }: { id: string; userIds: string[] }) =>
    userIds.length === 1
      ? request<{ data: Team }>({
          method: 'post',
          url: action(id, 'add_member'),
          body: { user_id: userIds[0] },
        })
      : request<{ data: Team }>({
          method: 'post',
          url: action(id, 'add_members'),
          body: { user_ids: userIds },
        }),
  );

export const useRemoveTeamMember = () =>
  useOrganisationMutation(AFFECTED, ({ id, userId }: { id: string; userId: string }) =>
    request<{ data: Team }>({
      method: 'post',
      url: action(id, 'remove_member'),
      body: { user_id: userId },
    }),
  );

/** "1 team", "3 teams". */
export const teamCount = (count: number) => `${count} team${count === 1 ? '' : 's'}`;
