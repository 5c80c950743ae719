import type { NotificationList, NotificationPreferences } from '@fieldwork/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceApi } from '../../api/resource';
import { SESSION_CONTEXT_QUERY_KEY } from '../../app/session/use-session-context';
import { useSession } from '../../session/use-session';

const notificationsApi = resourceApi<never, never>('notifications');
const meApi = resourceApi<never, never>('me', { client: 'core' });

/** The bell's count and the page's list share this prefix, so a change refreshes both. */
export const notificationsKey = (organisationId: string | null) =>
  ['organisations', organisationId, 'notifications'] as const;

/** GET /notifications: the signed-in member's notices, newest first; refreshed every minute. */
export function useNotifications(unreadOnly: boolean) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...notificationsKey(organisationId), 'list', unreadOnly],
    queryFn: () =>
      notificationsApi.overview<NotificationList>(undefined, {
        page: { size: 50 },
        ...(unreadOnly ? { unread: 'true' } : {}),
      }),
    refetchInterval: 60_000,
    enabled: organisationId !== null,
  });
}

/** The bell's number: GET /notifications?page[size]=0 (counts only). */
export function useUnreadNotifications(): number {
  const { organisationId } = useSession();
  const counts = useQuery({
    queryKey: [...notificationsKey(organisationId), 'count'],
    queryFn: () => notificationsApi.overview<NotificationList>(undefined, { page: { size: 0 } }),
    select: (answer) => (typeof answer?.meta?.unread === 'number' ? answer.meta.unread : 0),
    refetchInterval: 60_000,
    enabled: organisationId !== null,
  });
  return counts.data ?? 0;
}

/** POST /notifications/mark_read (ids, or none for all). */
export function useMarkRead() {
  const { organisationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      notificationsApi.actOn<{ marked: number; unread: number }>('mark_read', ids ? { ids } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey(organisationId) }),
  });
}

/** PUT /me/preferences with a change of some kinds' channels or the daily digest, for this organisation. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      organisation_id: string;
      notifications?: Partial<
        Record<keyof NotificationPreferences, Partial<{ email: boolean; in_app: boolean }>>
      >;
      /** The managers' daily digest e-mail. */
      daily_digest?: boolean;
    }) => meApi.actOn('preferences', input, { method: 'put' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_CONTEXT_QUERY_KEY }),
  });
}
