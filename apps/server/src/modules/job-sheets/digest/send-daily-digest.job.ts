import { ROLE_RANK } from '@fieldwork/contract';
import { z } from 'zod';
import { sendMail } from '../../../platform/mail/mailer';
import { callerContext, newCallerHooks } from '../../../platform/queue/caller-context';
import { defineJob } from '../../../platform/queue/job';
import { digestEmail } from './digest-content';
import { digestFacts, organisationDay } from './digest-facts';

/**
 * One manager's digest of one day, in their organisation's scope and as them (their role and
 * visibility now): made once per manager and day (a daily_digests row claims it, so a second
 * run tells no one), e-mailed only when something happened, never when they turned it off or
 * are no longer a manager.
 */
export const sendDailyDigestJob = defineJob({
  name: 'send-daily-digest',
  payload: z.object({ day: z.iso.date() }),
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 300,
  async run({ day }, job) {
    const hooks = newCallerHooks();
    const caller = {
      actor: { type: 'USER' as const, apiKeyId: null, impersonatorUserId: null },
      requestId: job.taskId,
      ip: '',
      userAgent: null,
      deviceId: null,
    };
    const outcome = await job.transaction(async (tx) => {
      const ctx = await callerContext(job, tx, caller, hooks);
      if (ROLE_RANK[ctx.membership.role] < ROLE_RANK.MANAGER) return { sent: false, why: 'role' };
      const { rows: chosen } = await tx.query<{ on: boolean }>(
        `SELECT coalesce(preferences->>'daily_digest' = 'true', false) AS on FROM memberships
          WHERE organisation_id = $1 AND user_id = $2 AND active AND deleted_at IS NULL`,
        [ctx.organisationId, ctx.user.id],
      );
      if (!chosen[0]?.on) return { sent: false, why: 'turned_off' };
      const { rows: claimed } = await tx.query(
        `INSERT INTO daily_digests (organisation_id, user_id, day) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING day`,
        [ctx.organisationId, ctx.user.id, day],
      );
      if (!claimed.length) return { sent: false, why: 'already_made' };
      const calendar = await organisationDay(ctx);
      const message = digestEmail(await digestFacts(ctx, day, calendar), {
        email: ctx.user.email,
        recipientName: ctx.user.name,
        organisationName: calendar.name,
        slug: calendar.slug,
        webUrl: job.services.config.publicWebUrl,
        day,
        today: calendar.today,
      });
      if (!message) return { sent: false, why: 'nothing_happened' };
      await sendMail(ctx, message);
      await tx.query(
        `UPDATE daily_digests SET sent_at = now()
          WHERE organisation_id = $1 AND user_id = $2 AND day = $3`,
        [ctx.organisationId, ctx.user.id, day],
      );
      return { sent: true };
    });
    for (const task of hooks.afterCommit) await task();
    return outcome;
  },
});
