import {
  jobSheetApproveManyResultSchema,
  jobSheetApproveManySchema,
  jobSheetApproveSchema,
  jobSheetRejectManyResultSchema,
  jobSheetRejectManySchema,
  jobSheetRejectSchema,
  jobSheetUpdateRejectionSchema,
} from '@fieldwork/contract';
import type { ActionDeclaration } from '../../platform/resource-kit';
import { decisionPlan } from './approval-plans';
import { undoApprovalPlan, updateRejectionPlan } from './decision-plans';
import { publishDecided } from './events';
import { noticeDecided } from './notices';

const decided: ActionDeclaration['after'] = async (ctx, ids) => {
  await noticeDecided(ctx, ids);
  await publishDecided(ctx, ids);
};

const meanwhile = 'Someone decided on this job sheet meanwhile; reload it and try again.';

/** Approvals (field-work §3 Approvals, §4): approve, reject, their _many forms, undo, update. */
export const approvalActions: ActionDeclaration[] = [
  {
    name: 'approve',
    past: 'approved',
    audit: 'APPROVE',
    summary:
      'Approve a submitted job sheet at its current stage, accepting the stage’s declaration; after the last stage it is APPROVED',
    body: jobSheetApproveSchema,
    wrongStatus: 422,
    meanwhile,
    many: {
      list: 'jobSheetApprovals',
      body: jobSheetApproveManySchema,
      response: jobSheetApproveManyResultSchema,
      summary:
        'Approve several job sheets at their current stages (body {jobSheetApprovals: [{id, comments, declaration_accepted, approval_stage_id}]}); answers which were approved and why others were not',
    },
    plan: decisionPlan('APPROVED'),
    after: decided,
  },
  {
    name: 'reject',
    past: 'rejected',
    audit: 'REJECT',
    summary:
      'Reject a submitted job sheet at its current stage with comments; the operative fixes and resubmits it (next approval batch)',
    body: jobSheetRejectSchema,
    wrongStatus: 422,
    meanwhile,
    many: {
      list: 'jobSheetRejections',
      body: jobSheetRejectManySchema,
      response: jobSheetRejectManyResultSchema,
      summary:
        'Reject several job sheets at their current stages (body {jobSheetRejections: [{id, comments}]}); answers which were rejected and why others were not',
    },
    plan: decisionPlan('REJECTED'),
    after: decided,
  },
  {
    name: 'undo_approval',
    past: 'undone',
    audit: 'UNDO_APPROVAL',
    summary: 'Undo the latest approval of the current batch: the sheet waits at that stage again',
    wrongStatus: 422,
    many: false,
    plan: undoApprovalPlan,
  },
  {
    name: 'update_rejection',
    past: 'updated',
    audit: 'UPDATE_REJECTION',
    summary: 'Change the comments of a rejected job sheet’s rejection',
    methods: ['PUT'],
    body: jobSheetUpdateRejectionSchema,
    wrongStatus: 422,
    many: false,
    plan: updateRejectionPlan,
  },
];
