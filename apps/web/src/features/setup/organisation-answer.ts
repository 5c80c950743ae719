import type { MeContext, Organisation } from '@fieldwork/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { session } from '../../session/session-state';
import { SESSION_CONTEXT_QUERY_KEY } from '../../app/session/use-session-context';

/**
 * The organisation setup calls answer the whole organisation, as GET /me/context lists it
 * (docs/organisation-setup.md): put it into the session and the cached context at once, so guards
 * and pages see the change before the next navigation, without reloading the context.
 */
export function applyOrganisation(queryClient: QueryClient, organisation: Organisation): void {
  const replace = (organisations: Organisation[]) =>
    organisations.map((item) => (item.id === organisation.id ? organisation : item));
  session.update({ organisations: replace(session.get().organisations) });
  queryClient.setQueryData<MeContext>(SESSION_CONTEXT_QUERY_KEY, (context) =>
    context ? { ...context, organisations: replace(context.organisations) } : context,
  );
  queryClient.setQueryData(organisationQueryKey(organisation.id), organisation);
}

/** GET /organisation: the current organisation with fresh signed file links. */
export const organisationQueryKey = (organisationId: string) =>
  ['organisations', organisationId, 'organisation'] as const;

/** A mutation whose answer carries `{organisation}`, applied to the session on success. */
export function useOrganisationMutation<Variables, Result extends { organisation: Organisation }>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => applyOrganisation(queryClient, result.organisation),
  });
}
