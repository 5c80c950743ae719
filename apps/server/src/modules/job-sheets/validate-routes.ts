import {
  idSchema,
  idsBodySchema,
  jobSheetValidateAllForJobSchema,
  jobSheetValidationSchema,
  jobSheetValidationsSchema,
  type BulkFailure,
} from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { notFoundReason, reader } from '../../platform/resource-kit';
import { jobsResource } from '../jobs';
import { jobSheetsResource } from './job-sheets.resource';
import { validateSheets } from './validate';

const sheets = reader(jobSheetsResource);
const tags = ['Job sheet'];
const minRole = jobSheetsResource.access.read;

async function validateIds(ctx: OrganisationContext, ids: string[]) {
  const rows = await sheets.findMany(ctx, [...new Set(ids)]);
  const found = new Set(rows.map((row) => row.id));
  const failed: BulkFailure[] = ids
    .filter((id) => !found.has(id))
    .map((id) => ({ id, ...notFoundReason('Job sheet') }));
  return { data: await validateSheets(ctx, rows), failed };
}

/** validate: one sheet, many, or every live sheet of a job (field-work §4). */
export const validateRoutes = (): RouteDef[] => [
  route({
    method: 'POST',
    path: '/job_sheets/:id/validate',
    access: 'organisation',
    minRole,
    tags,
    summary:
      'Whether a job sheet could be submitted as it stands: per field what is missing (required, including fields a condition shows) or wrong',
    params: z.object({ id: idSchema }),
    response: z.object({ data: jobSheetValidationSchema }),
    handler: async (ctx, { params }) => {
      const { data } = await validateIds(ctx, [params.id]);
      if (!data[0]) throw notFound('Job sheet');
      return { data: data[0] };
    },
  }),
  route({
    method: 'POST',
    path: '/job_sheets/validate_many',
    access: 'organisation',
    minRole,
    tags,
    summary: 'validate several job sheets (body {ids}); unknown ids are answered in failed',
    body: idsBodySchema,
    response: jobSheetValidationsSchema,
    handler: (ctx, { body }) => validateIds(ctx, body.ids),
  }),
  route({
    method: 'POST',
    path: '/job_sheets/validate_all_for_job',
    access: 'organisation',
    minRole,
    tags,
    summary:
      'validate all of a job’s sheets that are in progress or rejected (body {job_id}); a job the caller cannot see is a 404',
    body: jobSheetValidateAllForJobSchema,
    response: jobSheetValidationsSchema,
    handler: async (ctx, { body }) => {
      const [job] = await reader(jobsResource).findMany(ctx, [body.job_id]);
      if (!job) throw notFound('Job');
      const { rows } = await ctx.db.query<{ id: string }>(
        `SELECT id FROM job_sheets WHERE organisation_id = $1 AND job_id = $2
            AND status IN ('IN_PROGRESS', 'REJECTED') ORDER BY seq_number`,
        [ctx.organisationId, body.job_id],
      );
      return validateIds(
        ctx,
        rows.map((row) => row.id),
      );
    },
  }),
];
