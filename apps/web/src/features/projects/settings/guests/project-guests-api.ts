import type { ProjectGuests } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../../api/request';
import { resourceQueryKey } from '../../../../api/resource-hooks';
import { useSession } from '../../../../session/use-session';
import { useOrganisationMutation } from '../../../settings/settings-query';

const guestsOf = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/guests`;

/**
 * A project's guests: GET /projects/{id}/guests answers them and the open guest invites naming
 * the project. Kept under the "guests" queries, so the people screens' guest changes (invite,
 * resend, cancel) reload it too.
 */
export function useProjectGuests(projectId: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'guests'), 'project', projectId],
    queryFn: () => request<ProjectGuests>({ method: 'get', url: guestsOf(projectId) }),
  });
}

/** Guests show on the project (its guest count), on the guests screen and among members. */
const AFFECTED = ['guests', 'members', 'projects'] as const;

/** POST /projects/{id}/guests {user_ids}: guests of the organisation join the project. */
export const useAddProjectGuests = (projectId: string) =>
  useOrganisationMutation(AFFECTED, (userIds: string[]) =>
    request<ProjectGuests>({
      method: 'post',
      url: guestsOf(projectId),
      body: { user_ids: userIds },
    }),
  );

/** DELETE /projects/{id}/members/{userId}: a guest leaves the project (their membership stays). */
export const useRemoveProjectGuest = (projectId: string) =>
  useOrganisationMutation(AFFECTED, (userId: string) =>
    request<void>({
      method: 'delete',
      url: `/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(userId)}`,
    }),
  );

/** POST /guests/invite {email, project_ids: [this project]}. */
export const useInviteProjectGuest = (projectId: string) =>
  useOrganisationMutation(AFFECTED, (email: string) =>
    request({ method: 'post', url: '/guests/invite', body: { email, project_ids: [projectId] } }),
  );
