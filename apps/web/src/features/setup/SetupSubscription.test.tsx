import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import { textOf, waitFor } from '../../test/render';
import { setNewSubscriptionFlow } from '../../session/persisted-session';
import {
  callsTo,
  makeDetails,
  makeSeatsOverview,
  makeSubscription,
  noDetails,
  notFound,
  openAs,
  organisationOn,
} from '../billing/test/billing-kit';
import { click } from '../settings/test/settings-kit';

const ended = organisationOn('TRIAL_ENDED');

function billingServer({ details = makeDetails() } = {}) {
  return (path: string) => {
    if (path === '/seats_overview')
      return jsonResponse({ data: makeSeatsOverview({ used: 2, status: 'TRIAL_ENDED' }) });
    if (path === '/stripe_billing_data') return jsonResponse({ data: details });
    if (path === '/subscribe')
      return jsonResponse({ url: null, data: makeSubscription({ seats: 4 }), invoice: null });
    return notFound();
  };
}

describe('the setup subscription pages', () => {
  it('walk an owner from the ended trial through seats and billing to a subscription (new flow)', async () => {
    setNewSubscriptionFlow(true);
    const { calls, router } = await openAs(ended, '/organisations/acme/projects', billingServer());
    // The plan gate sends the owner of an ended trial into the new flow.
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisation-setup/acme/subscription/start'),
    );
    await waitFor(() => expect(textOf()).toContain('Your free trial has ended'));
    await waitFor(() => expect(textOf()).toContain('per seat per month'));

    await click('Choose your seats');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisation-setup/acme/subscription/plan'),
    );
    await waitFor(() => expect(textOf()).toContain('2 seats in use now'));
    const seatsInput = document.querySelector<HTMLInputElement>(
      'input[inputmode="numeric"], input',
    )!;
    expect(seatsInput.value).toBe('2');
    expect(document.querySelector('[aria-label="Total per month"]')?.textContent).toMatch(/86\.40/);

    await click('Continue to billing');
    await waitFor(() => expect(router.state.location.search).toBe('?seats=2'));
    await waitFor(() => expect(textOf()).toContain('Acme Surveys Ltd'));
    await click('Subscribe');
    await waitFor(() => expect(callsTo(calls, ended, 'POST', '/subscribe')).toHaveLength(1));
    expect(jsonBodyOf(callsTo(calls, ended, 'POST', '/subscribe')[0])).toEqual({
      seats: 2,
      newFlow: true,
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/organisations/acme/subscription/signup/success',
      ),
    );
  });

  it('asks for billing details and refuses to subscribe until the server accepts them', async () => {
    const { router, calls } = await openAs(
      ended,
      '/organisation-setup/acme/subscription/billing?seats=3',
      (path, call) =>
        path === '/stripe_billing_data' && call.method === 'PUT'
          ? errorResponse(422, 'Validation Failure', {
              errors: [{ field: 'name', message: 'Required' }],
            })
          : billingServer({ details: noDetails() })(path),
    );
    await waitFor(() => expect(textOf()).toContain('Name on invoices'));
    await click('Subscribe');
    await waitFor(() => expect(textOf()).toContain('Required'));
    // The contract's schema refuses the empty details in the browser: nothing is sent, and the
    // server's own 422 (mocked above) would land on the same field (PaymentMethodPage.test).
    expect(callsTo(calls, ended, 'PUT', '/stripe_billing_data')).toHaveLength(0);
    expect(callsTo(calls, ended, 'POST', '/subscribe')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/organisation-setup/acme/subscription/billing');
  });

  it('sends a billing step without a seat count back to the plan', async () => {
    const { router } = await openAs(
      ended,
      '/organisation-setup/acme/subscription/billing',
      billingServer(),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisation-setup/acme/subscription/plan'),
    );
  });
});
