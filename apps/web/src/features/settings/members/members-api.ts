import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { resourceQueryKey } from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';
import type {
  EmploymentInfo,
  Member,
  MemberInvite,
  MemberRole,
  MembersAnswer,
} from '../people-types';
import { useOrganisationMutation } from '../settings-query';

const one = (id: string) => `/members/${encodeURIComponent(id)}`;
const invite = (id: string) => `/members/invites/${encodeURIComponent(id)}`;

/** Changes to members show in teams (members, leads) and guests (change to guest) too. */
const AFFECTED = ['members', 'teams', 'guests'] as const;

export const membersApi = {
  list: () => request<MembersAnswer>({ method: 'get', url: '/members' }),
  invite: (input: { email: string; role: MemberRole }) =>
    request<{ data: MemberInvite }>({ method: 'post', url: '/members/invites', body: input }),
  resendInvite: (id: string) => request({ method: 'post', url: `${invite(id)}/resend` }),
  cancelInvite: (id: string) => request({ method: 'post', url: `${invite(id)}/cancel` }),
  setRole: (id: string, role: MemberRole) =>
    request<{ data: Member }>({ method: 'put', url: `${one(id)}/role`, body: { role } }),
  setEmploymentInfo: (id: string, info: EmploymentInfo) =>
    request<{ data: Member }>({ method: 'put', url: `${one(id)}/employment_info`, body: info }),
  addToTeams: (id: string, teamIds: string[]) =>
    request({ method: 'post', url: `${one(id)}/add_to_teams`, body: { team_ids: teamIds } }),
  setActive: (id: string, active: boolean) =>
    request({ method: 'post', url: `${one(id)}/${active ? 'activate' : 'deactivate'}` }),
  changeToGuest: (id: string, projectIds: string[]) =>
    request({
      method: 'post',
      url: `${one(id)}/change_to_guest`,
      body: { project_ids: projectIds },
    }),
  remove: (id: string, force: boolean) =>
    request<void>({ method: 'delete', url: one(id), query: force ? 'force=true' : undefined }),
};

/** GET /members: active, inactive and invited, answered whole. */
export function useMembers() {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'members'), 'all'],
    queryFn: membersApi.list,
  });
}

export const useInviteMember = () => useOrganisationMutation(AFFECTED, membersApi.invite);
export const useResendMemberInvite = () =>
  useOrganisationMutation(AFFECTED, (id: string) => membersApi.resendInvite(id));
export const useCancelMemberInvite = () =>
  useOrganisationMutation(AFFECTED, (id: string) => membersApi.cancelInvite(id));
export const useSetMemberRole = () =>
  useOrganisationMutation(AFFECTED, ({ id, role }: { id: string; role: MemberRole }) =>
    membersApi.setRole(id, role),
  );
export const useSetEmploymentInfo = () =>
  useOrganisationMutation(AFFECTED, ({ id, info }: { id: string; info: EmploymentInfo }) =>
    membersApi.setEmploymentInfo(id, info),
  );
export const useAddMemberToTeams = () =>
  useOrganisationMutation(AFFECTED, ({ id, teamIds }: { id: string; teamIds: string[] }) =>
    membersApi.addToTeams(id, teamIds),
  );
export const useSetMemberActive = () =>
  useOrganisationMutation(AFFECTED, ({ id, active }: { id: string; active: boolean }) =>
    membersApi.setActive(id, active),
  );
export const useChangeMemberToGuest = () =>
  useOrganisationMutation(AFFECTED, ({ id, projectIds }: { id: string; projectIds: string[] }) =>
    membersApi.changeToGuest(id, projectIds),
  );
export const useDeleteMember = () =>
  useOrganisationMutation(AFFECTED, ({ id, force }: { id: string; force: boolean }) =>
    membersApi.remove(id, force),
  );
