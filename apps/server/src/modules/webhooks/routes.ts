import {
  idSchema,
  urlAnswerSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookCreateSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import { forbidden, notFound } from '../../platform/errors';
import { eventBody, newWebhookSecret, queueDelivery } from '../../platform/events';
import type { OrganisationContext, UserContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { newId } from '../../platform/ids';
import { reader, resourceRoutes, writer } from '../../platform/resource-kit';
import { webhookDeliveriesResource, webhooksResource } from './webhooks.resource';

const tags = ['Webhooks'];
const ADMIN = { access: 'organisation', minRole: 'ADMIN' } as const;
const webhooks = reader(webhooksResource);
const deliveries = reader(webhookDeliveriesResource);
const write = writer(webhooksResource);
const one = z.object({ data: webhookSchema });
const oneDelivery = z.object({ data: webhookDeliverySchema });
const idParams = z.object({ id: idSchema });

/** The settings page where an organisation's admins manage webhooks (the web app's route). */
export const WEBHOOKS_PAGE = 'settings/webhooks';

async function endpointOf(ctx: OrganisationContext, id: string) {
  const [found] = await webhooks.findMany(ctx, [id]);
  if (!found) throw notFound('Webhook');
  return found;
}

/** Sets a new secret for the endpoint; answers it (the only time it is shown whole). */
async function storeSecret(ctx: OrganisationContext, endpointId: string): Promise<string> {
  const secret = newWebhookSecret();
  await ctx.db.query(
    `INSERT INTO webhook_endpoint_secrets (endpoint_id, organisation_id, secret) VALUES ($1, $2, $3)
     ON CONFLICT (endpoint_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = now()`,
    [endpointId, ctx.organisationId, secret],
  );
  return secret;
}

/** Core route naming its organisation: the caller must be one of its admins. */
async function enterAsAdmin(ctx: UserContext, organisationId: string) {
  const { rows } = await ctx.db.query<{ role: string; slug: string }>(
    `SELECT m.role, o.slug FROM memberships m JOIN organisations o ON o.id = m.organisation_id
      WHERE m.organisation_id = $1 AND m.user_id = $2 AND m.active AND m.deleted_at IS NULL`,
    [organisationId, ctx.user.id],
  );
  if (!rows[0]) throw forbidden('You are not a member of this organisation.', 'not_a_member');
  if (rows[0].role !== 'ADMIN') throw forbidden('This needs the ADMIN role.', 'role_required');
  return rows[0].slug;
}

/**
 * Outgoing webhooks (docs/webhooks.md): endpoints (the kit's list, get, update and delete, and
 * the create here, which answers the secret once), rotate_secret, test, the delivery log and
 * redeliver, and the core GET /webhooks/portal_access_url (platform §7: the link to this
 * product's webhooks page; the billing portal is billing's update_payment_method).
 */
export const webhookRoutes = (): RouteDef[] => [
  route({
    method: 'GET',
    path: '/webhooks/portal_access_url',
    access: 'user',
    accessNote: 'ADMIN of the organisation named in organisation_id',
    tags,
    summary: 'Where an admin manages the organisation’s webhooks: the web app’s webhooks page',
    query: z.object({ organisation_id: idSchema }),
    response: urlAnswerSchema,
    handler: async (ctx, { query }) => {
      const slug = await enterAsAdmin(ctx, query.organisation_id);
      const base = ctx.services.config.publicWebUrl.replace(/\/$/, '');
      return { url: `${base}/organisations/${encodeURIComponent(slug)}/${WEBHOOKS_PAGE}` };
    },
  }),
  route({
    method: 'POST',
    path: '/webhooks',
    ...ADMIN,
    tags,
    summary:
      'Register a webhook endpoint for some events; the signing secret is generated and shown whole only in this answer',
    body: webhookCreateSchema,
    status: 201,
    response: one,
    handler: async (ctx, { body }) => {
      const [id] = await write.insert(ctx, [body]);
      const secret = await storeSecret(ctx, id!);
      return { data: { ...(await endpointOf(ctx, id!)), secret } };
    },
  }),
  ...resourceRoutes(webhooksResource),
  route({
    method: 'POST',
    path: '/webhooks/:id/rotate_secret',
    ...ADMIN,
    tags,
    summary:
      'Replace the endpoint’s signing secret; the new one is shown whole only in this answer and signs every delivery from now on',
    params: idParams,
    response: one,
    handler: async (ctx, { params }) => {
      await endpointOf(ctx, params.id);
      const secret = await storeSecret(ctx, params.id);
      await recordAudit(ctx, 'webhooks', [params.id], 'ROTATE_SECRET');
      return { data: { ...(await endpointOf(ctx, params.id)), secret } };
    },
  }),
  route({
    method: 'POST',
    path: '/webhooks/:id/test',
    ...ADMIN,
    tags,
    summary:
      'Send a `ping` event to the endpoint (even when disabled) now; answers its delivery, PENDING until the queue has sent it',
    params: idParams,
    status: 202,
    response: oneDelivery,
    handler: async (ctx, { params }) => {
      const endpoint = await endpointOf(ctx, params.id);
      const eventId = `evt_${newId()}`;
      const deliveryId = await queueDelivery(ctx, {
        endpointId: params.id,
        eventId,
        type: 'ping',
        attempt: 1,
        body: eventBody({
          id: eventId,
          type: 'ping',
          created_at: new Date().toISOString(),
          organisation_id: ctx.organisationId,
          data: { id: params.id, url: endpoint.url, message: 'A test event from Fieldwork' },
        }),
      });
      await recordAudit(ctx, 'webhooks', [params.id], 'TEST', { event_id: eventId });
      return { data: (await deliveries.findMany(ctx, [deliveryId]))[0] };
    },
  }),
  ...resourceRoutes(webhookDeliveriesResource),
  route({
    method: 'POST',
    path: '/webhooks/:id/deliveries/:deliveryId/redeliver',
    ...ADMIN,
    tags,
    summary:
      'Send a logged event to the endpoint again: the same event id and body, signed now, as a new round of attempts',
    params: z.object({ id: idSchema, deliveryId: idSchema }),
    status: 202,
    response: oneDelivery,
    handler: async (ctx, { params }) => {
      await endpointOf(ctx, params.id);
      const { rows } = await ctx.db.query<{
        event_id: string;
        event_type: 'ping';
        request_body: string;
      }>(
        `SELECT event_id, event_type, request_body FROM webhook_deliveries
          WHERE organisation_id = $1 AND endpoint_id = $2 AND id = $3`,
        [ctx.organisationId, params.id, params.deliveryId],
      );
      const logged = rows[0];
      if (!logged) throw notFound('Webhook delivery');
      const deliveryId = await queueDelivery(ctx, {
        endpointId: params.id,
        eventId: logged.event_id,
        type: logged.event_type,
        body: logged.request_body,
        attempt: 1,
      });
      await recordAudit(ctx, 'webhooks', [params.id], 'REDELIVER', {
        delivery_id: params.deliveryId,
        event_id: logged.event_id,
      });
      return { data: (await deliveries.findMany(ctx, [deliveryId]))[0] };
    },
  }),
];
