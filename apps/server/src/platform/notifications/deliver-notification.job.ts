import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  withNotificationDefaults,
} from '@fieldwork/contract';
import { z } from 'zod';
import type { Queryable } from '../db/queryable';
import { newId } from '../ids';
import { sendMail } from '../mail/mailer';
import { defineJob } from '../queue/job';
import type { Services } from '../services';

const payload = z.object({
  eventId: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  userIds: z.array(z.string()).min(1),
  title: z.string(),
  body: z.string().nullable(),
  path: z.string(),
});
type Payload = z.output<typeof payload>;

interface Recipient {
  user_id: string;
  email: string;
  name: string;
  preferences: { notifications?: unknown } | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Tells each person of one event on the channels they chose for its kind: an in-app notice
 * (notifications) and an e-mail with a link straight to the record (the outbox and its job).
 * Only people who are still active members of the organisation are told. In-app rows are
 * written once per event and person however often the job runs.
 */
export const deliverNotificationJob = defineJob({
  name: 'deliver-notification',
  payload,
  retry: { limit: 4, delaySeconds: 10, backoff: true },
  expireInSeconds: 120,
  async run(notice, job) {
    const afterCommit: (() => Promise<void>)[] = [];
    const told = await job.transaction(async (tx) => {
      const { rows: already } = await tx.query(
        'SELECT 1 FROM notifications WHERE event_id = $1 LIMIT 1',
        [notice.eventId],
      );
      if (already.length) return { in_app: 0, email: 0 };
      const { rows: org } = await tx.query<{ slug: string }>(
        'SELECT slug FROM organisations WHERE id = $1',
        [job.organisationId],
      );
      if (!org[0]) return { in_app: 0, email: 0 };
      const link = `/organisations/${encodeURIComponent(org[0].slug)}/${notice.path}`;
      const recipients = await activeRecipients(tx, job.organisationId!, notice.userIds);
      let inApp = 0;
      let email = 0;
      for (const recipient of recipients) {
        const channels = withNotificationDefaults(recipient.preferences?.notifications)[
          notice.kind
        ];
        if (channels.in_app) {
          await tx.query(
            `INSERT INTO notifications (id, organisation_id, user_id, kind, title, body, link, event_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (event_id, user_id) DO NOTHING`,
            [
              newId(),
              job.organisationId,
              recipient.user_id,
              notice.kind,
              notice.title,
              notice.body,
              link,
              notice.eventId,
            ],
          );
          inApp++;
        }
        if (channels.email) {
          const ctx = {
            db: tx,
            services: job.services,
            afterCommit: (task: () => Promise<void>) => void afterCommit.push(task),
            organisationId: job.organisationId!,
          };
          await sendMail(ctx, noticeEmail(job.services, recipient, notice, link, org[0].slug));
          email++;
        }
      }
      return { in_app: inApp, email };
    });
    for (const task of afterCommit) await task();
    return told;
  },
});

async function activeRecipients(tx: Queryable, organisationId: string, userIds: string[]) {
  const { rows } = await tx.query<Recipient>(
    `SELECT m.user_id, u.email, u.name, m.preferences FROM memberships m
       JOIN users u ON u.id = m.user_id
      WHERE m.organisation_id = $1 AND m.user_id = ANY($2::text[])
        AND m.active AND m.deleted_at IS NULL
      ORDER BY m.user_id`,
    [organisationId, userIds],
  );
  return rows;
}

/** The e-mail: the sentence, its detail, the record's link, and how to change what comes. */
export function noticeEmail(
  services: Pick<Services, 'config'>,
  recipient: Pick<Recipient, 'email' | 'name'>,
  notice: Pick<Payload, 'kind' | 'title' | 'body'>,
  link: string,
  slug: string,
) {
  const url = new URL(link, services.config.publicWebUrl).toString();
  const settings = new URL(
    `/organisations/${encodeURIComponent(slug)}/settings/notifications`,
    services.config.publicWebUrl,
  ).toString();
  const why = `You get this because “${NOTIFICATION_KIND_LABELS[notice.kind]}” is on in your notification settings.`;
  const text = [
    `Hello ${recipient.name},`,
    '',
    notice.title,
    ...(notice.body ? ['', notice.body] : []),
    '',
    `Open it: ${url}`,
    '',
    why,
    `Change them: ${settings}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(recipient.name)},</p>
<p><strong>${escapeHtml(notice.title)}</strong></p>
${notice.body ? `<p>${escapeHtml(notice.body)}</p>` : ''}
<p><a href="${escapeHtml(url)}">Open it</a></p>
<p style="color:#666">${escapeHtml(why)} <a href="${escapeHtml(settings)}">Change them</a>.</p>`;
  return { to: recipient.email, subject: notice.title, text, html };
}
