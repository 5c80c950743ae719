import { z } from 'zod';
import { defineJob } from '../../../platform/queue/job';
import { sendDailyDigestJob } from './send-daily-digest.job';

/** The local hour (each organisation's time zone) the digest of the day before is sent at. */
export const DIGEST_LOCAL_HOUR = 7;

/**
 * Every hour (five past): the managers who chose the daily digest, in the organisations where it
 * is now DIGEST_LOCAL_HOUR, each get a send-daily-digest job of their own, enqueued in their
 * organisation's scope. Across organisations the only read is daily_digest_recipients (ids,
 * migration 20261129T1601); a run that repeats enqueues again, and the digest job itself tells
 * each manager once a day.
 */
export const dailyDigestsJob = defineJob({
  name: 'daily-digests',
  // `hour`: another local hour than DIGEST_LOCAL_HOUR (tests, a manual catch-up).
  payload: z.object({ hour: z.number().int().min(0).max(23).optional() }).strict(),
  schedule: { cron: '5 * * * *' },
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 600,
  async run({ hour }, job) {
    const recipients = await job.transaction(async (tx) => {
      const { rows } = await tx.query<{ organisation_id: string; user_id: string; day: string }>(
        `SELECT organisation_id, user_id, to_char(day, 'YYYY-MM-DD') AS day
           FROM daily_digest_recipients($1) ORDER BY organisation_id, user_id`,
        [hour ?? DIGEST_LOCAL_HOUR],
      );
      return rows;
    });
    for (const recipient of recipients) {
      const afterCommit: Array<() => Promise<void>> = [];
      await job.transaction(async (tx) => {
        // This run belongs to no organisation: each digest is enqueued in its own one's scope.
        await tx.query(
          `SELECT set_config('app.organisation_id', $1, true), set_config('app.user_id', $2, true)`,
          [recipient.organisation_id, recipient.user_id],
        );
        const ctx = {
          db: tx,
          afterCommit: (task: () => Promise<void>) => void afterCommit.push(task),
          organisationId: recipient.organisation_id,
          user: { id: recipient.user_id },
        };
        await job.services.queue.enqueue(ctx, sendDailyDigestJob, { day: recipient.day });
      });
      for (const task of afterCommit) await task();
    }
    return { enqueued: recipients.length };
  },
});
