import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../../api/resource';
import { resourceQueryKey } from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';
import type { Team } from '../../../ui/people-types';

const teams = resourceApi<Team, never>('teams');

/**
 * Every team by name, for pickers (add a member to teams). Here rather than in the teams feature,
 * which builds on people: its writes invalidate the same 'teams' key.
 */
export function useTeamOptions({ enabled = true }: { enabled?: boolean } = {}) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'teams'), 'options'],
    queryFn: async () =>
      (await teams.list({ filter: { archived: false }, sort: 'name', page: 'all' })).data,
    enabled,
  });
}
