import { sendEmailJob } from './platform/mail/send-email.job';
import type { JobKind } from './platform/queue/job';

/** Every kind of background work, in one list: the queue creates a queue and a worker for each. */
export function allJobs(): JobKind[] {
  return [sendEmailJob];
}
