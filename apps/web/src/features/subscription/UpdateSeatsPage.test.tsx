import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import { textOf, waitFor } from '../../test/render';
import { click, fill, queryButton } from '../settings/test/settings-kit';
import {
  callsTo,
  makeInvoice,
  makePreview,
  makeSubscription,
  notFound,
  openAs,
  organisationOn,
  waitForText,
} from '../billing/test/billing-kit';

const active = organisationOn('ACTIVE', { seats: { total: 3, used: 2, available: 1 } });
const UPDATE = '/organisations/acme/subscription/update';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function answer(path: string, body: unknown) {
  const seats = (body as { seats?: number } | undefined)?.seats ?? 0;
  if (path === '/preview_update_seats') {
    return jsonResponse({ data: makePreview({ seats, current_seats: 3 }) });
  }
  if (path === '/update_seats') {
    return jsonResponse({
      data: {
        subscription: makeSubscription({ seats }),
        invoice: makeInvoice({ number: 'INV-000002', reason: 'subscription_update', total: 4320 }),
        credit_note: null,
      },
    });
  }
  return notFound();
}

describe('changing seats', () => {
  it('previews the prorated charge before anything changes, then confirms', async () => {
    const { calls } = await openAs(active, UPDATE, (path, call) => answer(path, jsonBodyOf(call)));
    await waitForText('Change seats');
    expect(queryButton('Confirm change')).toBeNull();

    await fill('New number of seats', '5');
    await click('Preview change');
    await waitForText('3 seats → 5 seats');
    expect(textOf()).toContain('14 of 28 days left');
    expect(textOf()).toMatch(/£43\.20 charged now/);
    expect(textOf()).toMatch(/£216\.00 per month/);
    expect(callsTo(calls, active, 'POST', '/update_seats')).toHaveLength(0);
    expect(jsonBodyOf(callsTo(calls, active, 'POST', '/preview_update_seats')[0])).toEqual({
      seats: 5,
    });

    await click('Confirm change');
    await waitForText('Seats changed');
    expect(jsonBodyOf(callsTo(calls, active, 'POST', '/update_seats')[0])).toEqual({ seats: 5 });
    expect(textOf()).toContain('Invoice INV-000002');
    // The plan (its seats) is reloaded.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.endsWith('/me/context')).length).toBeGreaterThan(1),
    );
  });

  it('drops a preview when the seats change again', async () => {
    await openAs(active, UPDATE, (path, call) => answer(path, jsonBodyOf(call)));
    await fill('New number of seats', '5');
    await click('Preview change');
    await waitForText('Confirm change');
    await fill('New number of seats', '6');
    await waitFor(() => expect(queryButton('Confirm change')).toBeNull());
  });

  it('shows a credit when seats are removed', async () => {
    await openAs(active, UPDATE, (path) =>
      path === '/preview_update_seats'
        ? jsonResponse({
            data: makePreview({
              seats: 2,
              type: 'credit_note',
              total: 2160,
              next_period_total: 8640,
            }),
          })
        : notFound(),
    );
    await fill('New number of seats', '2');
    await click('Preview change');
    await waitForText('£21.60 credited');
  });

  it('refuses fewer seats than are in use', async () => {
    const { calls } = await openAs(active, UPDATE, (path, call) => answer(path, jsonBodyOf(call)));
    await fill('New number of seats', '1');
    await waitForText('At least 2 seats: 2 in use');
    await click('Preview change');
    expect(callsTo(calls, active, 'POST', '/preview_update_seats')).toHaveLength(0);
  });

  it('shows a member the seats without the controls', async () => {
    const { calls } = await openAs(active, UPDATE, () => notFound(), { owner: false });
    await waitForText('Only the owner of the organisation can change the seats.');
    expect(textOf()).toContain('3 seats, 2 in use');
    expect(queryButton('Preview change')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends a trial organisation away from the update page', async () => {
    const { router } = await openAs(organisationOn('TRIAL'), UPDATE, () => notFound());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
  });
});
