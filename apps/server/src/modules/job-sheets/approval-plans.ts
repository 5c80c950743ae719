import type { OrganisationContext } from '../../platform/http/context';
import type { ActionPlan, ActionRefusal, Row } from '../../platform/resource-kit';
import { approvalBlockers } from './approval-guards';
import { automatedStatusSql } from './location-status';

interface Stage {
  id: string;
  project_id: string;
  name: string;
  declaration: string | null;
}

/** Every stage of the sheets' projects, in order, per project. */
async function stagesOf(ctx: OrganisationContext, rows: Row[]) {
  const { rows: stages } = await ctx.db.query<Stage>(
    `SELECT id, project_id, name, declaration FROM approval_stages
      WHERE organisation_id = $1 AND project_id = ANY($2::text[]) ORDER BY "order", id`,
    [ctx.organisationId, [...new Set(rows.map((row) => String(row.project_id)))]],
  );
  const byProject = new Map<string, Stage[]>();
  for (const stage of stages)
    byProject.set(stage.project_id, [...(byProject.get(stage.project_id) ?? []), stage]);
  return byProject;
}

type Decision = 'APPROVED' | 'REJECTED';

/**
 * Sheets of projects that want a different person at each stage (approvals_same_approver_allowed
 * false) where the caller already decided another stage in this round, each with that stage's
 * name. An undone decision does not count.
 */
async function decidedAnotherStage(
  ctx: OrganisationContext,
  ready: Array<{ row: Row }>,
): Promise<Map<string, string>> {
  if (!ready.length) return new Map();
  const { rows } = await ctx.db.query<{ job_sheet_id: string; stage_name: string | null }>(
    `SELECT DISTINCT ON (s.id) s.id AS job_sheet_id, d.approval_stage_name AS stage_name
       FROM job_sheets s
       JOIN projects p ON p.organisation_id = s.organisation_id AND p.id = s.project_id
       JOIN job_sheet_approval_decisions d
         ON d.organisation_id = s.organisation_id AND d.job_sheet_id = s.id
        AND d.approval_batch = s.approval_batch AND d.undone_at IS NULL AND d.user_id = $3
        AND d.approval_stage_id IS DISTINCT FROM s.current_approval_stage_id
      WHERE s.organisation_id = $1 AND s.id = ANY($2::text[])
        AND NOT p.approvals_same_approver_allowed
      ORDER BY s.id, d.created_at`,
    [ctx.organisationId, ready.map(({ row }) => row.id), ctx.user.id],
  );
  return new Map(rows.map((row) => [row.job_sheet_id, row.stage_name ?? 'earlier']));
}

/** Why a sheet may not be decided on at all, in the order the checks are answered. */
function refusal(
  decision: Decision,
  row: Row,
  body: Record<string, unknown>,
  stage: Stage | null,
): ActionRefusal | string | null {
  if (row.status !== 'SUBMITTED')
    return {
      reason: `A job sheet that is ${String(row.status)} cannot be ${decision.toLowerCase()}.`,
      code: 'not_allowed_from_status',
    };
  if (!row.approval_required) return 'This job sheet does not need approval.';
  if (body.approval_stage_id && body.approval_stage_id !== row.current_approval_stage_id)
    return {
      reason: 'This job sheet has moved on from that stage; reload it and try again.',
      code: 'conflict',
    };
  if (decision === 'APPROVED' && stage?.declaration && body.declaration_accepted !== true)
    return `Accept the stage’s declaration: ${stage.declaration}`;
  return null;
}

/**
 * Approve or reject sheets at their current stage (field-work §3 Approvals): each sheet moves on
 * to the next stage, or is APPROVED after the last, or is REJECTED; the decision is recorded
 * beside it. Approvals are also held up by the approval guards (photos, duplicates, later areas).
 */
export function decisionPlan(decision: Decision): ActionPlan {
  return async (ctx, rows, bodies) => {
    const plans: Awaited<ReturnType<ActionPlan>> = new Map();
    const stages = await stagesOf(ctx, rows);
    const ready: Array<{ row: Row; body: Record<string, unknown>; stage: Stage | null }> = [];
    const nexts = new Map<string, string | null>();
    for (const row of rows) {
      const body = bodies.get(row.id) ?? {};
      const projectStages = stages.get(String(row.project_id)) ?? [];
      const index = projectStages.findIndex((stage) => stage.id === row.current_approval_stage_id);
      const stage = index >= 0 ? projectStages[index]! : null;
      const why = refusal(decision, row, body, stage);
      if (why) plans.set(row.id, why);
      else {
        ready.push({ row, body, stage });
        nexts.set(row.id, stage ? (projectStages[index + 1]?.id ?? null) : null);
      }
    }
    const sameApprover = await decidedAnotherStage(ctx, ready);
    const blocked =
      decision === 'APPROVED'
        ? await approvalBlockers(
            ctx,
            ready.map(({ row }) => row.id),
          )
        : new Map<string, string>();
    for (const { row, body, stage } of ready) {
      const earlier = sameApprover.get(row.id);
      if (earlier) {
        plans.set(row.id, {
          reason: `You decided the “${earlier}” stage of this sheet: on this project each stage is decided by a different person.`,
          // A 422 naming the stage the body is about (the one the caller would decide now).
          field: 'approval_stage_id',
        });
        continue;
      }
      const blocker = blocked.get(row.id);
      if (blocker) {
        plans.set(row.id, blocker);
        continue;
      }
      const record = {
        table: 'job_sheet_approval_decisions',
        values: {
          job_sheet_id: row.id,
          approval_stage_id: stage?.id ?? null,
          approval_stage_name: stage?.name ?? null,
          approval_batch: row.approval_batch,
          user_id: ctx.user.id,
          user_name: ctx.user.name,
          decision,
          comments: body.comments ?? null,
          declaration_accepted_at:
            decision === 'APPROVED' && body.declaration_accepted === true ? new Date() : null,
        },
      };
      const next = nexts.get(row.id) ?? null;
      plans.set(row.id, {
        ...(decision === 'REJECTED'
          ? {
              sets: { status: 'REJECTED' },
              setsSql: {
                rejected_at: 'now()',
                location_status_id: automatedStatusSql('on_reject_job_sheet'),
              },
            }
          : next
            ? { sets: { current_approval_stage_id: next, approved_at: null } }
            : {
                sets: { status: 'APPROVED', current_approval_stage_id: null },
                setsSql: {
                  approved_at: 'now()',
                  location_status_id: automatedStatusSql('on_approve_job_sheet'),
                },
              }),
        inserts: [record],
        changes: null,
      });
    }
    return plans;
  };
}
