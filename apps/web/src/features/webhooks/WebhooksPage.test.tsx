import type { Webhook, WebhookDelivery } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import { textOf } from '../../test/render';
import {
  callsTo,
  click,
  dialog,
  fill,
  openSettings,
  organisation,
  pathOf,
  submit,
  waitFor,
} from '../settings/test/settings-kit';

const now = new Date().toISOString();
const meta = { total: 1, current_page: 1, per_page: 20, last_page: 1 };
const hook: Webhook = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  organisation_id: organisation.id,
  url: 'https://erp.example.com/hooks',
  description: 'Our ERP',
  events: ['job.completed', 'job_sheet.approved'],
  enabled: true,
  secret: 'whsec_…beef',
  created_by_user: { id: 'bbbbbbbbbbbbbbbbbbbbbbbb', name: 'Ada Builder' },
  last_delivery: {
    status: 'DELIVERED',
    status_code: 200,
    event_type: 'job.completed',
    created_at: now,
  },
  created_at: now,
  updated_at: now,
};
const delivery: WebhookDelivery = {
  id: 'cccccccccccccccccccccccc',
  webhook_id: hook.id,
  event_id: 'evt_1',
  event_type: 'job.completed',
  attempt: 2,
  status: 'RETRYING',
  status_code: 500,
  duration_ms: 12,
  response_body: 'oops',
  error: 'The endpoint answered 500.',
  delivered_at: null,
  failed_at: now,
  next_attempt_at: new Date(Date.now() + 120_000).toISOString(),
  created_at: now,
  updated_at: now,
};

describe('WebhooksPage', () => {
  it('lists endpoints with their events and last delivery in words', async () => {
    await openSettings('webhooks', () => jsonResponse({ data: [hook], meta }));
    await waitFor(() => expect(textOf()).toContain('https://erp.example.com/hooks'));
    expect(textOf()).toContain('Job completed, Job sheet approved');
    expect(textOf()).toContain('Delivered');
    expect(textOf()).not.toContain('job.completed');
  });

  it('adds an endpoint with the events chosen and shows its secret once', async () => {
    const { calls } = await openSettings('webhooks', (call) =>
      call.method === 'POST'
        ? jsonResponse({ data: { ...hook, secret: 'whsec_0123456789abcdef' } }, 201)
        : jsonResponse({ data: [], meta: { ...meta, total: 0 } }),
    );
    await waitFor(() => expect(textOf()).toContain('No webhooks yet'));
    await click('Add webhook');
    await fill('Endpoint URL', 'https://erp.example.com/hooks', dialog);
    (dialog().querySelector('input[value="job.completed"]') as HTMLInputElement).click();
    await submit('Add webhook');
    await waitFor(() => expect(textOf(dialog())).toContain('whsec_0123456789abcdef'));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/webhooks')[0])).toMatchObject({
      url: 'https://erp.example.com/hooks',
      events: ['job.completed'],
      enabled: true,
    });
  });

  it('shows an endpoint’s delivery log with the attempt, the answer and the next try', async () => {
    const { calls } = await openSettings(`webhooks/${hook.id}`, (call) =>
      pathOf(call).includes('/deliveries')
        ? jsonResponse({ data: [delivery], meta })
        : jsonResponse({ data: hook }),
    );
    await waitFor(() => expect(textOf()).toContain('Failed, will retry'));
    expect(textOf()).toContain('HTTP 500 in 12 ms');
    expect(textOf()).toContain('Next try in 2 minutes');
    expect(calls.map(pathOf)).toContain(
      `/webhooks/${hook.id}/deliveries?page[number]=1&page[size]=20`,
    );
  });

  it('tells a manager that admins manage webhooks', async () => {
    await openSettings('webhooks', () => jsonResponse({ data: [] }), { role: 'MANAGER' });
    await waitFor(() => expect(textOf()).toContain('Webhooks are managed by admins'));
  });
});
