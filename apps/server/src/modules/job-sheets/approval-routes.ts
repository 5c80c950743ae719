import {
  idSchema,
  jobSheetApproveManyResultSchema,
  jobSheetApproveManySchema,
  jobSheetApproveSchema,
  jobSheetRejectManyResultSchema,
  jobSheetRejectManySchema,
  jobSheetRejectSchema,
  jobSheetSchema,
  jobSheetUpdateRejectionSchema,
  type BulkFailure,
} from '@fieldwork/contract';
import { z } from 'zod';
import { conflict, forbidden, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { policyOf, reader } from '../../platform/resource-kit';
import { decide } from './approve-reject';
import { undoApproval, updateRejection } from './decision-edits';
import { jobSheetsResource } from './job-sheets.resource';

const tags = ['Job sheet'];
const params = z.object({ id: idSchema });
const one = z.object({ data: jobSheetSchema });
const sheets = reader(jobSheetsResource);
const policy = policyOf(jobSheetsResource);
const roleOf = (action: string) => {
  const entry = policy.table[action]!;
  return entry.rule?.role ?? entry.role;
};
const noteOf = (action: string) => policy.table[action]?.rule?.note;

/** A one-sheet call's failure as its error. */
function failure(item: BulkFailure) {
  switch (item.code) {
    case 'not_found':
      return notFound('Job sheet');
    case 'not_permitted':
      return forbidden(item.reason, item.code);
    case 'conflict':
      return conflict(item.reason);
    case 'not_allowed_from_status':
      return validationFailure([{ field: 'status', message: item.reason, code: item.code }]);
    default:
      return validationFailure([{ field: 'id', message: item.reason, code: item.code }]);
  }
}

const loadOne = async (ctx: OrganisationContext, id: string) => {
  const [sheet] = await sheets.findMany(ctx, [id]);
  if (!sheet) throw notFound('Job sheet');
  return { data: sheet };
};

/** Approvals (field-work §3 Approvals, §4): approve, reject, their _many forms, undo, update. */
export const approvalRoutes = (): RouteDef[] => [
  route({
    method: 'POST',
    path: '/job_sheets/approve_many',
    access: 'organisation',
    minRole: roleOf('approve'),
    accessNote: noteOf('approve'),
    tags,
    summary:
      'Approve several job sheets at their current stages (body {jobSheetApprovals: [{id, comments, declaration_accepted, approval_stage_id}]}); answers which were approved and why others were not',
    body: jobSheetApproveManySchema,
    response: jobSheetApproveManyResultSchema,
    handler: async (ctx, { body }) => {
      const { done, failed } = await decide(ctx, 'APPROVED', body.jobSheetApprovals);
      return { approved: done, failed };
    },
  }),
  route({
    method: 'POST',
    path: '/job_sheets/reject_many',
    access: 'organisation',
    minRole: roleOf('reject'),
    accessNote: noteOf('reject'),
    tags,
    summary:
      'Reject several job sheets at their current stages (body {jobSheetRejections: [{id, comments}]}); answers which were rejected and why others were not',
    body: jobSheetRejectManySchema,
    response: jobSheetRejectManyResultSchema,
    handler: async (ctx, { body }) => {
      const { done, failed } = await decide(ctx, 'REJECTED', body.jobSheetRejections);
      return { rejected: done, failed };
    },
  }),
  route({
    method: 'POST',
    path: '/job_sheets/:id/approve',
    access: 'organisation',
    minRole: roleOf('approve'),
    accessNote: noteOf('approve'),
    tags,
    summary:
      'Approve a submitted job sheet at its current stage, accepting the stage’s declaration; after the last stage it is APPROVED',
    params,
    body: jobSheetApproveSchema.optional(),
    response: one,
    handler: async (ctx, { params: { id }, body }) => {
      const { failed } = await decide(ctx, 'APPROVED', [{ ...body, id }]);
      if (failed[0]) throw failure(failed[0]);
      return loadOne(ctx, id);
    },
  }),
  route({
    method: 'POST',
    path: '/job_sheets/:id/reject',
    access: 'organisation',
    minRole: roleOf('reject'),
    accessNote: noteOf('reject'),
    tags,
    summary:
      'Reject a submitted job sheet at its current stage with comments; the operative fixes and resubmits it (next approval batch)',
    params,
    body: jobSheetRejectSchema,
    response: one,
    handler: async (ctx, { params: { id }, body }) => {
      const { failed } = await decide(ctx, 'REJECTED', [{ ...body, id }]);
      if (failed[0]) throw failure(failed[0]);
      return loadOne(ctx, id);
    },
  }),
  route({
    method: 'POST',
    path: '/job_sheets/:id/undo_approval',
    access: 'organisation',
    minRole: roleOf('undo_approval'),
    accessNote: noteOf('undo_approval'),
    tags,
    summary: 'Undo the latest approval of the current batch: the sheet waits at that stage again',
    params,
    response: one,
    handler: async (ctx, { params: { id } }) => {
      await undoApproval(ctx, id);
      return loadOne(ctx, id);
    },
  }),
  route({
    method: 'PUT',
    path: '/job_sheets/:id/update_rejection',
    access: 'organisation',
    minRole: roleOf('update_rejection'),
    accessNote: noteOf('update_rejection'),
    tags,
    summary: 'Change the comments of a rejected job sheet’s rejection',
    params,
    body: jobSheetUpdateRejectionSchema,
    response: one,
    handler: async (ctx, { params: { id }, body }) => {
      await updateRejection(ctx, id, body.comments);
      return loadOne(ctx, id);
    },
  }),
];
