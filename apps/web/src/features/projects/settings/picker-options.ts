import type { MembersOverview } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../../api/resource';
import { resourceQueryKey } from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';

export interface PickerOption {
  value: string;
  label: string;
}

interface Choice {
  id: string;
  name: string;
  archived_at?: string | null;
}

/** Where the organisation's choices for a picker come from: live records by name, or select options. */
const SOURCES = {
  rate_sets: () =>
    resourceApi<Choice, never>('rate_sets').all({ filter: { archived: false }, sort: 'name' }),
  forms: () =>
    resourceApi<Choice, never>('forms').all({ filter: { archived: false }, sort: 'name' }),
  materials: () => resourceApi<Choice, never>('materials').selectOptions(),
} as const;

type Source = keyof typeof SOURCES;

const membersApi = resourceApi<never, never>('members');

/**
 * Active records of the organisation to choose from (rate sets, forms, materials), by name.
 * Archived ones are left out: they are kept for history, not for new configuration.
 */
export function usePickerOptions(source: Source, { enabled = true } = {}) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, source), 'picker'],
    queryFn: async (): Promise<PickerOption[]> => {
      const choices = await SOURCES[source]();
      return choices
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
      const answer = await membersApi.overview<MembersOverview>();
      return answer.active
        .filter((member) => !member.guest)
        .map((member) => ({ value: member.id, label: member.name || member.email }));
    },
    staleTime: 30_000,
  });
}
