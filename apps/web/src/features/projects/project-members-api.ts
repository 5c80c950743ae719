import type { ProjectMember } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { recordPath, resourceApi } from '../../api/resource';
import { resourceQueryKey, useResourceMutation } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { listData } from './project-options-api';

export type MemberPermissions = Pick<ProjectMember, 'can_start_jobs' | 'can_edit'>;

type ProjectMemberInput = { user_ids: string[] } & Partial<MemberPermissions>;

/** /projects/{id}/members, each member by their user id. */
export const projectMembersOf = (projectId: string) =>
  resourceApi<ProjectMember, ProjectMemberInput>('members', {
    parent: recordPath('projects', projectId),
  });

export const projectMembersApi = {
  list: async (projectId: string) =>
    listData<ProjectMember>(await projectMembersOf(projectId).overview(), 'members'),
  add: (projectId: string, userIds: string[], permissions: Partial<MemberPermissions> = {}) =>
    projectMembersOf(projectId).create({ user_ids: userIds, ...permissions }),
  update: (projectId: string, userId: string, permissions: Partial<MemberPermissions>) =>
    projectMembersOf(projectId).update(userId, permissions),
  remove: (projectId: string, userId: string, force = false) =>
    projectMembersOf(projectId).remove(userId, { force }),
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
  useResourceMutation(
    AFFECTED,
    ({ userIds, permissions }: { userIds: string[]; permissions: Partial<MemberPermissions> }) =>
      projectMembersApi.add(projectId, userIds, permissions),
  );
export const useUpdateProjectMember = (projectId: string) =>
  useResourceMutation(
    AFFECTED,
    ({ userId, permissions }: { userId: string; permissions: Partial<MemberPermissions> }) =>
      projectMembersApi.update(projectId, userId, permissions),
  );
export const useRemoveProjectMember = (projectId: string) =>
  useResourceMutation(AFFECTED, ({ userId, force }: { userId: string; force: boolean }) =>
    projectMembersApi.remove(projectId, userId, force),
  );
