import type { OrganisationContext } from '../../platform/http/context';
import type { ActionChange, ActionPlan, ActionRefusal, Row } from '../../platform/resource-kit';
import { managesAll } from './access';

interface StandingDecision {
  id: string;
  job_sheet_id: string;
  decision: 'APPROVED' | 'REJECTED';
  user_id: string | null;
  approval_stage_id: string | null;
}

/**
 * Each sheet's latest standing decision of its current batch. Not locked: the kit writes a sheet
 * only while it is as read here, and every decision change writes its sheet.
 */
async function latestDecisions(ctx: OrganisationContext, rows: Row[]) {
  const { rows: decisions } = await ctx.db.query<StandingDecision>(
    `SELECT DISTINCT ON (d.job_sheet_id) d.id, d.job_sheet_id, d.decision, d.user_id,
            d.approval_stage_id
       FROM job_sheet_approval_decisions d
       JOIN jsonb_to_recordset($2::jsonb) AS s (id text, batch integer)
         ON s.id = d.job_sheet_id AND s.batch = d.approval_batch
      WHERE d.organisation_id = $1 AND d.undone_at IS NULL
      ORDER BY d.job_sheet_id, d.created_at DESC, d.id DESC`,
    [
      ctx.organisationId,
      JSON.stringify(rows.map((row) => ({ id: row.id, batch: row.approval_batch }))),
    ],
  );
  return new Map(decisions.map((decision) => [decision.job_sheet_id, decision]));
}

const notTheirs: ActionRefusal = {
  reason: 'Only the approver who made this decision (or a manager) may change it.',
  code: 'not_permitted',
  forbidden: true,
};
const refuse = (reason: string): ActionRefusal => ({ reason, code: 'not_allowed_from_status' });

/**
 * A plan over each sheet's latest standing decision: only its maker (or a manager) may change it,
 * then `change` says what becomes of the sheet and the decision, or why not.
 */
function decisionEdit(
  change: (
    row: Row,
    decision: StandingDecision | null,
    ctx: OrganisationContext,
    body: Record<string, unknown>,
  ) => ActionChange | ActionRefusal,
): ActionPlan {
  return async (ctx, rows, bodies) => {
    const decisions = await latestDecisions(ctx, rows);
    return new Map(
      rows.map((row) => {
        const decision = decisions.get(row.id) ?? null;
        if (decision && decision.user_id !== ctx.user.id && !managesAll(ctx))
          return [row.id, notTheirs];
        return [row.id, change(row, decision, ctx, bodies.get(row.id) ?? {})];
      }),
    );
  };
}

/**
 * Undo approval: the latest approval of the current batch is struck out (kept in the trail with
 * undone_at) and the sheet waits at that stage again.
 */
export const undoApprovalPlan = decisionEdit((row, decision, ctx) => {
  if (decision?.decision !== 'APPROVED' || !['SUBMITTED', 'APPROVED'].includes(String(row.status)))
    return refuse('This job sheet has no approval to undo.');
  const now = new Date();
  return {
    sets: {
      status: 'SUBMITTED',
      approved_at: null,
      current_approval_stage_id: decision.approval_stage_id,
    },
    updates: [
      {
        table: 'job_sheet_approval_decisions',
        id: decision.id,
        sets: { undone_at: now, undone_by_user_id: ctx.user.id, updated_at: now },
      },
    ],
    changes: { decision_id: decision.id },
  };
});

/** Update rejection: new comments on the standing rejection of a rejected sheet. */
export const updateRejectionPlan = decisionEdit((row, decision, _ctx, body) => {
  if (row.status !== 'REJECTED' || decision?.decision !== 'REJECTED')
    return refuse('Only a rejected job sheet’s rejection can be updated.');
  return {
    updates: [
      {
        table: 'job_sheet_approval_decisions',
        id: decision.id,
        sets: { comments: body.comments, updated_at: new Date() },
      },
    ],
    changes: { decision_id: decision.id, comments: body.comments },
  };
});
