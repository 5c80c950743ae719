import type { updatePasswordBodySchema, updateUserBodySchema } from '@fieldwork/contract';
import type { z } from 'zod';
import type { User } from '@fieldwork/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceApi } from '../../../api/resource';
import { SESSION_CONTEXT_QUERY_KEY } from '../../../app/session/use-session-context';
import type { Preferences } from '../../../ui/people-types';

/** /me on the core client: the signed-in user's own account. */
const meApi = resourceApi<never, never>('me', { client: 'core' });

/** PUT /me/update_user's body (the contract's, after its trimming). */
export type ProfileInput = z.output<typeof updateUserBodySchema>;

export type PasswordChange = z.output<typeof updatePasswordBodySchema>;

/** Reloads GET /me/context, so the session's user and memberships show the change. */
function useReloadingContext<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_CONTEXT_QUERY_KEY }),
  });
}

/** PUT /me/update_user → {user}. */
export const useUpdateProfile = () =>
  useReloadingContext((input: ProfileInput) =>
    meApi.actOn<{ user: User }>('update_user', input, { method: 'put' }),
  );

/** PUT /me/preferences for one organisation's membership → {preferences}. */
export const useUpdatePreferences = () =>
  useReloadingContext((input: { organisation_id: string } & Partial<Preferences>) =>
    meApi.actOn<{ preferences: Preferences }>('preferences', input, { method: 'put' }),
  );

/** PUT /me/update_password; a wrong current password is a 422 on current_password. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: PasswordChange) =>
      meApi.actOn<{ user: User }>('update_password', input, { method: 'put' }),
  });
}
