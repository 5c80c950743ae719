import { approvalDecisionSchema } from '@fieldwork/contract';
import { z } from 'zod';
import {
  defineResource,
  parentRecord,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { jobSheetBase } from './sheet-base';

/**
 * A sheet's decision trail (field-work §3 Approval decision), answered as the sheet's
 * `approvals` in the order they were made; written only by the approval actions, so no routes.
 */
export const approvalDecisionsResource: ResourceDeclaration = defineResource({
  name: 'job_sheet_approval_decisions',
  label: 'Approval decision',
  table: 'job_sheet_approval_decisions',
  record: approvalDecisionSchema,
  create: z.object({}),
  update: z.object({}),
  fields: {
    job_sheet_id: { type: 'id', filter: true },
    approval_stage_id: { type: 'id' },
    approval_stage_name: { type: 'text' },
    approval_batch: { type: 'integer' },
    user_id: { type: 'id' },
    user_name: { type: 'text' },
    decision: { type: 'text' },
    comments: { type: 'text' },
    declaration_accepted_at: { type: 'timestamp' },
    undone_at: { type: 'timestamp' },
  },
  parent: parentRecord(() => jobSheetBase, 'job_sheet_id'),
  defaultSort: 'created_at',
  verbs: [],
  access: { read: 'GUEST', write: 'MANAGER' },
});
