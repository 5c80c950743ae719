import type { BulkFailure } from '@fieldwork/contract';
import { recordAudit } from '../../platform/audit';
import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { notFoundReason, Params, policyOf } from '../../platform/resource-kit';
import { jobSheetVisibility } from './access';
import { approvalBlockers } from './approval-guards';
import { automatedStatusSql } from './location-status';
import { jobSheetsResource } from './job-sheets.resource';

export interface DecisionItem {
  id: string;
  comments?: string | null;
  declaration_accepted?: boolean;
  approval_stage_id?: string | null;
}

interface SheetState {
  id: string;
  status: string;
  approval_required: boolean;
  current_approval_stage_id: string | null;
  approval_batch: number;
  project_id: string;
}

interface Stage {
  id: string;
  project_id: string;
  name: string;
  declaration: string | null;
}

const policy = policyOf(jobSheetsResource);

/** The sheets' approval state, only those the caller sees (one statement). */
async function statesOf(ctx: OrganisationContext, ids: string[]) {
  const params = new Params();
  const visible = jobSheetVisibility(ctx, params);
  const { rows } = await ctx.db.query<SheetState>(
    `SELECT t.id, t.status, t.approval_required, t.current_approval_stage_id, t.approval_batch,
            t.project_id
       FROM job_sheets t
      WHERE t.organisation_id = ${params.add(ctx.organisationId)}
        AND t.id = ANY(${params.add(ids)}::text[])${visible ? ` AND (${visible})` : ''}`,
    params.values,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every stage of the sheets' projects, in order, per project. */
async function stagesOf(ctx: OrganisationContext, projectIds: string[]) {
  const { rows } = await ctx.db.query<Stage>(
    `SELECT id, project_id, name, declaration FROM approval_stages
      WHERE organisation_id = $1 AND project_id = ANY($2::text[]) ORDER BY "order", id`,
    [ctx.organisationId, projectIds],
  );
  const byProject = new Map<string, Stage[]>();
  for (const stage of rows)
    byProject.set(stage.project_id, [...(byProject.get(stage.project_id) ?? []), stage]);
  return byProject;
}

type Decision = 'APPROVED' | 'REJECTED';

/**
 * Approves or rejects sheets at their current stage, set-based whatever their number: each item
 * answered, done or failed with its reason. The UPDATE re-checks the stage and batch it read, so
 * of two approvers deciding one sheet at once exactly one decision is recorded (the unique index
 * on standing decisions backs it up); the other is told someone decided meanwhile.
 */
export async function decide(
  ctx: OrganisationContext,
  decision: Decision,
  items: DecisionItem[],
): Promise<{ done: string[]; failed: BulkFailure[] }> {
  const action = decision === 'APPROVED' ? 'approve' : 'reject';
  const unique = [...new Map(items.map((item) => [item.id, item])).values()];
  const ids = unique.map((item) => item.id);
  const failed: BulkFailure[] = [];
  const fail = (id: string, reason: string, code: string) => failed.push({ id, reason, code });
  const states = await statesOf(ctx, ids);
  for (const id of ids) if (!states.has(id)) failed.push({ id, ...notFoundReason('Job sheet') });
  const permitted = await policy.permitted(ctx, action, [...states.keys()]);
  failed.push(...permitted.failed);
  const stages = await stagesOf(ctx, [...new Set([...states.values()].map((s) => s.project_id))]);
  const ready: {
    item: DecisionItem;
    state: SheetState;
    stage: Stage | null;
    next: string | null;
  }[] = [];
  for (const item of unique.filter((item) => permitted.ids.includes(item.id))) {
    const state = states.get(item.id)!;
    if (state.status !== 'SUBMITTED') {
      fail(
        item.id,
        `A job sheet that is ${state.status} cannot be ${decision.toLowerCase()}.`,
        'not_allowed_from_status',
      );
      continue;
    }
    if (!state.approval_required) {
      fail(item.id, 'This job sheet does not need approval.', 'invalid');
      continue;
    }
    if (item.approval_stage_id && item.approval_stage_id !== state.current_approval_stage_id) {
      fail(
        item.id,
        'This job sheet has moved on from that stage; reload it and try again.',
        'conflict',
      );
      continue;
    }
    const projectStages = stages.get(state.project_id) ?? [];
    const index = projectStages.findIndex((stage) => stage.id === state.current_approval_stage_id);
    const stage = index >= 0 ? projectStages[index]! : null;
    if (decision === 'APPROVED' && stage?.declaration && item.declaration_accepted !== true) {
      fail(item.id, `Accept the stage’s declaration: ${stage.declaration}`, 'invalid');
      continue;
    }
    ready.push({ item, state, stage, next: stage ? (projectStages[index + 1]?.id ?? null) : null });
  }
  const blocked =
    decision === 'APPROVED'
      ? await approvalBlockers(
          ctx,
          ready.map(({ item }) => item.id),
        )
      : new Map<string, string>();
  for (const [id, reason] of blocked) fail(id, reason, 'invalid');
  const go = ready.filter(({ item }) => !blocked.has(item.id));
  const done = go.length ? await transition(ctx, decision, go) : [];
  const changed = new Set(done);
  for (const { item } of go.filter(({ item }) => !changed.has(item.id)))
    fail(
      item.id,
      'Someone decided on this job sheet meanwhile; reload it and try again.',
      'conflict',
    );
  if (done.length) {
    await insertDecisions(
      ctx,
      decision,
      go.filter(({ item }) => changed.has(item.id)),
    );
    await recordAudit(ctx, 'job_sheets', done, decision === 'APPROVED' ? 'APPROVE' : 'REJECT');
  }
  const order = new Map(items.map((item, index) => [item.id, index]));
  failed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { done: ids.filter((id) => changed.has(id)), failed };
}

type Ready = { item: DecisionItem; state: SheetState; stage: Stage | null; next: string | null };

async function transition(ctx: OrganisationContext, decision: Decision, go: Ready[]) {
  const rows = go.map(({ item, state, next }) => ({
    id: item.id,
    expected_stage: state.current_approval_stage_id,
    batch: state.approval_batch,
    next_stage: next,
    final: next === null,
  }));
  const sets =
    decision === 'APPROVED'
      ? `status = CASE WHEN x.final THEN 'APPROVED' ELSE 'SUBMITTED' END,
         approved_at = CASE WHEN x.final THEN now() END,
         current_approval_stage_id = x.next_stage,
         location_status_id = CASE WHEN x.final THEN ${automatedStatusSql('on_approve_job_sheet')}
           ELSE t.location_status_id END`
      : `status = 'REJECTED', rejected_at = now(),
         location_status_id = ${automatedStatusSql('on_reject_job_sheet')}`;
  const { rows: changed } = await ctx.db.query<{ id: string }>(
    `UPDATE job_sheets t SET ${sets}, updated_at = now()
       FROM jsonb_to_recordset($2::jsonb) AS x (id text, expected_stage text, batch integer,
            next_stage text, final boolean)
      WHERE t.organisation_id = $1 AND t.id = x.id AND t.status = 'SUBMITTED'
        AND t.current_approval_stage_id IS NOT DISTINCT FROM x.expected_stage
        AND t.approval_batch = x.batch
      RETURNING t.id`,
    [ctx.organisationId, JSON.stringify(rows)],
  );
  return changed.map((row) => row.id);
}

async function insertDecisions(ctx: OrganisationContext, decision: Decision, go: Ready[]) {
  const rows = go.map(({ item, state, stage }) => ({
    id: newId(),
    job_sheet_id: item.id,
    stage_id: stage?.id ?? null,
    stage_name: stage?.name ?? null,
    batch: state.approval_batch,
    comments: item.comments ?? null,
    accepted: decision === 'APPROVED' && item.declaration_accepted === true,
  }));
  await ctx.db.query(
    `INSERT INTO job_sheet_approval_decisions (id, organisation_id, job_sheet_id,
        approval_stage_id, approval_stage_name, approval_batch, user_id, user_name, decision,
        comments, declaration_accepted_at)
     SELECT x.id, $1, x.job_sheet_id, x.stage_id, x.stage_name, x.batch, $2, $3, $4, x.comments,
            CASE WHEN x.accepted THEN now() END
       FROM jsonb_to_recordset($5::jsonb) AS x (id text, job_sheet_id text, stage_id text,
            stage_name text, batch integer, comments text, accepted boolean)`,
    [ctx.organisationId, ctx.user.id, ctx.user.name, decision, JSON.stringify(rows)],
  );
}
