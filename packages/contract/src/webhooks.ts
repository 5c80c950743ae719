import { z } from 'zod';
import { idSchema, recordSchema, timestampSchema } from './common';

// Outgoing webhooks (issue 27, item 5): an organisation's endpoints, the events they take, and
// the log of each delivery attempt (docs/webhooks.md).

/** The events an endpoint may subscribe to; `ping` is only sent by POST /webhooks/{id}/test. */
export const WEBHOOK_EVENT_TYPES = [
  'job.created',
  'job.started',
  'job.completed',
  'job_sheet.submitted',
  'job_sheet.approved',
  'job_sheet.rejected',
  'location.status_changed',
  'signed_document.completed',
  'timesheet.ended',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Every type a delivery may carry: the subscribable events and the test `ping`. */
export const WEBHOOK_DELIVERY_TYPES = [...WEBHOOK_EVENT_TYPES, 'ping'] as const;
export type WebhookDeliveryType = (typeof WEBHOOK_DELIVERY_TYPES)[number];

/** What people read for each event, grouped as the settings page shows them. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookDeliveryType, string> = {
  'job.created': 'Job created',
  'job.started': 'Job started',
  'job.completed': 'Job completed',
  'job_sheet.submitted': 'Job sheet submitted',
  'job_sheet.approved': 'Job sheet approved',
  'job_sheet.rejected': 'Job sheet rejected',
  'location.status_changed': 'Location status changed',
  'signed_document.completed': 'Signed document signed',
  'timesheet.ended': 'Timesheet ended',
  ping: 'Test event',
};

export const WEBHOOK_EVENT_GROUPS: { label: string; events: WebhookEventType[] }[] = [
  { label: 'Jobs', events: ['job.created', 'job.started', 'job.completed'] },
  {
    label: 'Job sheets',
    events: ['job_sheet.submitted', 'job_sheet.approved', 'job_sheet.rejected'],
  },
  { label: 'Locations', events: ['location.status_changed'] },
  { label: 'Documents', events: ['signed_document.completed'] },
  { label: 'Time', events: ['timesheet.ended'] },
];

/** The state of a delivery attempt. */
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'RETRYING', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The header carrying the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Fieldwork-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Fieldwork-Event-Id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'Fieldwork-Event-Type';

const webhookUrl = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(2000, 'At most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Must be an http(s) address, e.g. https://example.com/hooks');

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

const webhookFields = {
  url: webhookUrl,
  description: z
    .string()
    .trim()
    .max(500, 'At most 500 characters')
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  events: webhookEvents,
  enabled: z.boolean().optional(),
};

export const webhookCreateSchema = z.object(webhookFields).meta({ id: 'WebhookCreate' });
export type WebhookCreate = z.input<typeof webhookCreateSchema>;
export const webhookUpdateSchema = z.object(webhookFields).partial().meta({ id: 'WebhookUpdate' });
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

const userRefSchema = z.object({ id: idSchema, name: z.string() }).nullable();

export const webhookLastDeliverySchema = z
  .object({
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    status_code: z.number().int().nullable(),
    event_type: z.string(),
    created_at: timestampSchema,
  })
  .nullable();

export const webhookSchema = recordSchema
  .extend({
    organisation_id: idSchema,
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    secret: z
      .string()
      .describe('Masked (whsec_…abcd) except in the answers of create and rotate_secret'),
    created_by_user: userRefSchema,
    last_delivery: webhookLastDeliverySchema,
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookDeliverySchema = recordSchema
  .extend({
    webhook_id: idSchema,
    event_id: z.string(),
    event_type: z.enum(WEBHOOK_DELIVERY_TYPES),
    attempt: z.number().int(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    response_body: z.string().nullable().describe('The first 1 KB of the answer'),
    error: z.string().nullable(),
    delivered_at: timestampSchema.nullable(),
    failed_at: timestampSchema.nullable(),
    next_attempt_at: timestampSchema.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** What each delivery's body is (JSON, signed with the endpoint's secret). */
export const webhookEventPayloadSchema = z
  .object({
    id: z.string().describe('The event id, the same on every retry and redelivery'),
    type: z.enum(WEBHOOK_DELIVERY_TYPES),
    created_at: timestampSchema,
    organisation_id: idSchema,
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WebhookEventPayload' });
export type WebhookEventPayload = z.infer<typeof webhookEventPayloadSchema>;
