import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDeliveryType,
  type WebhookEventPayload,
} from '@fieldwork/contract';
import { z } from 'zod';
import type { Queryable } from '../db/queryable';
import { newId } from '../ids';
import { defineJob, type JobRun } from '../queue/job';
import { sendWebhook, type SendResult } from './send';
import { signatureHeader } from './signature';
import { RefusedUrl, resolveTarget } from './url-guard';

/** What may enqueue a delivery: a request's context, or a job's transaction made like one. */
export interface DeliveryContext {
  db: Queryable;
  services: JobRun['services'];
  organisationId: string;
  user?: { id: string };
  afterCommit(task: () => Promise<void>): void;
}

/** An event's body as every endpoint receives it: the same bytes on every attempt. */
export const eventBody = (event: WebhookEventPayload) => JSON.stringify(event);

/**
 * Writes one attempt's log row (PENDING) and hands it to the queue, in the caller's transaction:
 * the first attempt of a fan-out, a retry (`startAfter`), a test ping or a redelivery.
 */
export async function queueDelivery(
  ctx: DeliveryContext,
  delivery: {
    endpointId: string;
    eventId: string;
    type: WebhookDeliveryType;
    body: string;
    attempt: number;
    startAfter?: Date;
  },
): Promise<string> {
  const id = newId();
  await ctx.db.query(
    `INSERT INTO webhook_deliveries
       (id, organisation_id, endpoint_id, event_id, event_type, attempt, request_body, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'PENDING')`,
    [
      id,
      ctx.organisationId,
      delivery.endpointId,
      delivery.eventId,
      delivery.type,
      delivery.attempt,
      delivery.body,
    ],
  );
  await ctx.services.queue.enqueue(
    ctx,
    deliverWebhookJob,
    { deliveryId: id },
    delivery.startAfter ? { startAfter: delivery.startAfter } : {},
  );
  return id;
}

/** A job's transaction as a context that may enqueue (its hooks run once it has committed). */
export async function inJobTransaction<T>(
  job: JobRun,
  work: (ctx: DeliveryContext) => Promise<T>,
): Promise<T> {
  const afterCommit: (() => Promise<void>)[] = [];
  const result = await job.transaction((tx) =>
    work({
      db: tx,
      services: job.services,
      organisationId: job.organisationId!,
      ...(job.userId ? { user: { id: job.userId } } : {}),
      afterCommit: (task) => void afterCommit.push(task),
    }),
  );
  for (const task of afterCommit) await task();
  return result;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookDeliveryType;
  attempt: number;
  status: string;
  request_body: string;
  url: string;
  enabled: boolean;
  secret: string | null;
}

const isSuccess = (result: SendResult) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/**
 * One attempt of one delivery: POSTs the signed body to the endpoint and records the answer.
 * A non-2xx answer, a network error or a time-out is retried after the next delay of the
 * schedule (config.webhooks.retrySeconds: a new attempt row, queued to start then); past the
 * schedule the delivery has FAILED. The queue's own retries only cover this job failing itself
 * (a crash, the database away): the row is sent once, since only a PENDING row is sent.
 */
export const deliverWebhookJob = defineJob({
  name: 'webhook-deliver',
  payload: z.object({ deliveryId: z.string() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  expireInSeconds: 120,
  // mostly waiting on receivers (up to the time-out each): one slow one must not stall the rest
  concurrency: 4,
  async run({ deliveryId }, job) {
    const settings = job.services.config.webhooks;
    const row = await job.transaction(async (tx) => {
      const { rows } = await tx.query<DeliveryRow>(
        `SELECT d.id, d.endpoint_id, d.event_id, d.event_type, d.attempt, d.status,
                d.request_body, e.url, e.enabled, s.secret
           FROM webhook_deliveries d
           JOIN webhook_endpoints e ON e.organisation_id = d.organisation_id AND e.id = d.endpoint_id
           LEFT JOIN webhook_endpoint_secrets s
                  ON s.organisation_id = e.organisation_id AND s.endpoint_id = e.id
          WHERE d.organisation_id = $1 AND d.id = $2`,
        [job.organisationId, deliveryId],
      );
      return rows[0];
    });
    // deleted with its endpoint, or already sent by an earlier run of this job
    if (!row || row.status !== 'PENDING') return { skipped: true };
    let result: SendResult;
    let retry = true;
    if (!row.enabled && row.event_type !== 'ping') {
      result = { statusCode: null, body: null, durationMs: 0, error: 'The endpoint is disabled.' };
      retry = false;
    } else {
      try {
        const target = await resolveTarget(row.url, settings.allowPrivateUrls);
        const timestamp = Math.floor(Date.now() / 1000);
        result = await sendWebhook(
          target,
          {
            'Content-Type': 'application/json',
            'User-Agent': 'Fieldwork-Webhooks/1.0',
            [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(
              row.secret ?? '',
              timestamp,
              row.request_body,
            ),
            [WEBHOOK_EVENT_ID_HEADER]: row.event_id,
            [WEBHOOK_EVENT_TYPE_HEADER]: row.event_type,
          },
          row.request_body,
          settings.timeoutMs,
        );
      } catch (error) {
        if (!(error instanceof RefusedUrl)) throw error;
        result = { statusCode: null, body: null, durationMs: 0, error: error.message };
      }
    }
    const delivered = isSuccess(result);
    const delay = settings.retrySeconds[row.attempt - 1];
    const next = !delivered && retry && delay !== undefined ? delay : null;
    await inJobTransaction(job, async (ctx) => {
      await ctx.db.query(
        `UPDATE webhook_deliveries
            SET status = $3, status_code = $4, duration_ms = $5, response_body = $6, error = $7,
                delivered_at = CASE WHEN $3 = 'DELIVERED' THEN now() END,
                failed_at = CASE WHEN $3 = 'DELIVERED' THEN NULL ELSE now() END,
                next_attempt_at = CASE WHEN $8::int IS NULL THEN NULL
                                       ELSE now() + make_interval(secs => $8::int) END,
                updated_at = now()
          WHERE organisation_id = $1 AND id = $2 AND status = 'PENDING'`,
        [
          job.organisationId,
          row.id,
          delivered ? 'DELIVERED' : next !== null ? 'RETRYING' : 'FAILED',
          result.statusCode,
          result.durationMs,
          result.body,
          delivered
            ? null
            : (result.error ?? `The endpoint answered ${result.statusCode ?? 'nothing'}.`),
          next,
        ],
      );
      if (next !== null)
        await queueDelivery(ctx, {
          endpointId: row.endpoint_id,
          eventId: row.event_id,
          type: row.event_type,
          body: row.request_body,
          attempt: row.attempt + 1,
          startAfter: new Date(Date.now() + next * 1000),
        });
    });
    return { status_code: result.statusCode, delivered, retry_in_seconds: next };
  },
});
