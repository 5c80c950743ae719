import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import { textOf, waitFor } from '../../test/render';
import { click, fill, queryButton } from '../settings/test/settings-kit';
import {
  callsTo,
  makeDetails,
  makeInvoice,
  makeSeatsOverview,
  makeSubscription,
  noDetails,
  notFound,
  openAs,
  organisationOn,
  waitForText,
} from '../billing/test/billing-kit';

const trial = organisationOn('TRIAL', { seats: { total: 2, used: 2, available: 0 } });
const SIGNUP = '/organisations/acme/subscription/signup';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function answer(path: string) {
  if (path === '/seats_overview') return jsonResponse({ data: makeSeatsOverview({ used: 2 }) });
  if (path === '/stripe_billing_data') return jsonResponse({ data: makeDetails() });
  if (path === '/subscribe') {
    return jsonResponse({
      url: null,
      data: makeSubscription({ seats: 4 }),
      invoice: makeInvoice({ number: 'INV-000001', total: 17280, seats: 4 }),
    });
  }
  return notFound();
}

describe('subscription signup', () => {
  it('prices the seats with tax and subscribes the owner, then confirms with the first invoice', async () => {
    const { calls, router } = await openAs(trial, SIGNUP, answer);
    await waitForText('Subscribe to Fieldwork');
    // 2 seats × £36 + 20 % tax
    await waitFor(() =>
      expect(document.querySelector('[aria-label="Total per month"]')?.textContent).toMatch(
        /86\.40/,
      ),
    );
    await fill('Seats', '4');
    await waitFor(() =>
      expect(document.querySelector('[aria-label="Total per month"]')?.textContent).toMatch(
        /172\.80/,
      ),
    );
    expect(textOf()).toContain('Visa •••• 4242');
    await click('Subscribe');
    await waitForText('You are subscribed');
    expect(router.state.location.pathname).toBe('/organisations/acme/subscription/signup/success');
    expect(jsonBodyOf(callsTo(calls, trial, 'POST', '/subscribe')[0])).toEqual({
      seats: 4,
      newFlow: false,
    });
    expect(textOf()).toContain('Invoice INV-000001');
    expect(textOf()).toContain('4 seats');
  });

  it('continues to the app with the plan reloaded', async () => {
    const { calls, router } = await openAs(trial, SIGNUP, answer);
    await click('Subscribe');
    await waitForText('You are subscribed');
    const contextLoads = () => calls.filter((call) => call.url.endsWith('/me/context')).length;
    const before = contextLoads();
    await click('Continue to projects');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    expect(contextLoads()).toBe(before + 1);
  });

  it('refuses fewer seats than are in use before asking the server', async () => {
    const { calls } = await openAs(trial, SIGNUP, answer);
    await waitForText('Subscribe to Fieldwork');
    await fill('Seats', '1');
    await waitForText('At least 2 seats');
    await click('Subscribe');
    expect(callsTo(calls, trial, 'POST', '/subscribe')).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    await openAs(trial, SIGNUP, (path) =>
      path === '/subscribe'
        ? errorResponse(409, 'Conflict', {
            message: 'Already subscribed',
            code: 'already_subscribed',
          })
        : answer(path),
    );
    await click('Subscribe');
    await waitForText('Already subscribed');
  });

  it('asks for billing details and a card when there are none', async () => {
    await openAs(trial, SIGNUP, (path) =>
      path === '/stripe_billing_data' ? jsonResponse({ data: noDetails() }) : answer(path),
    );
    await waitForText('No card on file');
    expect(textOf()).toContain('Name on invoices');
    expect(textOf()).toContain('Card number');
    expect(textOf()).toContain('the first invoice stays open until a card pays it');
  });

  it('saves the billing details and card typed on the page before subscribing, never drops them', async () => {
    const { calls } = await openAs(trial, SIGNUP, (path, call) => {
      if (path === '/stripe_billing_data') {
        return jsonResponse({ data: call.method === 'PUT' ? makeDetails() : noDetails() });
      }
      if (path === '/update_payment_method')
        return jsonResponse({ url: null, data: makeDetails() });
      return answer(path);
    });
    await waitForText('No card on file');
    await fill('Name on invoices', 'Harbour Billing Ltd');
    await fill('Billing e-mail', 'accounts@harbour.test');
    await fill('Address', '1 Dock Road');
    await fill('City', 'Bristol');
    await fill('Postcode', 'BS1 1AA');
    await fill('Card number', '4242 4242 4242 4242');
    await fill('Expiry', '12/30');
    // Neither "Save details" nor "Save card" was pressed.
    await click('Subscribe');
    await waitForText('You are subscribed');
    const order = calls
      .filter((call) => call.method !== 'GET')
      .map(
        (call) =>
          `${call.method} ${new URL(call.url).pathname.replace(/^.*\/organisations\/[^/]+/, '')}`,
      );
    expect(order).toEqual([
      'PUT /stripe_billing_data',
      'POST /update_payment_method',
      'POST /subscribe',
    ]);
    const [details] = callsTo(calls, trial, 'PUT', '/stripe_billing_data');
    expect(jsonBodyOf(details)).toMatchObject({ name: 'Harbour Billing Ltd' });
    const [card] = callsTo(calls, trial, 'POST', '/update_payment_method');
    expect(jsonBodyOf(card)).toMatchObject({ card_number: '4242424242424242', exp_month: 12 });
  });

  it('does not subscribe while a typed card is invalid or the details are refused', async () => {
    const { calls } = await openAs(trial, SIGNUP, (path, call) => {
      if (path === '/stripe_billing_data' && call.method === 'PUT') {
        return errorResponse(422, 'Validation Failure', {
          errors: [{ field: 'address.city', message: 'Required' }],
        });
      }
      if (path === '/stripe_billing_data') return jsonResponse({ data: noDetails() });
      return answer(path);
    });
    await waitForText('No card on file');
    await fill('Card number', '4242 4242 4242 4241');
    await click('Subscribe');
    await waitForText('Required');
    expect(callsTo(calls, trial, 'POST', '/subscribe')).toHaveLength(0);
    expect(callsTo(calls, trial, 'POST', '/update_payment_method')).toHaveLength(0);
  });

  it('goes to the checkout page when the server answers one (Stripe)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await openAs(trial, SIGNUP, (path) =>
      path === '/subscribe'
        ? jsonResponse({ url: 'https://checkout.stripe.test/c/1', data: null, invoice: null })
        : answer(path),
    );
    await click('Subscribe');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/1'));
  });

  it('validates a Stripe checkout session on the success page', async () => {
    const { calls } = await openAs(
      trial,
      '/organisations/acme/subscription/signup/success?session_id=cs_test_1',
      (path) =>
        path === '/validate_checkout_session'
          ? jsonResponse({ data: makeSubscription() })
          : notFound(),
    );
    await waitForText('You are subscribed');
    expect(jsonBodyOf(callsTo(calls, trial, 'POST', '/validate_checkout_session')[0])).toEqual({
      session_id: 'cs_test_1',
    });
  });

  it('sends a non-owner away from signup during a trial', async () => {
    const { router } = await openAs(trial, SIGNUP, answer, { owner: false });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    expect(queryButton('Subscribe')).toBeNull();
  });
});
