import { idSchema, projectSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { requireProject } from './project-record';

/**
 * A project's maintenance actions. Each changes what exists today and is audited:
 * - recalculate_rates stamps rates_recalculated_at (rates come with the materials issue, which
 *   recomputes job sheet material prices here);
 * - clear_page_cache stamps page_cache_cleared_at, which cached project pages compare against;
 * - enable_approvals_on_all_forms turns approvals on for the project (forms' own approval flag
 *   arrives with the forms issue and is set here then).
 */
const ACTIONS = {
  recalculate_rates: {
    assignment: 'rates_recalculated_at = now()',
    audit: 'RECALCULATE_RATES',
    summary: "Recalculate the project's rates (stamps when they were last recalculated)",
  },
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

export function projectActionRoutes(): RouteDef[] {
  return (Object.keys(ACTIONS) as ActionName[]).map((name) =>
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
  );
}
