// Outgoing events (issue 27, item 5; docs/webhooks.md): modules call publishEvent() in their
// transaction; the queue fans each event out to the organisation's webhook endpoints and
// delivers it signed, retrying with backoff, each attempt logged in webhook_deliveries.
export { publishEvent, fanOutEventJob, type EventDocument } from './publish';
export { deliverWebhookJob, eventBody, queueDelivery } from './deliveries';
export { maskSecret, newWebhookSecret, signatureHeader, verifySignature } from './signature';
export { isPrivateAddress, RefusedUrl, resolveTarget } from './url-guard';
