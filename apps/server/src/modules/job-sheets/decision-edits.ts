import { recordAudit } from '../../platform/audit';
import { conflict, forbidden, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { policyOf, reader } from '../../platform/resource-kit';
import { managesAll } from './access';
import { jobSheetsResource } from './job-sheets.resource';

const policy = policyOf(jobSheetsResource);
const sheets = reader(jobSheetsResource);

interface StandingDecision {
  id: string;
  decision: 'APPROVED' | 'REJECTED';
  user_id: string | null;
  approval_stage_id: string | null;
}

/** The latest standing decision of the sheet's current batch, locked until the request ends. */
async function latestDecision(ctx: OrganisationContext, sheetId: string, batch: number) {
  const { rows } = await ctx.db.query<StandingDecision>(
    `SELECT id, decision, user_id, approval_stage_id FROM job_sheet_approval_decisions
      WHERE organisation_id = $1 AND job_sheet_id = $2 AND approval_batch = $3 AND undone_at IS NULL
      ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
    [ctx.organisationId, sheetId, batch],
  );
  return rows[0] ?? null;
}

const refuse = (message: string, code = 'not_allowed_from_status') =>
  validationFailure([{ field: 'status', message, code }]);

/** A visible sheet the caller may take `action` on, and the decision it acts on. */
async function target(ctx: OrganisationContext, sheetId: string, action: string) {
  const [sheet] = await sheets.findMany(ctx, [sheetId]);
  if (!sheet) throw notFound('Job sheet');
  const { failed } = await policy.permitted(ctx, action, [sheetId]);
  if (failed[0]) throw forbidden(failed[0].reason, failed[0].code);
  const decision = await latestDecision(ctx, sheetId, Number(sheet.approval_batch));
  if (decision && decision.user_id !== ctx.user.id && !managesAll(ctx))
    throw forbidden(
      'Only the approver who made this decision (or a manager) may change it.',
      'not_permitted',
    );
  return { sheet, decision };
}

/**
 * Undo approval: the latest approval of the current batch is struck out (kept in the trail with
 * undone_at) and the sheet waits at that stage again.
 */
export async function undoApproval(ctx: OrganisationContext, sheetId: string) {
  const { sheet, decision } = await target(ctx, sheetId, 'undo_approval');
  if (
    decision?.decision !== 'APPROVED' ||
    !['SUBMITTED', 'APPROVED'].includes(String(sheet.status))
  )
    throw refuse('This job sheet has no approval to undo.');
  const { rows } = await ctx.db.query(
    `UPDATE job_sheets SET status = 'SUBMITTED', approved_at = NULL,
            current_approval_stage_id = $3, updated_at = now()
      WHERE organisation_id = $1 AND id = $2 AND status = $4
        AND current_approval_stage_id IS NOT DISTINCT FROM $5 RETURNING id`,
    [
      ctx.organisationId,
      sheetId,
      decision.approval_stage_id,
      sheet.status,
      sheet.current_approval_stage_id,
    ],
  );
  if (!rows.length)
    throw conflict(
      'This job sheet was changed by someone else meanwhile; reload it and try again.',
    );
  await ctx.db.query(
    `UPDATE job_sheet_approval_decisions SET undone_at = now(), undone_by_user_id = $3, updated_at = now()
      WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, decision.id, ctx.user.id],
  );
  await recordAudit(ctx, 'job_sheets', [sheetId], 'UNDO_APPROVAL', { decision_id: decision.id });
}

/** Update rejection: new comments on the standing rejection of a rejected sheet. */
export async function updateRejection(ctx: OrganisationContext, sheetId: string, comments: string) {
  const { sheet, decision } = await target(ctx, sheetId, 'update_rejection');
  if (sheet.status !== 'REJECTED' || decision?.decision !== 'REJECTED')
    throw refuse('Only a rejected job sheet’s rejection can be updated.');
  await ctx.db.query(
    `UPDATE job_sheet_approval_decisions SET comments = $3, updated_at = now()
      WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, decision.id, comments],
  );
  await recordAudit(ctx, 'job_sheets', [sheetId], 'UPDATE_REJECTION', {
    decision_id: decision.id,
    comments,
  });
}
