import type { MembersOverview } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { resourceQueryKey } from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';

export interface PickerOption {
  value: string;
  label: string;
}

/** Where the organisation's choices for a picker come from. */
const SOURCES = {
  rate_sets: { url: '/rate_sets', query: 'filter[archived]=false&sort=name&page=all' },
  forms: { url: '/forms', query: 'filter[archived]=false&sort=name&page=all' },
  materials: { url: '/select_options/materials', query: undefined },
} as const;

type Source = keyof typeof SOURCES;

/**
 * Active records of the organisation to choose from (rate sets, forms, materials), by name.
 * Archived ones are left out: they are kept for history, not for new configuration.
 */
export function usePickerOptions(source: Source, { enabled = true } = {}) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, source), 'picker'],
    queryFn: async (): Promise<PickerOption[]> => {
      const { url, query } = SOURCES[source];
      const answer = await request<{
        data: Array<{ id: string; name: string; archived_at?: string | null }>;
      }>({ method: 'get', url, query });
      return answer.data
        .filter((item) => !item.archived_at)
        .map((item) => ({ value: item.id, label: item.name }));
    },
    enabled,
    staleTime: 30_000,
  });
}

/** Active members (not guests) to choose as approvers: GET /members answers them whole. */
export function useMemberOptions() {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'members'), 'picker'],
    queryFn: async (): Promise<PickerOption[]> => {
      const answer = await request<MembersOverview>({ method: 'get', url: '/members' });
      return answer.active
        .filter((member) => !member.guest)
        .map((member) => ({ value: member.id, label: member.name || member.email }));
    },
    staleTime: 30_000,
  });
}
