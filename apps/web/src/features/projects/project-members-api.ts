import type { ProjectMember } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/request';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { useOrganisationMutation } from '../settings/settings-query';
import { listData } from './project-options-api';

export type MemberPermissions = Pick<ProjectMember, 'can_start_jobs' | 'can_edit'>;

const members = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/members`;
const member = (projectId: string, userId: string) =>
  `${members(projectId)}/${encodeURIComponent(userId)}`;

export const projectMembersApi = {
  list: async (projectId: string) =>
    listData<ProjectMember>(await request({ method: 'get', url: members(projectId) }), 'members'),
  add: (projectId: string, userIds: string[], permissions: Partial<MemberPermissions> = {}) =>
    request({
      method: 'post',
      url: members(projectId),
      body: { user_ids: userIds, ...permissions },
    }),
  update: (projectId: string, userId: string, permissions: Partial<MemberPermissions>) =>
    request({ method: 'put', url: member(projectId, userId), body: permissions }),
  remove: (projectId: string, userId: string, force = false) =>
    request<void>({
      method: 'delete',
      url: member(projectId, userId),
      query: force ? 'force=true' : undefined,
    }),
};

/** Project membership shows on the project (counts) and on the people screens (their projects). */
const AFFECTED = ['projects', 'members'] as const;

export function useProjectMembers(projectId: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'projects'), 'members', projectId],
    queryFn: () => projectMembersApi.list(projectId),
  });
}

export const useAddProjectMembers = (projectId: string) =>
  useOrganisationMutation(
    AFFECTED,
    ({ userIds, permissions }: { userIds: string[]; permissions: Partial<MemberPermissions> }) =>
      projectMembersApi.add(projectId, userIds, permissions),
  );
export const useUpdateProjectMember = (projectId: string) =>
  useOrganisationMutation(
    AFFECTED,
    ({ userId, permissions }: { userId: string; permissions: Partial<MemberPermissions> }) =>
      projectMembersApi.update(projectId, userId, permissions),
  );
export const useRemoveProjectMember = (projectId: string) =>
  useOrganisationMutation(AFFECTED, ({ userId, force }: { userId: string; force: boolean }) =>
    projectMembersApi.remove(projectId, userId, force),
  );
