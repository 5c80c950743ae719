import type { updatePasswordBodySchema, updateUserBodySchema } from '@fieldwork/contract';
import type { z } from 'zod';
import type { User } from '@fieldwork/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { SESSION_CONTEXT_QUERY_KEY } from '../../../session/use-session-context';
import type { Preferences } from '../../people/people-types';

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
    request<{ user: User }>({ method: 'put', url: '/me/update_user', client: 'core', body: input }),
  );

/** PUT /me/preferences for one organisation's membership → {preferences}. */
export const useUpdatePreferences = () =>
  useReloadingContext((input: { organisation_id: string } & Partial<Preferences>) =>
    request<{ preferences: Preferences }>({
      method: 'put',
      url: '/me/preferences',
      client: 'core',
      body: input,
    }),
  );

/** PUT /me/update_password; a wrong current password is a 422 on current_password. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: PasswordChange) =>
      request<{ user: User }>({
        method: 'put',
        url: '/me/update_password',
        client: 'core',
        body: input,
      }),
  });
}
