import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import { textOf } from '../../test/render';
import {
  callsTo,
  click,
  dialog,
  fill,
  makeApiKey,
  openSettings,
  organisation,
  pathOf,
  submit,
  waitFor,
} from '../settings/test/settings-kit';

const used = makeApiKey({
  name: 'Payroll export',
  last_used_at: new Date(Date.now() - 3_600_000).toISOString(),
});
const fresh = makeApiKey({ name: 'BI dashboard', key: { key: 'fwk_cd34' } });

describe('ApiKeysPage', () => {
  it('lists the keys of this organisation with their prefix and last use', async () => {
    const { calls } = await openSettings('api-keys', () => jsonResponse({ data: [used, fresh] }));
    await waitFor(() => expect(textOf()).toContain('Payroll export'));
    expect(textOf()).toContain('fwk_cd34');
    expect(textOf()).toContain('1 hour ago');
    expect(textOf()).toContain('Never');
    expect(calls.map(pathOf)).toContain(`/api_keys?filter[organisation_id]=${organisation.id}`);
  });

  it('creates a key and shows its secret once', async () => {
    let keys = [used];
    const { calls } = await openSettings('api-keys', (call) => {
      if (call.method === 'POST') {
        keys = [used, fresh];
        return jsonResponse({ data: { ...fresh, secret: 'fwk_cd34_s3cr3t' } }, 201);
      }
      return jsonResponse({ data: keys });
    });
    await click('New API key');
    await fill('Name', 'BI dashboard', dialog);
    await submit('Create key');
    await waitFor(() => expect(textOf(dialog())).toContain('fwk_cd34_s3cr3t'));
    expect(textOf(dialog())).toContain('This is the only time the key is shown');
    expect(jsonBodyOf(callsTo(calls, 'POST', '/api_keys')[0])).toEqual({
      organisation_id: organisation.id,
      name: 'BI dashboard',
    });
    await submit('I have copied the key');
    await waitFor(() => expect(textOf()).toContain('BI dashboard'));
    expect(textOf()).not.toContain('fwk_cd34_s3cr3t');
  });

  it('deletes a key after confirming', async () => {
    const { calls } = await openSettings('api-keys', (call) =>
      call.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : jsonResponse({ data: [used] }),
    );
    await click('Delete Payroll export');
    await submit('Delete');
    await waitFor(() => expect(callsTo(calls, 'DELETE', `/api_keys/${used.id}`)).toHaveLength(1));
  });

  it('invites the first key, and shows a failed load', async () => {
    await openSettings('api-keys', () => jsonResponse({ data: [] }));
    await waitFor(() => expect(textOf()).toContain('No API keys yet'));
  });

  it('shows a failed load', async () => {
    await openSettings('api-keys', () => errorResponse(403, 'Forbidden'));
    await waitFor(() => expect(textOf()).toContain('Could not load API keys'));
  });
});
