import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../../api/resource';
import { resourceQueryKey, useResourceMutation } from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';
import type { GuestInvite, GuestsAnswer, MemberRole } from '../../../ui/people-types';

const guests = resourceApi<never, never>('guests');
const invites = resourceApi<GuestInvite, never>('invites', { parent: '/guests' });
const AFFECTED = ['guests', 'members'] as const;

/** GET /guests: active guests and open invitations, answered whole. */
export function useGuests() {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'guests'), 'all'],
    queryFn: () => guests.overview<GuestsAnswer>(),
  });
}

export const useInviteGuest = () =>
  useResourceMutation(AFFECTED, (input: { email: string; project_ids: string[] }) =>
    guests.actOn<{ data: GuestInvite }>('invite', input),
  );
export const useResendGuestInvite = () =>
  useResourceMutation(AFFECTED, (id: string) => invites.act(id, 'resend'));
export const useCancelGuestInvite = () =>
  useResourceMutation(AFFECTED, (id: string) => invites.remove(id));
export const useAddGuestToProjects = () =>
  useResourceMutation(AFFECTED, ({ id, projectIds }: { id: string; projectIds: string[] }) =>
    guests.act(id, 'add_to_projects', { project_ids: projectIds }),
  );
export const useChangeGuestToMember = () =>
  useResourceMutation(AFFECTED, ({ id, role }: { id: string; role: MemberRole }) =>
    guests.act(id, 'change_to_member', { role }),
  );
