import type { Organisation } from '@fieldwork/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { chosenOrganisationPath } from '../../app/organisation-choice';
import { session } from '../../session/session-state';
import { SESSION_CONTEXT_QUERY_KEY } from '../../app/session/use-session-context';

/**
 * POST /me/organisations/register, then the context is reloaded so the new organisation is among
 * the user's; resolves with the path of its projects page.
 */
export function useRegisterOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name }: { name: string }) => {
      const { organisation } = await request<{ organisation: Organisation }>({
        method: 'post',
        url: '/me/organisations/register',
        client: 'core',
        body: { name },
      });
      await queryClient.invalidateQueries({ queryKey: SESSION_CONTEXT_QUERY_KEY });
      return chosenOrganisationPath(session.get().organisations, organisation.id);
    },
  });
}
