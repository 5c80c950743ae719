import type { JobAction, ListedJob } from './jobs-api';

/** In the order the detail page shows them. */
export const JOB_ACTIONS: readonly JobAction[] = [
  'start_on_web',
  'complete',
  'reschedule',
  'reassign',
  'recall',
  'cancel',
  'unlock',
];

type ActionSubject = Pick<ListedJob, 'permissions' | 'locked_by_device_id'>;

/**
 * Whether the caller may take the action on the job now. The server's `permissions` already
 * weigh the caller's role, the record rule and the status the action starts from.
 */
export function canTake(job: ActionSubject, action: JobAction): boolean {
  if (action === 'unlock' && job.locked_by_device_id === null) return false;
  return job.permissions?.[action] === true;
}

/** The transitions to offer on a job, in display order. */
export const availableActions = (job: ActionSubject) =>
  JOB_ACTIONS.filter((action) => canTake(job, action));

/** Whether the board may move the job: it may be reassigned or rescheduled now. */
export const canMoveOnBoard = (job: ActionSubject) =>
  canTake(job, 'reschedule') || canTake(job, 'reassign');
