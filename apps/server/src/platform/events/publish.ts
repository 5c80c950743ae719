import type { WebhookEventType } from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../http/context';
import { newId } from '../ids';
import { defineJob } from '../queue/job';
import { eventBody, inJobTransaction, queueDelivery } from './deliveries';

/** One record an event is about, as the API's GET answers it (at least its id). */
export type EventDocument = { id: string } & Record<string, unknown>;

/** Whether any enabled endpoint of the caller's organisation takes this event. */
async function anyoneListens(ctx: OrganisationContext, type: WebhookEventType) {
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM webhook_endpoints
      WHERE organisation_id = $1 AND enabled AND $2 = ANY(events) LIMIT 1`,
    [ctx.organisationId, type],
  );
  return rows.length > 0;
}

/**
 * Publishes an event per document to the organisation's webhook endpoints, in the caller's
 * transaction: nothing is sent if it rolls back. When no enabled endpoint takes the event, it
 * costs one indexed query and the documents are never loaded (pass a function to load them
 * only then). Each event is handed to the queue's fan-out, which writes one delivery per
 * endpoint subscribed.
 */
export async function publishEvent(
  ctx: OrganisationContext,
  type: WebhookEventType,
  documents: EventDocument[] | (() => Promise<EventDocument[]>),
): Promise<void> {
  if (Array.isArray(documents) && !documents.length) return;
  if (!(await anyoneListens(ctx, type))) return;
  const loaded = Array.isArray(documents) ? documents : await documents();
  const createdAt = new Date().toISOString();
  for (const document of loaded) {
    // what the caller may do with the record is theirs, not the receiver's
    const { permissions: _caller, ...data } = document;
    await ctx.services.queue.enqueue(ctx, fanOutEventJob, {
      eventId: `evt_${newId()}`,
      type,
      createdAt,
      data,
    });
  }
}

/**
 * An event's fan-out: one delivery (its first attempt) per enabled endpoint of the organisation
 * subscribed to it, each with the same body. Run again (at-least-once), it adds none twice.
 */
export const fanOutEventJob = defineJob({
  name: 'webhook-fan-out',
  payload: z.object({
    eventId: z.string(),
    type: z.string(),
    createdAt: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
  retry: { limit: 4, delaySeconds: 10, backoff: true },
  expireInSeconds: 120,
  async run(event, job) {
    const type = event.type as WebhookEventType;
    return inJobTransaction(job, async (ctx) => {
      const { rows } = await ctx.db.query<{ id: string }>(
        `SELECT e.id FROM webhook_endpoints e
          WHERE e.organisation_id = $1 AND e.enabled AND $2 = ANY(e.events)
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                             WHERE d.organisation_id = e.organisation_id
                               AND d.endpoint_id = e.id AND d.event_id = $3)
          ORDER BY e.id`,
        [ctx.organisationId, type, event.eventId],
      );
      const body = eventBody({
        id: event.eventId,
        type,
        created_at: event.createdAt,
        organisation_id: ctx.organisationId,
        data: event.data,
      });
      for (const endpoint of rows)
        await queueDelivery(ctx, {
          endpointId: endpoint.id,
          eventId: event.eventId,
          type,
          body,
          attempt: 1,
        });
      return { endpoints: rows.length };
    });
  },
});
