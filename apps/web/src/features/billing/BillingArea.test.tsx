import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { jsonResponse } from '../../test/fetch-stub';
import { textOf, waitFor } from '../../test/render';
import { click, queryButton } from '../settings/test/settings-kit';
import {
  listOf,
  makeDetails,
  makeInvoice,
  makeSummary,
  notFound,
  openAs,
  organisationOn,
  outstanding,
  waitForText,
} from './test/billing-kit';

const active = organisationOn('ACTIVE', {
  seats: { total: 3, used: 2, available: 1 },
  customer_success_manager: { name: 'Cass Manager', email: 'cass@fieldwork.test' },
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function answer(path: string) {
  if (path === '/stripe_subscription_data') {
    return jsonResponse({
      data: makeSummary({
        outstanding_invoices: outstanding(3, 1, 4320),
        scheduled_changes: [
          { effective_at: '2026-03-01T00:00:00.000Z', seats: null, cancels: true },
        ],
      }),
    });
  }
  if (path === '/stripe_billing_data') {
    return jsonResponse({
      data: makeDetails({ tax: { id: 't', country: 'GB', value: 'GB123456789', type: 'gb_vat' } }),
    });
  }
  if (path.startsWith('/invoices?')) {
    return listOf([makeInvoice({ number: 'INV-000003' }), makeInvoice({ number: 'INV-000002' })]);
  }
  return notFound();
}

describe('billing area', () => {
  it('opens on the overview: plan, seats, what is owed, the card, the address and recent invoices', async () => {
    const { router } = await openAs(active, '/organisations/acme/billing', answer);
    await waitForText('2 of 3 in use');
    expect(router.state.location.pathname).toBe('/organisations/acme/billing/overview');
    expect(textOf()).toMatch(/£129\.60/);
    await waitForText('£43.20 outstanding');
    expect(textOf()).toContain('the oldest 3 days overdue');
    await waitForText('Visa •••• 4242');
    expect(textOf()).toContain('1 Dock Road');
    expect(textOf()).toContain('Tax ID GB123456789');
    await waitForText('INV-000003');
    expect(textOf()).toContain('Cass Manager');
  });

  it('leads to the seat change and to the subscription details', async () => {
    const { router } = await openAs(active, '/organisations/acme/billing/overview', answer);
    await waitForText('2 of 3 in use');
    expect(queryButton('Change seats')?.getAttribute('href')).toBe(
      '/organisations/acme/subscription/update',
    );
    await click('Subscription details');
    await waitForText('Scheduled changes');
    expect(router.state.location.pathname).toBe('/organisations/acme/billing/subscription');
    // 3 seats × £36.00 = £108.00, tax £21.60, total £129.60
    expect(textOf()).toMatch(/3 seats × £36\.00 per month/);
    expect(textOf()).toMatch(/Tax \(20 %\)£21\.60/);
    expect(textOf()).toContain('the subscription ends');
  });

  it('returns to the page the user came from', async () => {
    const { router } = await openAs(active, '/organisations/acme/clients', (path) =>
      path.startsWith('/clients') ? listOf([]) : answer(path),
    );
    await waitForText('No clients yet');
    await click('Billing');
    await waitForText('Back to clients');
    await click('Invoices');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/billing/invoices'),
    );
    await click('Back to clients');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisations/acme/clients'));
  });

  it('keeps members out: they are sent to the default page', async () => {
    const { router, calls } = await openAs(
      active,
      '/organisations/acme/billing/payment-method',
      answer,
      {
        owner: false,
      },
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    await act(() => Promise.resolve());
    expect(calls.some((call) => call.url.includes('stripe_billing_data'))).toBe(false);
  });
});
