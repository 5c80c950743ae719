import { jobSheetSubmitSchema } from '@fieldwork/contract';
import { conflict } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import {
  declaredAction,
  policyOf,
  type ActionDeclaration,
  type Row,
} from '../../platform/resource-kit';
import { submitBlockers } from './actions';
import { jobSheetsResource } from './job-sheets.resource';

/** The jobs' sheets still to hand in (in progress or rejected). */
async function openSheets(ctx: OrganisationContext, jobIds: string[]) {
  const { rows } = await ctx.db.query<Row & { job_id: string; number: number }>(
    `SELECT id, job_id, number, form_id, project_form_id, operative_declaration_accepted_at
       FROM job_sheets
      WHERE organisation_id = $1 AND job_id = ANY($2::text[]) AND status IN ('IN_PROGRESS', 'REJECTED')
      ORDER BY seq_number`,
    [ctx.organisationId, jobIds],
  );
  return rows;
}

/**
 * A job's "submit all job sheets" (field-work §4): every sheet of the job in progress or rejected
 * is submitted, all or none: a sheet that cannot be (incomplete, not the caller's to submit)
 * refuses the job with the sheets' numbers and reasons.
 */
export const submitJobSheetsAction: ActionDeclaration = {
  name: 'submit_job_sheets',
  past: 'job_sheets_submitted',
  audit: 'SUBMIT_JOB_SHEETS',
  summary:
    'Submit every job sheet of a job that is in progress or rejected (body {operative_declaration_accepted}); all or none',
  from: ['AWAITING', 'IN_PROGRESS', 'COMPLETED'],
  body: jobSheetSubmitSchema,
  wrongStatus: 422,
  async validate(ctx, rows, body) {
    const sheets = await openSheets(
      ctx,
      rows.map((row) => row.id),
    );
    const permitted = await policyOf(jobSheetsResource).permitted(
      ctx,
      'submit',
      sheets.map((sheet) => sheet.id),
    );
    const blockers = await submitBlockers(
      ctx,
      sheets,
      body.operative_declaration_accepted === true,
    );
    for (const failure of permitted.failed) blockers.set(failure.id, failure.reason);
    const reasons = new Map<string, string>();
    for (const row of rows) {
      const own = sheets.filter((sheet) => sheet.job_id === row.id);
      const refused = own.filter((sheet) => blockers.has(sheet.id));
      if (!own.length) reasons.set(row.id, 'The job has no job sheets to submit.');
      else if (refused.length)
        reasons.set(
          row.id,
          refused.map((sheet) => `Job sheet ${sheet.number}: ${blockers.get(sheet.id)}`).join(' '),
        );
    }
    return reasons;
  },
  async after(ctx, jobIds, body) {
    const sheets = await openSheets(ctx, jobIds);
    const { failed } = await declaredAction(jobSheetsResource, 'submit')(
      ctx,
      null,
      sheets.map((sheet) => sheet.id),
      body,
    );
    if (failed[0]) throw conflict(`Job sheet ${failed[0].id}: ${failed[0].reason}`);
  },
};
