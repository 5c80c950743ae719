import type { Job, Project } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { recordPath, resourceApi } from '../../api/resource';
import { resourceQueryKey, useResourceList, useResourceMutation } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import type { JobActivityEntry, JobInput } from './job-types';

/** A job as the jobs screens load it: with its project and operative expanded. */
export type ListedJob = Job & {
  project?: Pick<Project, 'id' | 'name' | 'client_id'> | null;
  operative?: { id: string; name: string; email: string } | null;
};

export const JOB_EXPANSIONS = ['project', 'operative'];

export const jobsApi = resourceApi<ListedJob, JobInput>('jobs');

/** The jobs list (and the board's week) under a list query, expanded. */
export const useJobList = (query: ListQuery) =>
  useResourceList(jobsApi, { ...query, expand: JOB_EXPANSIONS });

export function useJob(id: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'jobs'), 'one', id],
    queryFn: () => jobsApi.get(id, { expand: JOB_EXPANSIONS }),
  });
}

/** GET /jobs/{id}/activity_logs: the job's audit entries, newest first (kept with the jobs). */
export function useJobActivity(jobId: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'jobs'), 'activity', jobId],
    queryFn: () =>
      resourceApi<JobActivityEntry, never>('activity_logs', {
        parent: recordPath('jobs', jobId),
      }).all(),
  });
}

/** Creates when no id is given, otherwise updates (the jobs lists and detail reload). */
export const useSaveJob = () =>
  useResourceMutation(['jobs'], ({ id, input }: { id?: string; input: JobInput }) =>
    id ? jobsApi.update(id, input) : jobsApi.create(input),
  );

/** The declared transitions of docs/jobs.md served as POST /jobs/{id}/{action}. */
export type JobAction =
  'start_on_web' | 'complete' | 'cancel' | 'recall' | 'reassign' | 'reschedule' | 'unlock';

export interface JobActionVariables {
  id: string;
  action: JobAction;
  body?: { operative_id?: string; date?: string };
}

// A job's transition changes the inbox's "jobs due today" too (page and navigation badge).
export const useJobAction = () =>
  useResourceMutation(['jobs', 'inbox'], ({ id, action, body }: JobActionVariables) =>
    jobsApi.act(id, action, body ?? {}),
  );

export const useDeleteJob = () =>
  useResourceMutation(['jobs'], ({ id, force }: { id: string; force: boolean }) =>
    jobsApi.remove(id, { force }),
  );

/** "Job 12", "Job 12 · REF-4". */
export function jobTitle(job: Pick<Job, 'number' | 'reference'>): string {
  return job.reference ? `Job ${job.number} · ${job.reference}` : `Job ${job.number}`;
}

/** "1 job", "3 jobs". */
export const jobCount = (count: number) => `${count} job${count === 1 ? '' : 's'}`;
