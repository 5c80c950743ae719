import { idSchema, projectSchema, rateRecalculationSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { jobCallerOf } from '../../platform/queue/caller-context';
import { recalculateRatesJob } from '../materials';
import { requireProject } from './project-record';

/**
 * A project's maintenance actions, each audited:
 * - recalculate_rates (recalculateRoute below) re-prices every job sheet material of the project
 *   on the work queue and answers the task (202); rates_recalculated_at is stamped when it ends;
 * - clear_page_cache stamps page_cache_cleared_at, which cached project pages compare against;
 * - enable_approvals_on_all_forms turns approvals on for the project (forms' own approval flag
 *   arrives with the forms issue and is set here then).
 */
const ACTIONS = {
  clear_page_cache: {
    assignment: 'page_cache_cleared_at = now()',
    audit: 'CLEAR_PAGE_CACHE',
    summary: "Clear the project's cached pages (stamps when they were last cleared)",
  },
  enable_approvals_on_all_forms: {
    assignment: 'approvals_enabled = true',
    audit: 'ENABLE_APPROVALS_ON_ALL_FORMS',
    summary: 'Turn approvals on for the project and every form on it',
  },
} as const;

type ActionName = keyof typeof ACTIONS;

async function runAction(ctx: OrganisationContext, projectId: string, name: ActionName) {
  const { assignment, audit } = ACTIONS[name];
  const before = await readBeforeImages(ctx, 'projects', [projectId]);
  const { rows } = await ctx.db.query(
    `UPDATE projects SET ${assignment}, updated_at = now()
      WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING id`,
    [ctx.organisationId, projectId],
  );
  if (!rows[0]) throw notFound('Project');
  await recordAudit(ctx, 'projects', [projectId], audit, null, before);
}

/**
 * POST /projects/{id}/recalculate_rates: 202 with the background task that re-prices the
 * project's job sheet materials in chunks (poll GET /background_tasks/{task_id} for progress).
 * Until the materials issue it answered the project with only a time stamped.
 */
const recalculateRoute = (): RouteDef =>
  route({
    method: 'POST',
    path: '/projects/:id/recalculate_rates',
    access: 'organisation',
    minRole: 'MANAGER',
    tags: ['Project'],
    summary:
      "Re-price every job sheet material of the project with today's rate sets, on the work queue: 202 with the task to poll",
    params: z.object({ id: idSchema }),
    status: 202,
    response: rateRecalculationSchema,
    handler: async (ctx, { params }) => {
      await requireProject(ctx, params.id);
      const taskId = await ctx.services.queue.enqueue(ctx, recalculateRatesJob, {
        projectId: params.id,
        ...jobCallerOf(ctx),
      });
      await recordAudit(ctx, 'projects', [params.id], 'RECALCULATE_RATES', { task_id: taskId });
      return { task_id: taskId, status: 'QUEUED' as const };
    },
  });

export function projectActionRoutes(): RouteDef[] {
  return [
    recalculateRoute(),
    ...(Object.keys(ACTIONS) as ActionName[]).map((name) =>
      route({
        method: 'POST',
        path: `/projects/:id/${name}`,
        access: 'organisation',
        minRole: 'MANAGER',
        tags: ['Project'],
        summary: ACTIONS[name].summary,
        params: z.object({ id: idSchema }),
        response: z.object({ data: projectSchema }),
        handler: async (ctx, { params }) => {
          await runAction(ctx, params.id, name);
          return { data: await requireProject(ctx, params.id) };
        },
      }),
    ),
  ];
}
