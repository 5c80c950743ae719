import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DELIVERY_TYPES,
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { badRequest, validationFailure } from '../../platform/errors';
import { RefusedUrl, resolveTarget } from '../../platform/events';
import type { OrganisationContext } from '../../platform/http/context';
import {
  defineResource,
  isoTimestampSql,
  type ResourceDeclaration,
} from '../../platform/resource-kit';

const USER = (column: string) => `(SELECT json_build_object('id', u.id, 'name', u.name)
  FROM users u WHERE u.id = t.${column})`;

const LAST_DELIVERY = `(SELECT json_build_object('status', d.status, 'status_code', d.status_code,
    'event_type', d.event_type, 'created_at', ${isoTimestampSql('d.created_at')})
  FROM webhook_deliveries d WHERE d.organisation_id = t.organisation_id AND d.endpoint_id = t.id
  ORDER BY d.created_at DESC, d.id DESC LIMIT 1)`;

/** The secret as answered after it was created: its prefix and last four characters. */
const MASKED_SECRET = `(SELECT 'whsec_…' || right(s.secret, 4) FROM webhook_endpoint_secrets s
  WHERE s.organisation_id = t.organisation_id AND s.endpoint_id = t.id)`;

/**
 * An endpoint's address must be one the deliveries may reach (platform/events/url-guard.ts):
 * http(s); in production (WEBHOOK_ALLOW_PRIVATE_URLS off) https and public addresses only.
 */
export async function checkUrl(ctx: OrganisationContext, url: string) {
  try {
    await resolveTarget(url, ctx.services.config.webhooks.allowPrivateUrls);
  } catch (error) {
    if (!(error instanceof RefusedUrl)) throw error;
    throw validationFailure([{ field: 'url', message: error.message, code: 'invalid' }]);
  }
}

/**
 * Webhook endpoints (docs/webhooks.md): ADMIN only, reading included (a URL may carry a
 * receiver's token, and the log shows what the organisation's data looked like). Created by
 * POST /webhooks (routes.ts: the secret is generated then and answered once); the kit serves
 * list, get, update and delete. The secret lives in webhook_endpoint_secrets, so no audit image
 * of an endpoint carries it.
 */
export const webhooksResource: ResourceDeclaration = defineResource({
  name: 'webhooks',
  label: 'Webhook',
  table: 'webhook_endpoints',
  record: webhookSchema,
  create: webhookCreateSchema,
  update: webhookUpdateSchema,
  fields: {
    organisation_id: { type: 'id' },
    url: { type: 'text', sort: true, filter: true },
    description: { type: 'text' },
    events: { type: 'json' },
    enabled: { type: 'boolean', filter: true },
    secret: { type: 'text', sql: MASKED_SECRET },
    created_by_user: { type: 'json', sql: USER('created_by_user_id') },
    last_delivery: { type: 'json', sql: LAST_DELIVERY },
  },
  search: ['url', 'description'],
  defaultSort: 'created_at',
  verbs: ['list', 'get', 'update', 'delete'],
  access: { read: 'ADMIN', write: 'ADMIN' },
  rules: {
    async beforeWrite(ctx, values, existing) {
      if (typeof values.url === 'string') await checkUrl(ctx, values.url);
      return existing ? values : { ...values, created_by_user_id: ctx.user.id };
    },
  },
});

const DELIVERY_STATUSES: readonly string[] = WEBHOOK_DELIVERY_STATUSES;
const DELIVERY_TYPES: readonly string[] = WEBHOOK_DELIVERY_TYPES;

/**
 * An endpoint's delivery log, one row per attempt, newest first: under
 * /webhooks/{webhookId}/deliveries, read-only (the queue writes it).
 */
export const webhookDeliveriesResource: ResourceDeclaration = defineResource({
  name: 'deliveries',
  auditCollection: 'webhook_deliveries',
  label: 'Webhook delivery',
  table: 'webhook_deliveries',
  record: webhookDeliverySchema,
  create: z.object({}),
  update: z.object({}),
  fields: {
    webhook_id: { type: 'id', sql: 't.endpoint_id', filter: true },
    event_id: { type: 'text', filter: true },
    event_type: { type: 'text' },
    attempt: { type: 'integer', sort: true },
    status: { type: 'text' },
    status_code: { type: 'integer', filter: true },
    duration_ms: { type: 'integer', sort: true },
    response_body: { type: 'text' },
    error: { type: 'text' },
    delivered_at: { type: 'timestamp', sort: true },
    failed_at: { type: 'timestamp' },
    next_attempt_at: { type: 'timestamp' },
  },
  filters: {
    status: {
      sql(values, params) {
        if (values.some((value) => !DELIVERY_STATUSES.includes(value)))
          throw badRequest(`filter[status] takes ${DELIVERY_STATUSES.join(', ')}.`, 'bad_filter');
        return `t.status = ANY(${params.add(values)}::text[])`;
      },
    },
    event_type: {
      sql(values, params) {
        if (values.some((value) => !DELIVERY_TYPES.includes(value)))
          throw badRequest(`filter[event_type] takes ${DELIVERY_TYPES.join(', ')}.`, 'bad_filter');
        return `t.event_type = ANY(${params.add(values)}::text[])`;
      },
    },
  },
  defaultSort: '-created_at',
  verbs: ['list', 'get'],
  scope: {
    column: 'endpoint_id',
    field: 'webhook_id',
    param: 'webhookId',
    path: 'webhooks',
    table: 'webhook_endpoints',
    label: 'Webhook',
  },
  access: { read: 'ADMIN', write: 'ADMIN' },
});
