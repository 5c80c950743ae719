import {
  idSchema,
  sheetTrailEventSchema,
  sheetTrailRulesSchema,
  type SheetTrailEvent,
} from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { reader } from '../../platform/resource-kit';
import { jobSheetsResource } from './job-sheets.resource';

interface AuditRow {
  id: string;
  action: string;
  performed_at: Date | string;
  by_name: string | null;
  declared_before: string | null;
  declared_after: string | null;
}

interface DecisionRow {
  id: string;
  decision: 'APPROVED' | 'REJECTED';
  approval_stage_name: string | null;
  approval_batch: number;
  user_name: string;
  comments: string | null;
  declaration_accepted_at: Date | string | null;
  created_at: Date | string;
  undone_at: Date | string | null;
  undone_by_name: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const event = (
  partial: Pick<SheetTrailEvent, 'id' | 'kind' | 'at' | 'by_name'> & Partial<SheetTrailEvent>,
): SheetTrailEvent => ({
  stage_name: null,
  round: null,
  comments: null,
  declaration_accepted: false,
  ...partial,
});

/**
 * A sheet's whole story from what is already recorded: its audit entries (started, each
 * submission, with the operative's declaration when it was accepted then, taken back, cancelled)
 * and its decisions (each stage's approval or rejection with the comments, and an undone one
 * when and by whom). A submission after a rejection is a resubmission and starts the next round.
 */
export async function sheetTrail(
  ctx: OrganisationContext,
  sheetId: string,
): Promise<SheetTrailEvent[]> {
  const [audits, decisions] = await Promise.all([
    ctx.db.query<AuditRow>(
      `SELECT a.id, a.action, a.performed_at, u.name AS by_name,
              a.before_image->>'operative_declaration_accepted_at' AS declared_before,
              a.after_image->>'operative_declaration_accepted_at' AS declared_after
         FROM audit_entries a LEFT JOIN users u ON u.id = a.performed_by_user_id
        WHERE a.organisation_id = $1 AND a.collection_name = 'job_sheets' AND a.document_id = $2
          AND a.action IN ('CREATE', 'SUBMIT', 'UPDATE_AND_SUBMIT', 'UNSUBMIT', 'CANCEL')
        ORDER BY a.performed_at, a.id`,
      [ctx.organisationId, sheetId],
    ),
    ctx.db.query<DecisionRow>(
      `SELECT d.id, d.decision, d.approval_stage_name, d.approval_batch, d.user_name, d.comments,
              d.declaration_accepted_at, d.created_at, d.undone_at, u.name AS undone_by_name
         FROM job_sheet_approval_decisions d LEFT JOIN users u ON u.id = d.undone_by_user_id
        WHERE d.organisation_id = $1 AND d.job_sheet_id = $2
        ORDER BY d.created_at, d.id`,
      [ctx.organisationId, sheetId],
    ),
  ]);
  const events: SheetTrailEvent[] = [];
  for (const row of audits.rows) {
    const at = iso(row.performed_at);
    const by = { at, by_name: row.by_name };
    if (row.action === 'CREATE') events.push(event({ id: row.id, kind: 'STARTED', ...by }));
    else if (row.action === 'UNSUBMIT')
      events.push(event({ id: row.id, kind: 'UNSUBMITTED', ...by }));
    else if (row.action === 'CANCEL') events.push(event({ id: row.id, kind: 'CANCELLED', ...by }));
    else {
      // The declaration counts where this submission accepted it (it was not accepted before).
      if (row.declared_after && row.declared_after !== row.declared_before)
        events.push(event({ id: `${row.id}:declaration`, kind: 'DECLARATION_ACCEPTED', ...by }));
      events.push(event({ id: row.id, kind: 'SUBMITTED', ...by }));
    }
  }
  for (const row of decisions.rows) {
    const decided = { stage_name: row.approval_stage_name, round: row.approval_batch };
    events.push(
      event({
        id: row.id,
        kind: row.decision,
        at: iso(row.created_at),
        by_name: row.user_name,
        comments: row.comments,
        declaration_accepted: row.declaration_accepted_at !== null,
        ...decided,
      }),
    );
    if (row.undone_at)
      events.push(
        event({
          id: `${row.id}:undone`,
          kind: 'DECISION_UNDONE',
          at: iso(row.undone_at),
          by_name: row.undone_by_name,
          ...decided,
        }),
      );
  }
  // In time order (a submission's declaration just before it), then the rounds: a submission
  // after a rejection is a resubmission and starts the next round, as the sheet's approval_batch.
  const ordered = events
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.at.localeCompare(b.item.at) || a.index - b.index)
    .map(({ item }) => item);
  let round = 1;
  let submitted = false;
  let rejected = false;
  for (const item of ordered) {
    if (item.kind === 'REJECTED') rejected = true;
    if (item.kind === 'DECLARATION_ACCEPTED' || item.kind === 'SUBMITTED') {
      if (item.kind === 'SUBMITTED') {
        if (rejected) round += 1;
        if (submitted) item.kind = 'RESUBMITTED';
        submitted = true;
        rejected = false;
      }
      item.round = rejected ? round + 1 : round;
    }
  }
  return ordered;
}

/** GET /job_sheets/{id}/trail: the sheet's story, oldest first, for whoever may see the sheet. */
export function sheetTrailRoute(): RouteDef {
  return route({
    method: 'GET',
    path: '/job_sheets/:id/trail',
    access: 'organisation',
    minRole: 'GUEST',
    accessNote: 'the trail of a sheet the caller sees',
    tags: ['Job sheet'],
    summary:
      "A job sheet's story, oldest first: started, submitted and resubmitted (with the operative's declaration), each stage's decision with its comments, undone decisions, taken back or cancelled; with who and when",
    params: z.object({ id: idSchema }),
    response: z.object({
      data: z.array(sheetTrailEventSchema),
      rules: sheetTrailRulesSchema,
    }),
    handler: async (ctx, { params }) => {
      const [sheet] = await reader(jobSheetsResource).findMany(ctx, [params.id]);
      if (!sheet) throw notFound('Job sheet');
      const { rows } = await ctx.db.query<{ allowed: boolean }>(
        `SELECT approvals_same_approver_allowed AS allowed FROM projects
          WHERE organisation_id = $1 AND id = $2`,
        [ctx.organisationId, sheet.project_id],
      );
      return {
        data: await sheetTrail(ctx, params.id),
        rules: { same_approver_allowed: rows[0]?.allowed ?? true },
      };
    },
  });
}
