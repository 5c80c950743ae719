import type { Inbox } from '@fieldwork/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { resourceApi } from '../../api/resource';
import { useSession } from '../../session/use-session';

/** The inbox's queries (the page's and the badge's count) share this prefix. */
export const inboxKey = (organisationId: string | null) =>
  ['organisations', organisationId, 'inbox'] as const;

const inboxApi = resourceApi<never, never>('inbox');

/** GET /inbox?page[size]=n: the first n items of each section (0: the counts alone). */
export async function loadInbox(size?: number): Promise<Inbox> {
  const answer = await inboxApi.overview<Inbox | { data: Inbox }>(
    undefined,
    size === undefined ? undefined : { page: { size } },
  );
  return 'data' in answer ? answer.data : answer;
}

const countKey = (organisationId: string | null) => [...inboxKey(organisationId), 'count'];

/**
 * The inbox page's answer is also the navigation badge's: whenever the page loads, the badge
 * shows the same count (never an older one until its next minute).
 */
export function seedInboxCount(
  queryClient: QueryClient,
  organisationId: string | null,
  inbox: Inbox,
): void {
  queryClient.setQueryData(countKey(organisationId), inbox);
}

/** GET /inbox: what waits for the signed-in member; refreshed every minute. */
export function useInbox() {
  const { organisationId } = useSession();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...inboxKey(organisationId), 'page'],
    queryFn: async () => {
      const inbox = await loadInbox();
      seedInboxCount(queryClient, organisationId, inbox);
      return inbox;
    },
    refetchInterval: 60_000,
    enabled: organisationId !== null,
  });
}

/**
 * Everything that waits: sheets to approve, own sheets to fix, jobs due today. Read defensively,
 * as the shell reads everything: a badge must never take the navigation down with it. The
 * server's `meta.total` when it sends one, else the sections' counts added up.
 */
export function inboxTotal(inbox: Partial<Inbox> | null | undefined): number {
  const total: unknown = inbox?.meta?.total;
  if (typeof total === 'number' && Number.isFinite(total)) return total;
  const sections: Array<{ count?: unknown } | undefined> = [
    inbox?.awaiting_approval,
    inbox?.rejected,
    inbox?.jobs_due_today,
  ];
  return sections.reduce(
    (sum, section) => sum + (typeof section?.count === 'number' ? section.count : 0),
    0,
  );
}

/** The badge's number: GET /inbox?page[size]=0 (counts only, no sheets downloaded). */
export function useInboxCount(): number {
  const { organisationId } = useSession();
  const count = useQuery({
    queryKey: countKey(organisationId),
    queryFn: () => loadInbox(0),
    select: inboxTotal,
    refetchInterval: 60_000,
    enabled: organisationId !== null,
  });
  return count.data ?? 0;
}
