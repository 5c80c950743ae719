import {
  WEBHOOK_EVENT_LABELS,
  type WebhookDeliveryStatus,
  type WebhookDeliveryType,
} from '@fieldwork/contract';

export const eventLabel = (type: string) =>
  WEBHOOK_EVENT_LABELS[type as WebhookDeliveryType] ?? 'Other event';

export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  PENDING: { label: 'Sending', color: 'gray' },
  DELIVERED: { label: 'Delivered', color: 'teal' },
  RETRYING: { label: 'Failed, will retry', color: 'orange' },
  FAILED: { label: 'Failed', color: 'red' },
};

/** "Job created, Job completed" or "3 events". */
export const eventsSummary = (events: readonly string[]) =>
  events.length <= 2 ? events.map(eventLabel).join(', ') : `${events.length} events`;
