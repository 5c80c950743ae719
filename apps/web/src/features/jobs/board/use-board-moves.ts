import { useState } from 'react';
import { failureText } from '../job-failure';
import { useJobAction } from '../jobs-api';
import type { ListedJob } from '../jobs-api';
import { applyMove, planMove } from './board-cells';
import type { BoardCell, BoardMove } from './board-cells';
import { notifications } from '@mantine/notifications';
import { useInvalidateJobs } from '../use-invalidate-jobs';

type Move = Extract<BoardMove, { kind: 'move' }>;

/**
 * Moves on the board: a dropped job shows in its new cell at once (optimistic) while reassign
 * and/or reschedule run; a refusal puts it back and says why (e.g. a started job cannot be
 * rescheduled), then the week reloads from the server.
 */
export function useBoardMoves(jobs: readonly ListedJob[]) {
  const [pending, setPending] = useState<ReadonlyMap<string, Move>>(new Map());
  const action = useJobAction();
  const reload = useInvalidateJobs();

  let shown = [...jobs];
  for (const [jobId, move] of pending) shown = applyMove(shown, jobId, move);

  const settle = (jobId: string) =>
    setPending((current) => {
      const next = new Map(current);
      next.delete(jobId);
      return next;
    });

  async function move(job: ListedJob, target: BoardCell) {
    const plan = planMove(job, target);
    if (plan.kind === 'none') return;
    if (plan.kind === 'refused') {
      notifications.show({ title: 'Not moved', message: plan.reason, color: 'red' });
      return;
    }
    setPending((current) => new Map(current).set(job.id, plan));
    try {
      if (plan.reassignTo)
        await action.mutateAsync({
          id: job.id,
          action: 'reassign',
          body: { operative_id: plan.reassignTo },
        });
      if (plan.rescheduleTo)
        await action.mutateAsync({
          id: job.id,
          action: 'reschedule',
          body: { date: plan.rescheduleTo },
        });
    } catch (error) {
      notifications.show({
        title: 'The job could not be moved',
        message: failureText(error),
        color: 'red',
      });
    } finally {
      await reload();
      settle(job.id);
    }
  }

  return { jobs: shown, move, isMoving: (jobId: string) => pending.has(jobId) };
}
