// The webhooks module's public face (docs/webhooks.md).
export { webhookRoutes, WEBHOOKS_PAGE } from './routes';
export { webhooksResource, webhookDeliveriesResource } from './webhooks.resource';
