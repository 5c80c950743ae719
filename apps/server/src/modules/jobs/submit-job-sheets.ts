import { jobSheetSubmitSchema } from '@fieldwork/contract';
import { extensionPoint } from '../../platform/extension-point';
import type { OrganisationContext } from '../../platform/http/context';
import type { ActionDeclaration } from '../../platform/resource-kit';

/** What a job's submit_all_job_sheets action asks of the job-sheets module, which provides it. */
export interface JobSheetSubmission {
  /** Why each job's sheets cannot all be submitted (job id → reason); jobs absent may go on. */
  refusals(
    ctx: OrganisationContext,
    jobIds: string[],
    body: Record<string, unknown>,
  ): Promise<Map<string, string>>;
  /** Submits every open sheet of the jobs (after the jobs' own update). */
  submitAll(
    ctx: OrganisationContext,
    jobIds: string[],
    body: Record<string, unknown>,
  ): Promise<void>;
}

export const jobSheetSubmission = extensionPoint<JobSheetSubmission>('Job sheet submission');

/**
 * A job's "submit all job sheets" (field-work §4): every sheet of the job in progress or rejected
 * is submitted, all or none: a sheet that cannot be (incomplete, not the caller's to submit)
 * refuses the job with the sheets' numbers and reasons. The sheets are the job-sheets module's.
 */
export const submitJobSheetsAction: ActionDeclaration = {
  name: 'submit_all_job_sheets',
  methods: ['PUT', 'POST'],
  manyMethods: ['PUT', 'POST'],
  past: 'job_sheets_submitted',
  audit: 'SUBMIT_JOB_SHEETS',
  summary:
    'Submit every job sheet of a job that is in progress or rejected (body {operative_declaration_accepted}); all or none',
  from: ['AWAITING', 'IN_PROGRESS', 'COMPLETED'],
  body: jobSheetSubmitSchema,
  wrongStatus: 422,
  validate: (ctx, rows, body) =>
    jobSheetSubmission.get().refusals(
      ctx,
      rows.map((row) => row.id),
      body,
    ),
  after: (ctx, jobIds, body) => jobSheetSubmission.get().submitAll(ctx, jobIds, body),
};
