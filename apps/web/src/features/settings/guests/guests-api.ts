import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { resourceQueryKey } from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';
import type { GuestInvite, GuestsAnswer, MemberRole } from '../people-types';
import { useOrganisationMutation } from '../settings-query';

const one = (id: string) => `/guests/${encodeURIComponent(id)}`;
const invite = (id: string) => `/guests/invites/${encodeURIComponent(id)}`;
const AFFECTED = ['guests', 'members'] as const;

/** GET /guests: active guests and open invitations, answered whole. */
export function useGuests() {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'guests'), 'all'],
    queryFn: () => request<GuestsAnswer>({ method: 'get', url: '/guests' }),
  });
}

export const useInviteGuest = () =>
  useOrganisationMutation(AFFECTED, (input: { email: string; project_ids: string[] }) =>
    request<{ data: GuestInvite }>({ method: 'post', url: '/guests/invite', body: input }),
  );
export const useResendGuestInvite = () =>
  useOrganisationMutation(AFFECTED, (id: string) =>
    request({ method: 'post', url: `${invite(id)}/resend` }),
  );
export const useCancelGuestInvite = () =>
  useOrganisationMutation(AFFECTED, (id: string) =>
    request<void>({ method: 'delete', url: invite(id) }),
  );
export const useAddGuestToProjects = () =>
  useOrganisationMutation(AFFECTED, ({ id, projectIds }: { id: string; projectIds: string[] }) =>
    request({
      method: 'post',
      url: `${one(id)}/add_to_projects`,
      body: { project_ids: projectIds },
    }),
  );
export const useChangeGuestToMember = () =>
  useOrganisationMutation(AFFECTED, ({ id, role }: { id: string; role: MemberRole }) =>
    request({ method: 'post', url: `${one(id)}/change_to_member`, body: { role } }),
  );
