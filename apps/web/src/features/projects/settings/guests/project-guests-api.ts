import type { ProjectGuests } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { recordPath, resourceApi } from '../../../../api/resource';
import { projectMembersOf } from '../../project-members-api';
import { resourceQueryKey, useResourceMutation } from '../../../../api/resource-hooks';
import { useSession } from '../../../../session/use-session';

const guestsOf = (projectId: string) =>
  resourceApi<never, { user_ids: string[] }>('guests', {
    parent: recordPath('projects', projectId),
  });
const organisationGuests = resourceApi<never, never>('guests');

/**
 * A project's guests: GET /projects/{id}/guests answers them and the open guest invites naming
 * the project. Kept under the "guests" queries, so the people screens' guest changes (invite,
 * resend, cancel) reload it too.
 */
export function useProjectGuests(projectId: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'guests'), 'project', projectId],
    queryFn: () => guestsOf(projectId).overview<ProjectGuests>(),
  });
}

/** Guests show on the project (its guest count), on the guests screen and among members. */
const AFFECTED = ['guests', 'members', 'projects'] as const;

/** POST /projects/{id}/guests {user_ids}: guests of the organisation join the project. */
export const useAddProjectGuests = (projectId: string) =>
  useResourceMutation(AFFECTED, (userIds: string[]) =>
    guestsOf(projectId).actOn<ProjectGuests>('', { user_ids: userIds }),
  );

/** DELETE /projects/{id}/members/{userId}: a guest leaves the project (their membership stays). */
export const useRemoveProjectGuest = (projectId: string) =>
  useResourceMutation(AFFECTED, (userId: string) => projectMembersOf(projectId).remove(userId));

/** POST /guests/invite {email, project_ids: [this project]}. */
export const useInviteProjectGuest = (projectId: string) =>
  useResourceMutation(AFFECTED, (email: string) =>
    organisationGuests.actOn('invite', { email, project_ids: [projectId] }),
  );
