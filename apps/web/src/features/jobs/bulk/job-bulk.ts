import type { BulkFailure } from '@fieldwork/contract';
import { nameFailures } from '../../../ui/feedback/bulk-failures';
import { jobsApi, jobTitle } from '../jobs-api';
import type { ListedJob } from '../jobs-api';

/** The transitions the jobs list applies to checked rows, through POST /jobs/{action}_many. */
export type JobBulkAction = 'start_on_web' | 'complete' | 'cancel' | 'reassign' | 'reschedule';
export type JobBulkVerb = JobBulkAction | 'delete';

/** The key of the answer that lists the ids that succeeded (docs/jobs.md). */
export const PAST: Record<JobBulkVerb, string> = {
  start_on_web: 'started',
  complete: 'completed',
  cancel: 'cancelled',
  reassign: 'reassigned',
  reschedule: 'rescheduled',
  delete: 'deleted',
};

export interface JobBulkVariables {
  action: JobBulkVerb;
  ids: string[];
  body?: { operative_id?: string; date?: string };
  force?: boolean;
}

export interface JobBulkOutcome {
  action: JobBulkVerb;
  succeeded: string[];
  failed: BulkFailure[];
}

/** Runs one bulk call and answers which ids succeeded and which failed, each with its reason. */
export async function runJobBulk({
  action,
  ids,
  body,
  force,
}: JobBulkVariables): Promise<JobBulkOutcome> {
  if (action === 'delete') {
    const outcome = await jobsApi.bulk('delete', ids, { force: force === true });
    return { action, ...outcome };
  }
  const answer = await jobsApi.actOn<Record<string, unknown>>(`${action}_many`, { ids, ...body });
  const succeeded = answer[PAST[action]];
  return {
    action,
    succeeded: Array.isArray(succeeded) ? (succeeded as string[]) : [],
    failed: Array.isArray(answer.failed) ? (answer.failed as BulkFailure[]) : [],
  };
}

/** Whether the checked rows offer the action at all: at least one may take it now. */
export function offered(jobs: readonly ListedJob[], verb: JobBulkVerb): boolean {
  const key = verb === 'delete' ? 'delete' : verb;
  return jobs.some((job) => job.permissions?.[key] === true);
}

/** "Job 12 · PO-1: A job that is CANCELLED cannot be started." per failure, by the rows shown. */
export function failureLines(failed: readonly BulkFailure[], jobs: readonly ListedJob[]) {
  const byId = new Map(jobs.map((job) => [job.id, job]));
  return nameFailures(
    failed,
    (id) => {
      const job = byId.get(id);
      return job && jobTitle(job);
    },
    'A job',
  );
}
