import { JOB_SHEET_STATUSES, type JobSheetStatus } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceQueryKey } from '../../../api/resource-hooks';
import { useSession } from '../../../session/use-session';
import { jobSheetsApi } from '../job-sheets-api';

export type StatusCounts = Record<JobSheetStatus, number>;

/**
 * How many of a project's sheets the caller sees in each status: one GET
 * /job_sheets/experimental/count per status (five small counts, each through the list's
 * visibility, so an operative counts their own sheets and a guest their projects').
 */
export async function loadStatusCounts(projectId: string): Promise<StatusCounts> {
  const counts = await Promise.all(
    JOB_SHEET_STATUSES.map((status) =>
      jobSheetsApi.overview<{ count: number }>('experimental/count', {
        filter: { project_id: projectId, status },
      }),
    ),
  );
  return Object.fromEntries(
    JOB_SHEET_STATUSES.map((status, index) => [status, counts[index]?.count ?? 0]),
  ) as StatusCounts;
}

/** A project's sheet counts by status (reloaded with every job sheet change). */
export function useProjectSheetCounts(projectId: string) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'job_sheets'), 'project-counts', projectId],
    queryFn: () => loadStatusCounts(projectId),
  });
}
