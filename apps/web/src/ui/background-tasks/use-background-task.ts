import { backgroundTaskSchema, type BackgroundTask } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../api/resource';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

const POLL_MS = 1000;

const tasksApi = resourceApi<unknown, never>('background_tasks');

const FINISHED: ReadonlySet<BackgroundTask['status']> = new Set(['SUCCEEDED', 'FAILED', 'DEAD']);

/** How soon to ask again: every second while the work is queued, running or retrying; then never. */
export function nextPoll(task: BackgroundTask | undefined): number | false {
  return task && FINISHED.has(task.status) ? false : POLL_MS;
}

/** How far a task has got, 0–1; null while its size is unknown. */
export function taskFraction(task: BackgroundTask): number | null {
  if (task.status === 'SUCCEEDED') return 1;
  const { done, total } = task.progress;
  return total ? Math.min(done / total, 1) : null;
}

/**
 * Polls GET /background_tasks/{id} (the server's durable work queue) until the task has
 * succeeded or died: for a progress bar of an import, a report build, …
 */
export function useBackgroundTask(taskId: string | null) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'background_tasks'), taskId],
    queryFn: async () => backgroundTaskSchema.parse(await tasksApi.get(taskId ?? '')),
    enabled: taskId !== null,
    refetchInterval: (query) => nextPoll(query.state.data),
  });
}
