import type { Job, JobSheetStatus } from '@fieldwork/contract';
import { jobSheetsApi } from './job-sheets-api';

/** Sheets that count as a form's record of the job (as the server's completion rule counts). */
const HANDED_IN: readonly JobSheetStatus[] = ['SUBMITTED', 'APPROVED'];

/** The job's form names that have no submitted (or approved) sheet among `sheets`. */
export function formsWithoutSheets(
  job: Pick<Job, 'form_ids' | 'form_names'>,
  sheets: ReadonlyArray<{ form_id: string; status: JobSheetStatus }>,
): string[] {
  const covered = new Set(
    sheets.filter((sheet) => HANDED_IN.includes(sheet.status)).map((sheet) => sheet.form_id),
  );
  return job.form_ids
    .map((formId, index) => ({ formId, name: job.form_names[index] ?? 'A form' }))
    .filter(({ formId }) => !covered.has(formId))
    .map(({ name }) => name);
}

/** Reads the job's sheets and answers the names of its forms still without a submitted sheet. */
export async function loadFormsWithoutSheets(
  job: Pick<Job, 'id' | 'form_ids' | 'form_names'>,
): Promise<string[]> {
  if (job.form_ids.length === 0) return [];
  const sheets = await jobSheetsApi.list({ filter: { job_id: job.id }, page: 'all' });
  return formsWithoutSheets(job, sheets.data);
}
