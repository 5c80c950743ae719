import {
  markNotificationsReadBodySchema,
  notificationListQuerySchema,
  notificationListSchema,
  type NotificationList,
} from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../http/context';
import { route } from '../http/route';

const tags = ['Notifications'];
const DEFAULT_SIZE = 20;

/** The signed-in member's notices in this organisation, newest first, with the unread count. */
async function listNotifications(
  ctx: OrganisationContext,
  unreadOnly: boolean,
  size: number,
): Promise<NotificationList> {
  const me = ctx.user.id;
  const [{ rows }, { rows: counts }] = await Promise.all([
    ctx.db.query<NotificationList['data'][number]>(
      `SELECT id, kind, title, body, link, read_at, created_at FROM notifications
        WHERE organisation_id = $1 AND user_id = $2 AND (NOT $3 OR read_at IS NULL)
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [ctx.organisationId, me, unreadOnly, size],
    ),
    ctx.db.query<{ unread: number; total: number }>(
      `SELECT count(*) FILTER (WHERE read_at IS NULL)::int AS unread, count(*)::int AS total
         FROM notifications WHERE organisation_id = $1 AND user_id = $2`,
      [ctx.organisationId, me],
    ),
  ]);
  return { data: rows, meta: counts[0] ?? { unread: 0, total: 0 } };
}

/** GET /notifications and POST /notifications/mark_read: each person sees only their own. */
export const notificationRoutes = () => [
  route({
    method: 'GET',
    path: '/notifications',
    access: 'organisation',
    accessNote: 'each member reaches only their own notices',
    tags,
    summary:
      'The signed-in member’s in-app notices, newest first (?unread=true for unread only; page[size] up to 100, 0 for the counts alone), with meta.unread and meta.total',
    query: notificationListQuerySchema,
    response: notificationListSchema,
    handler: (ctx, { query }) =>
      listNotifications(ctx, query.unread === 'true', query['page[size]'] ?? DEFAULT_SIZE),
  }),
  route({
    method: 'POST',
    path: '/notifications/mark_read',
    access: 'organisation',
    accessNote: 'each member reaches only their own notices',
    tags,
    summary:
      'Mark the signed-in member’s notices read (body {ids}; without ids, all of them); answers how many changed and the unread count',
    body: markNotificationsReadBodySchema,
    response: z.object({ marked: z.number().int(), unread: z.number().int() }),
    handler: async (ctx, { body }) => {
      const { rows } = await ctx.db.query<{ id: string }>(
        `UPDATE notifications SET read_at = now(), updated_at = now()
          WHERE organisation_id = $1 AND user_id = $2 AND read_at IS NULL
            AND ($3::text[] IS NULL OR id = ANY($3::text[]))
          RETURNING id`,
        [ctx.organisationId, ctx.user.id, body.ids ?? null],
      );
      const { rows: left } = await ctx.db.query<{ unread: number }>(
        `SELECT count(*)::int AS unread FROM notifications
          WHERE organisation_id = $1 AND user_id = $2 AND read_at IS NULL`,
        [ctx.organisationId, ctx.user.id],
      );
      return { marked: rows.length, unread: left[0]?.unread ?? 0 };
    },
  }),
];
