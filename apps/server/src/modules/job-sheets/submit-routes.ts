import { idSchema, jobSheetSchema, jobSheetUpdateAndSubmitSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound, validationFailure } from '../../platform/errors';
import { route, type RouteDef } from '../../platform/http/route';
import {
  declaredAction,
  failureError,
  policyOf,
  reader,
  writer,
} from '../../platform/resource-kit';
import { jobSheetsResource } from './job-sheets.resource';
import { isProjectStatus } from './location-status';

const sheets = reader(jobSheetsResource);
const policy = policyOf(jobSheetsResource);

/** The new flow (field-work §4): save the answers and submit in one call, with the location's status. */
export const submitRoutes = (): RouteDef[] => [
  route({
    method: 'POST',
    path: '/job_sheets/:id/update_and_submit',
    access: 'organisation',
    minRole: 'OPERATIVE',
    accessNote: policy.table.submit?.rule?.note,
    tags: ['Job sheet'],
    summary:
      'Save a job sheet’s answers and submit it in one transaction (body: the update fields, operative_declaration_accepted, location_status_id: the location’s new status, one of the project’s)',
    params: z.object({ id: idSchema }),
    body: jobSheetUpdateAndSubmitSchema,
    response: z.object({ data: jobSheetSchema }),
    handler: async (ctx, { params, body }) => {
      const [existing] = await sheets.findMany(ctx, [params.id]);
      if (!existing) throw notFound('Job sheet');
      const { location_status_id: statusId, ...update } = body;
      for (const action of ['update', 'submit']) {
        const { failed } = await policy.permitted(ctx, action, [existing.id]);
        if (failed[0]) throw failureError(jobSheetsResource.label, failed[0], 422);
      }
      if (statusId && !(await isProjectStatus(ctx, String(existing.project_id), statusId)))
        throw validationFailure([
          {
            field: 'location_status_id',
            message: 'Must be a location status of the sheet’s project.',
            code: 'not_found',
          },
        ]);
      await writer(jobSheetsResource).update(ctx, existing, update);
      const submit = declaredAction(jobSheetsResource, 'submit');
      const { failed } = await submit(ctx, null, [existing.id], {
        operative_declaration_accepted: update.operative_declaration_accepted === true,
        ...(statusId ? { location_status_id: statusId } : {}),
      });
      if (failed[0]) throw failureError(jobSheetsResource.label, failed[0], 422);
      const [sheet] = await sheets.findMany(ctx, [existing.id]);
      return { data: sheet! };
    },
  }),
];
