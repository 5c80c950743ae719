import { idSchema, projectActivityEntrySchema } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { route, type RouteDef } from '../../platform/http/route';

/** How many lines a project's hub shows: the most recent changes. */
export const PROJECT_ACTIVITY_LIMIT = 30;

/**
 * GET /projects/{id}/activity: the audit trail of the project, of its jobs and of its job sheets,
 * newest first (the spec names no such call; docs/decisions.md "Project hub"). Served by the job
 * sheets module, the one that knows all three. Managers and admins only: they see every job and
 * sheet, so the trail tells them nothing they could not read; an operative's or guest's view of
 * a project's work is the jobs and sheets lists, which keep to what they may see.
 */
export function projectActivityRoute(): RouteDef {
  return route({
    method: 'GET',
    path: '/projects/:id/activity',
    access: 'organisation',
    minRole: 'MANAGER',
    tags: ['Project'],
    summary: 'The latest changes to a project, its jobs and its job sheets, newest first',
    params: z.object({ id: idSchema }),
    response: z.object({ data: z.array(projectActivityEntrySchema) }),
    handler: async (ctx, { params }) => {
      const project = await ctx.db.query(
        `SELECT 1 FROM projects WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
        [ctx.organisationId, params.id],
      );
      if (!project.rows[0]) throw notFound('Project');
      // Each kind of record is found by its own index (project, then its audit entries), and the
      // three are merged: one OR over joins would read the organisation's whole trail.
      const { rows } = await ctx.db.query(
        `SELECT a.id, a.collection_name, a.document_id, a.action, a.performed_at,
                u.name AS performed_by_name, d.document_name
           FROM (
             SELECT 'projects'::text AS collection_name, p.id, p.name AS document_name
               FROM projects p WHERE p.organisation_id = $1 AND p.id = $2
             UNION ALL
             SELECT 'jobs', j.id, 'Job ' || j.number
               FROM jobs j WHERE j.organisation_id = $1 AND j.project_id = $2
             UNION ALL
             SELECT 'job_sheets', s.id, 'Sheet ' || s.number
               FROM job_sheets s WHERE s.organisation_id = $1 AND s.project_id = $2
           ) d
           JOIN audit_entries a
             ON a.organisation_id = $1 AND a.collection_name = d.collection_name
            AND a.document_id = d.id
           LEFT JOIN users u ON u.id = a.performed_by_user_id
          ORDER BY a.performed_at DESC, a.id DESC
          LIMIT ${PROJECT_ACTIVITY_LIMIT}`,
        [ctx.organisationId, params.id],
      );
      return {
        data: rows.map((row) => ({
          ...row,
          performed_at: new Date(row.performed_at as string | Date).toISOString(),
        })),
      };
    },
  });
}
