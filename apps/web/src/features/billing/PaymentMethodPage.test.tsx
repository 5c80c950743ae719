import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { textOf, waitFor } from '../../test/render';
import { choose, click, fill } from '../settings/test/settings-kit';
import {
  callsTo,
  makeDetails,
  noDetails,
  notFound,
  openAs,
  organisationOn,
  waitForText,
} from './test/billing-kit';

const organisation = organisationOn('ACTIVE');
const PAGE = '/organisations/acme/billing/payment-method';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function validation(errors: Array<{ field: string; message: string; code?: string }>) {
  return jsonResponse(
    { type: 'Validation Failure', status: 422, message: 'Validation failed', errors },
    422,
  );
}

describe('payment method', () => {
  it('checks the card with Luhn in the browser and sends nothing that fails', async () => {
    const { calls } = await openAs(organisation, PAGE, (path) =>
      path === '/stripe_billing_data' ? jsonResponse({ data: noDetails() }) : notFound(),
    );
    await waitForText('No card on file');
    await fill('Card number', '4242 4242 4242 4241');
    await fill('Expiry', '04/31');
    await click('Save card');
    await waitForText('Not a valid card number');
    await fill('Card number', '4242424242424242');
    await fill('Expiry', '01/20');
    await click('Save card');
    await waitForText('This card has expired');
    expect(callsTo(calls, organisation, 'POST', '/update_payment_method')).toHaveLength(0);
  });

  it('sends the number, month and year only, and shows the stored card', async () => {
    let details = noDetails();
    const { calls } = await openAs(organisation, PAGE, (path, call) => {
      if (path === '/stripe_billing_data') return jsonResponse({ data: details });
      if (path === '/update_payment_method' && call.method === 'POST') {
        details = makeDetails({
          payment_method: {
            type: 'card',
            brand: 'mastercard',
            last4: '4444',
            exp_month: 4,
            exp_year: 2031,
          },
        });
        return jsonResponse({ url: null, data: details });
      }
      return notFound();
    });
    await fill('Card number', '5555555555554444');
    await waitForText('Mastercard');
    await fill('Expiry', '04/31');
    await click('Save card');
    await waitForText('Mastercard •••• 4444');
    const [saved] = callsTo(calls, organisation, 'POST', '/update_payment_method');
    expect(jsonBodyOf(saved)).toEqual({
      card_number: '5555555555554444',
      exp_month: 4,
      exp_year: 2031,
    });
    expect(textOf()).toContain('Expires 04/2031');
  });

  it('shows a declined card next to the number', async () => {
    await openAs(organisation, PAGE, (path) => {
      if (path === '/stripe_billing_data') return jsonResponse({ data: makeDetails() });
      if (path === '/update_payment_method') {
        return validation([
          { field: 'card_number', message: 'Your card was declined.', code: 'card_declined' },
        ]);
      }
      return notFound();
    });
    await fill('Card number', '4000 0000 0000 0002');
    await fill('Expiry', '12/30');
    await click('Replace card');
    await waitForText('Your card was declined.');
    const input = document.querySelector<HTMLInputElement>('input[autocomplete="cc-number"]');
    expect(input?.getAttribute('aria-invalid')).toBe('true');
  });

  it('goes to the provider page when the server answers a URL (Stripe)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await openAs(organisation, PAGE, (path) => {
      if (path === '/stripe_billing_data') return jsonResponse({ data: makeDetails() });
      if (path === '/update_payment_method') {
        return jsonResponse({ url: 'https://billing.stripe.test/session', data: null });
      }
      return notFound();
    });
    await fill('Card number', '4242424242424242');
    await fill('Expiry', '12/30');
    await click('Replace card');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/session'));
  });
});

describe('billing details', () => {
  function detailsAnswer(respond: (call: RecordedCall) => Response) {
    return (path: string, call: RecordedCall) => {
      if (path === '/stripe_billing_data' && call.method === 'GET') {
        return jsonResponse({ data: makeDetails() });
      }
      if (path === '/stripe_billing_data' && call.method === 'PUT') return respond(call);
      return notFound();
    };
  }

  it('sends name, e-mail, address and tax ID, and shows 422 errors next to their fields', async () => {
    let attempts = 0;
    const { calls } = await openAs(
      organisation,
      PAGE,
      detailsAnswer((call) => {
        attempts += 1;
        if (attempts === 1) {
          return validation([{ field: 'tax.value', message: 'Not a valid UK VAT number' }]);
        }
        return jsonResponse({ data: jsonBodyOf(call) });
      }),
    );
    await waitForText('Billing details');
    // The contract's schema refuses these in the browser: nothing is sent.
    await fill('Address', '');
    await choose('Tax ID', 'UK VAT number');
    await fill('Tax ID number', 'GB');
    await click('Save billing details');
    await waitForText('Too short');
    expect(textOf()).toContain('Required');
    expect(callsTo(calls, organisation, 'PUT', '/stripe_billing_data')).toHaveLength(0);

    // The server's 422 on an accepted value lands on the same field.
    await fill('Address', '2 Quay Street');
    await fill('Tax ID number', 'GB000');
    await click('Save billing details');
    await waitForText('Not a valid UK VAT number');

    await fill('Tax ID number', 'GB123456789');
    await click('Save billing details');
    await waitForText('Billing details saved');
    const sent = callsTo(calls, organisation, 'PUT', '/stripe_billing_data');
    expect(jsonBodyOf(sent[1])).toEqual({
      name: 'Acme Surveys Ltd',
      email: 'accounts@acme.test',
      address: {
        line1: '2 Quay Street',
        line2: null,
        city: 'Bristol',
        postal_code: 'BS1 1AA',
        country: 'GB',
      },
      tax: { type: 'gb_vat', value: 'GB123456789' },
    });
  });
});
