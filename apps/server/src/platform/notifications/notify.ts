import type { NotificationKind } from '@fieldwork/contract';
import type { OrganisationContext } from '../http/context';
import { newId } from '../ids';
import { deliverNotificationJob } from './deliver-notification.job';

/** What happened, for whom, in words a person reads, and the record's page. */
export interface Notice {
  kind: NotificationKind;
  /** Who is told; the person who caused it is left out, and so is anyone named twice. */
  userIds: readonly (string | null | undefined)[];
  /** One sentence, e.g. "Job 12 (Balcony handover) is assigned to you". */
  title: string;
  /** A line of detail (a rejection's comment), or none. */
  body?: string | null;
  /** The record's page under the organisation, e.g. `jobs/{id}` or `job_sheets/{id}`. */
  path: string;
}

/**
 * Hands notices to the queue in the caller's transaction: nothing is told if it rolls back, and
 * the delivery (preferences, in-app rows, e-mails) never runs in the request.
 */
export async function notify(ctx: OrganisationContext, notices: Notice[]): Promise<void> {
  for (const notice of notices) {
    const userIds = [
      ...new Set(notice.userIds.filter((id): id is string => !!id && id !== ctx.user.id)),
    ];
    if (!userIds.length) continue;
    await ctx.services.queue.enqueue(ctx, deliverNotificationJob, {
      eventId: newId(),
      kind: notice.kind,
      userIds,
      title: notice.title,
      body: notice.body ?? null,
      path: notice.path,
    });
  }
}
