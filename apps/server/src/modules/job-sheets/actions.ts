import { jobSheetSubmitSchema } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import type { ActionDeclaration, ActionPlan, Row } from '../../platform/resource-kit';
import { approvalActions } from './approval-actions';
import { addGuardRefusals } from './guards';
import { automatedStatusSql } from './location-status';
import { validateSheets } from './validate';
import { publishSubmitted } from './events';
import { noticeSubmitted } from './notices';

/** Approvals are on for a sheet when the organisation has the feature and its form asks for them. */
export const APPROVAL_REQUIRED_SQL = `(coalesce((SELECT (o.options->'features'->>'approvals')::boolean
     FROM organisations o WHERE o.id = t.organisation_id), false)
   AND coalesce((SELECT f.approval_required FROM forms f
     WHERE f.organisation_id = t.organisation_id AND f.id = t.form_id), false))`;
/** The project's first approval stage. */
export const FIRST_STAGE_SQL = `(SELECT st.id FROM approval_stages st
   WHERE st.organisation_id = t.organisation_id AND st.project_id = t.project_id
   ORDER BY st."order", st.id LIMIT 1)`;

/**
 * Why each sheet cannot be submitted: its missing or wrong answers, in one sentence, then what
 * the registered guards (guards.ts) say.
 */
export async function submitBlockers(
  ctx: OrganisationContext,
  rows: Row[],
  declarationAccepted: boolean,
): Promise<Map<string, string>> {
  const results = await validateSheets(ctx, rows, declarationAccepted);
  const reasons = new Map(
    results
      .filter((result) => !result.valid)
      .map((result) => [
        result.id,
        `The job sheet is not complete: ${result.errors.map((error) => error.message).join(' ')}`,
      ]),
  );
  return addGuardRefusals(
    ctx,
    'refuseSubmission',
    rows.map((row) => row.id),
    reasons,
  );
}

/**
 * A submission saved with the location's new status (update_and_submit, which checked it is one
 * of the project's) sets it instead of the form's automation, in the same audited write. The
 * submit routes' body has no such field.
 */
const chosenLocationStatus: ActionPlan = async (_ctx, rows, bodies) =>
  new Map(
    rows.map((row) => {
      const chosen = bodies.get(row.id)?.location_status_id;
      return [row.id, chosen ? { sets: { location_status_id: chosen } } : {}];
    }),
  );

const NO_DECISION_IN_BATCH = `NOT EXISTS (SELECT 1 FROM job_sheet_approval_decisions d
  WHERE d.organisation_id = t.organisation_id AND d.job_sheet_id = t.id
    AND d.approval_batch = t.approval_batch AND d.undone_at IS NULL)`;

/**
 * submit (IN_PROGRESS or REJECTED → SUBMITTED: a resubmission after a rejection starts the next
 * approval batch at the first stage), unsubmit (before any decision of the batch) and cancel.
 */
export const jobSheetActions: ActionDeclaration[] = [
  {
    name: 'submit',
    past: 'submitted',
    audit: 'SUBMIT',
    summary:
      'Submit a job sheet: every required field answered, the declaration accepted when the form asks (body {operative_declaration_accepted})',
    from: ['IN_PROGRESS', 'REJECTED'],
    body: jobSheetSubmitSchema,
    wrongStatus: 422,
    sets: { status: 'SUBMITTED' },
    setsSql: {
      submitted_at: 'now()',
      approved_at: 'NULL',
      approval_required: APPROVAL_REQUIRED_SQL,
      current_approval_stage_id: `CASE WHEN ${APPROVAL_REQUIRED_SQL} THEN ${FIRST_STAGE_SQL} END`,
      approval_batch: `CASE WHEN t.status = 'REJECTED' THEN t.approval_batch + 1 ELSE t.approval_batch END`,
      location_status_id: automatedStatusSql('on_submit_job_sheet'),
    },
    setsFrom: (_ctx, body) =>
      body.operative_declaration_accepted ? { operative_declaration_accepted_at: new Date() } : {},
    validate: (ctx, rows, body) =>
      submitBlockers(ctx, rows, body.operative_declaration_accepted === true),
    plan: chosenLocationStatus,
    after: async (ctx, ids) => {
      await noticeSubmitted(ctx, ids);
      await publishSubmitted(ctx, ids);
    },
  },
  {
    name: 'unsubmit',
    past: 'unsubmitted',
    audit: 'UNSUBMIT',
    summary: 'Take a submitted job sheet back to IN_PROGRESS (before any approval decision)',
    from: ['SUBMITTED'],
    wrongStatus: 422,
    sets: { status: 'IN_PROGRESS' },
    setsSql: { submitted_at: 'NULL', current_approval_stage_id: 'NULL' },
    async validate(ctx, rows) {
      const { rows: decided } = await ctx.db.query<{ id: string }>(
        `SELECT t.id FROM job_sheets t WHERE t.organisation_id = $1 AND t.id = ANY($2::text[])
            AND NOT ${NO_DECISION_IN_BATCH}`,
        [ctx.organisationId, rows.map((row) => row.id)],
      );
      return new Map(
        decided.map((row) => [
          row.id,
          'An approver has decided on this job sheet; undo the approval first.',
        ]),
      );
    },
  },
  {
    name: 'cancel',
    past: 'cancelled',
    audit: 'CANCEL',
    summary: 'Cancel a job sheet (not once approved)',
    from: ['IN_PROGRESS', 'SUBMITTED', 'REJECTED'],
    wrongStatus: 422,
    sets: { status: 'CANCELLED' },
    setsSql: { cancelled_at: 'now()', current_approval_stage_id: 'NULL' },
  },
  ...approvalActions,
];
