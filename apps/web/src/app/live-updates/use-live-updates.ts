import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../session/use-session';
import { subscribeLiveEvents, type LiveDeps, type LiveMessage } from './live-events';
import { resourceQueryKey } from '../../api/resource-hooks';

/**
 * Which cached queries a streamed collection's change makes stale, by the key prefixes of
 * resourceQueryKey: the inbox counts jobs due today and sheets waiting, so it follows both.
 */
export const LIVE_QUERIES: Record<string, readonly string[]> = {
  jobs: ['jobs', 'inbox'],
  job_sheets: ['job_sheets', 'inbox'],
  notifications: ['notifications'],
};

/** A record's own query: [...resourceQueryKey(org, resource), 'one', id]. */
const recordIdOf = (query: Query): string | undefined =>
  query.queryKey[3] === 'one' && typeof query.queryKey[4] === 'string'
    ? query.queryKey[4]
    : undefined;

/**
 * Marks stale (and refetches, if shown) what a streamed message changes: each collection's lists
 * and counts, and the records it names. A record this member changed themself ("own") is left
 * alone (the tab that changed it holds its answer, and an editor is not refetched under its
 * user); lists still refresh, since another tab of theirs shows them too.
 */
export function invalidateForLiveMessage(
  queryClient: QueryClient,
  organisationId: string,
  message: LiveMessage,
): Promise<void> {
  const changes =
    message.type === 'resync'
      ? Object.keys(LIVE_QUERIES).map((collection) => ({
          collection,
          ids: [] as string[],
          many: true,
          own: false,
        }))
      : [message.change];
  return Promise.all(
    changes.flatMap((change) =>
      (LIVE_QUERIES[change.collection] ?? []).map((resource) =>
        queryClient.invalidateQueries({
          queryKey: resourceQueryKey(organisationId, resource),
          predicate: (query) => {
            const id = recordIdOf(query);
            if (id === undefined || resource !== change.collection || change.many) return true;
            return !change.own && change.ids.includes(id);
          },
        }),
      ),
    ),
  ).then(() => undefined);
}

/**
 * Keeps the signed-in organisation's counts and lists current while someone else changes them:
 * mounted once by the organisation's layout, through the tab's one stream (GET /events).
 */
export function useLiveUpdates(deps?: LiveDeps): void {
  const { organisationId } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!organisationId) return undefined;
    return subscribeLiveEvents(
      organisationId,
      (message) => void invalidateForLiveMessage(queryClient, organisationId, message),
      deps,
    );
  }, [organisationId, queryClient, deps]);
}
