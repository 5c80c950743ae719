import { z } from 'zod';
import type { Queryable } from '../db/queryable';
import { defineJob } from '../queue/job';
import type { MailMessage } from './mailer';

/** Delivers one outbox e-mail (outbox_emails); the row holds the message, the job only its id. */
export const sendEmailJob = defineJob({
  name: 'send-email',
  payload: z.object({ outboxEmailId: z.string() }),
  // 5 attempts; the waits between them double from 10–20 s (pg-boss adds jitter), so about
  // 2.5–5 minutes in all before the job goes to the dead letter
  retry: { limit: 4, delaySeconds: 10, backoff: true },
  expireInSeconds: 120,
  async run({ outboxEmailId }, job) {
    const message = await job.transaction((tx) => pendingMessage(tx, outboxEmailId));
    // Already delivered by an earlier run that died before it could report back: not twice.
    if (!message) return { delivered: false };
    try {
      const outcome = await job.services.mailer.send(message, job.log);
      await job.transaction((tx) =>
        tx.query(
          `UPDATE outbox_emails SET status = $2, error = NULL, sent_at = now(), updated_at = now()
            WHERE id = $1`,
          [outboxEmailId, outcome],
        ),
      );
      return { delivered: true, outcome };
    } catch (error) {
      const last = job.attempt > sendEmailJob.retry.limit;
      await job.transaction((tx) =>
        tx.query(
          `UPDATE outbox_emails SET status = $2, error = $3, updated_at = now() WHERE id = $1`,
          [outboxEmailId, last ? 'FAILED' : 'PENDING', String(error)],
        ),
      );
      throw error;
    }
  },
});

async function pendingMessage(tx: Queryable, id: string): Promise<MailMessage | null> {
  const { rows } = await tx.query<{
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
  }>(
    `SELECT to_address, subject, text_body, html_body FROM outbox_emails
      WHERE id = $1 AND status = 'PENDING'`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body ? { html: row.html_body } : {}),
  };
}
