import { backgroundTaskSchema, idSchema, ROLE_RANK } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../errors';
import { route } from '../http/route';

const tags = ['Background tasks'];

/**
 * The progress of background work the caller started (an import, a report build, an e-mail):
 * the web app polls it. Only the user who enqueued it and the organisation's admins see it.
 */
export const backgroundTaskRoutes = () => [
  route({
    method: 'GET',
    path: '/background_tasks/:id',
    access: 'organisation',
    accessNote: 'the user who started the work, and admins',
    summary: 'Progress of a background task',
    tags,
    params: z.object({ id: idSchema }),
    response: z.object({ data: backgroundTaskSchema }),
    handler: async (ctx, { params }) => {
      const { rows } = await ctx.db.query<Record<string, unknown>>(
        `SELECT id, kind, status,
                json_build_object('done', progress_done, 'total', progress_total) AS progress,
                message, result, error, attempts, started_at, finished_at, created_at, updated_at
           FROM background_tasks
          WHERE id = $1 AND organisation_id = $2 AND (user_id = $3 OR $4)`,
        [
          params.id,
          ctx.organisationId,
          ctx.user.id,
          ROLE_RANK[ctx.membership.role] >= ROLE_RANK.ADMIN,
        ],
      );
      if (!rows[0]) throw notFound();
      const task = Object.fromEntries(
        Object.entries(rows[0]).map(([key, value]) => [
          key,
          value instanceof Date ? value.toISOString() : value,
        ]),
      );
      return { data: backgroundTaskSchema.parse(task) };
    },
  }),
];
