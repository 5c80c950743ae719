import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../../api/resource';
import { resourceQueryKey, useResourceMutation } from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';
import type {
  EmploymentInfo,
  Member,
  MemberInvite,
  MemberRole,
  MembersAnswer,
} from '../../../ui/people-types';

const members = resourceApi<Member, never>('members');
const invites = resourceApi<MemberInvite, { email: string; role: MemberRole }>('invites', {
  parent: '/members',
});

/** Changes to members show in teams (members, leads) and guests (change to guest) too. */
const AFFECTED = ['members', 'teams', 'guests'] as const;

export const membersApi = {
  list: () => members.overview<MembersAnswer>(),
  invite: invites.create,
  resendInvite: (id: string) => invites.act(id, 'resend'),
  cancelInvite: (id: string) => invites.act(id, 'cancel'),
  setRole: (id: string, role: MemberRole) => members.act(id, 'role', { role }, { method: 'put' }),
  setEmploymentInfo: (id: string, info: EmploymentInfo) =>
    members.act(id, 'employment_info', info, { method: 'put' }),
  addToTeams: (id: string, teamIds: string[]) =>
    members.act(id, 'add_to_teams', { team_ids: teamIds }),
  setActive: (id: string, active: boolean) => members.act(id, active ? 'activate' : 'deactivate'),
  changeToGuest: (id: string, projectIds: string[]) =>
    members.act(id, 'change_to_guest', { project_ids: projectIds }),
  remove: (id: string, force: boolean) => members.remove(id, { force }),
};

/** GET /members: active, inactive and invited, answered whole. */
export function useMembers() {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'members'), 'all'],
    queryFn: membersApi.list,
  });
}

export const useInviteMember = () => useResourceMutation(AFFECTED, membersApi.invite);
export const useResendMemberInvite = () =>
  useResourceMutation(AFFECTED, (id: string) => membersApi.resendInvite(id));
export const useCancelMemberInvite = () =>
  useResourceMutation(AFFECTED, (id: string) => membersApi.cancelInvite(id));
export const useSetMemberRole = () =>
  useResourceMutation(AFFECTED, ({ id, role }: { id: string; role: MemberRole }) =>
    membersApi.setRole(id, role),
  );
export const useSetEmploymentInfo = () =>
  useResourceMutation(AFFECTED, ({ id, info }: { id: string; info: EmploymentInfo }) =>
    membersApi.setEmploymentInfo(id, info),
  );
export const useAddMemberToTeams = () =>
  useResourceMutation(AFFECTED, ({ id, teamIds }: { id: string; teamIds: string[] }) =>
    membersApi.addToTeams(id, teamIds),
  );
export const useSetMemberActive = () =>
  useResourceMutation(AFFECTED, ({ id, active }: { id: string; active: boolean }) =>
    membersApi.setActive(id, active),
  );
export const useChangeMemberToGuest = () =>
  useResourceMutation(AFFECTED, ({ id, projectIds }: { id: string; projectIds: string[] }) =>
    membersApi.changeToGuest(id, projectIds),
  );
export const useDeleteMember = () =>
  useResourceMutation(AFFECTED, ({ id, force }: { id: string; force: boolean }) =>
    membersApi.remove(id, force),
  );
