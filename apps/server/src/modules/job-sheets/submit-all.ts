import { conflict } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { declaredAction, policyOf, type Row } from '../../platform/resource-kit';
import type { JobSheetSubmission } from '../jobs';
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

/** The job-sheets side of a job's submit_all_job_sheets action (jobs/submit-job-sheets.ts). */
export const jobSheetsSubmission: JobSheetSubmission = {
  async refusals(ctx, jobIds, body) {
    const sheets = await openSheets(ctx, jobIds);
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
    for (const jobId of jobIds) {
      const own = sheets.filter((sheet) => sheet.job_id === jobId);
      const refused = own.filter((sheet) => blockers.has(sheet.id));
      if (!own.length) reasons.set(jobId, 'The job has no job sheets to submit.');
      else if (refused.length)
        reasons.set(
          jobId,
          refused.map((sheet) => `Job sheet ${sheet.number}: ${blockers.get(sheet.id)}`).join(' '),
        );
    }
    return reasons;
  },
  async submitAll(ctx, jobIds, body) {
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
