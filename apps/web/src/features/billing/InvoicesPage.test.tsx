import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../test/fetch-stub';
import { textOf, waitFor } from '../../test/render';
import { act } from 'react';
import { click } from '../settings/test/settings-kit';
import {
  callsTo,
  listOf,
  makeCreditNote,
  makeInvoice,
  notFound,
  openAs,
  organisationOn,
  waitForText,
} from './test/billing-kit';

const organisation = organisationOn('ACTIVE');
const paid = makeInvoice({ number: 'INV-000002', reason: 'subscription_cycle' });
const overdue = makeInvoice({
  number: 'INV-000001',
  status: 'open',
  amount_paid: 0,
  amount_remaining: 12960,
  overdue_by_days: 31,
  paid_at: null,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function answer(path: string) {
  if (path.startsWith('/invoices?')) {
    if (path.includes('filter[status]=open')) return listOf([overdue]);
    if (path.includes('page[number]=2')) return listOf([paid], { total: 11, page: 2 });
    return listOf([overdue, paid], { total: 11 });
  }
  if (path.startsWith('/credit_notes')) return listOf([makeCreditNote()]);
  if (path === `/invoices/${overdue.id}/pdf_url`)
    return jsonResponse({ url: 'http://files.test/inv-1.pdf?signature=x' });
  if (path === `/invoices/${overdue.id}/hosted_url`)
    return jsonResponse({ url: 'http://files.test/inv-1.html?signature=x' });
  if (path === `/invoices/${overdue.id}/pay`)
    return jsonResponse({ data: { ...overdue, status: 'paid', overdue_by_days: 0 } });
  return notFound();
}

describe('billing invoices', () => {
  it('lists invoices a page at a time, newest first, with status badges and the overdue one highlighted', async () => {
    const { calls } = await openAs(organisation, '/organisations/acme/billing/invoices', answer);
    await waitForText('INV-000001');
    expect(textOf()).toContain('Overdue 31 days');
    expect(textOf()).toContain('Paid');
    expect(textOf()).toContain('Renewal');
    const row = document.querySelector('tr[data-overdue]');
    expect(row?.textContent).toContain('INV-000001');
    expect(document.querySelectorAll('tr[data-overdue]')).toHaveLength(1);
    expect(textOf()).toContain('1–10 of 11');
    expect(callsTo(calls, organisation, 'GET', /^\/invoices\?/)).toHaveLength(1);
    expect(decodeURIComponent(calls.find((call) => call.url.includes('/invoices?'))!.url)).toMatch(
      /sort=-date&page\[number\]=1&page\[size\]=10$/,
    );

    await click('Next page');
    await waitForText('11–11 of 11');
    expect(callsTo(calls, organisation, 'GET', /page\[number\]=2/)).toHaveLength(1);
  });

  it('filters by status', async () => {
    const { calls } = await openAs(organisation, '/organisations/acme/billing/invoices', answer);
    await waitForText('INV-000002');
    await waitFor(() =>
      act(() => {
        const open = document.querySelector<HTMLInputElement>('input[type="radio"][value="open"]');
        if (!open) throw new Error('no Open segment');
        open.click();
      }),
    );
    const invoicesTable = () => document.querySelector('table[aria-label="Invoices"]')?.textContent;
    await waitFor(() => expect(invoicesTable()).not.toContain('INV-000002'));
    expect(invoicesTable()).toContain('INV-000001');
    expect(callsTo(calls, organisation, 'GET', /filter\[status\]=open/)).toHaveLength(1);
  });

  it('opens the PDF and the hosted page through their signed links in a new tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    await openAs(organisation, '/organisations/acme/billing/invoices', answer);
    await click('PDF of INV-000001');
    await waitFor(() => expect(tab.location.href).toBe('http://files.test/inv-1.pdf?signature=x'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await click('View INV-000001');
    await waitFor(() => expect(tab.location.href).toBe('http://files.test/inv-1.html?signature=x'));
  });

  it('lets the owner pay an open invoice with the card on file', async () => {
    const { calls } = await openAs(organisation, '/organisations/acme/billing/invoices', answer);
    await click('Pay now');
    await waitForText('Invoice INV-000001 paid');
    expect(callsTo(calls, organisation, 'POST', `/invoices/${overdue.id}/pay`)).toHaveLength(1);
    // The plan is reloaded: paying may end an overdue state.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.endsWith('/me/context')).length).toBeGreaterThan(1),
    );
  });

  it('says why a payment failed', async () => {
    await openAs(organisation, '/organisations/acme/billing/invoices', (path) =>
      path.endsWith('/pay')
        ? errorResponse(409, 'Conflict', {
            code: 'payment_failed',
            message: 'Your card was declined.',
          })
        : answer(path),
    );
    await click('Pay now');
    await waitForText('Your card was declined.');
  });

  it('shows credit notes under the invoices', async () => {
    await openAs(organisation, '/organisations/acme/billing/invoices', answer);
    await waitForText('CN-000001');
    expect(textOf()).toContain('1 seat removed');
  });

  it('shows an empty state without invoices and an error with a retry', async () => {
    let fail = true;
    await openAs(organisation, '/organisations/acme/billing/invoices', (path) => {
      if (path.startsWith('/invoices')) {
        return fail ? errorResponse(403, 'Forbidden') : listOf([]);
      }
      return listOf([]);
    });
    await waitForText('Invoices could not be loaded');
    fail = false;
    await click('Try again');
    await waitForText('No invoices yet');
  });
});
