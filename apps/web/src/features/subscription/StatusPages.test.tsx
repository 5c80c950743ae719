import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { textOf, waitFor } from '../../test/render';
import { click, fill, queryButton } from '../settings/test/settings-kit';
import {
  callsTo,
  listOf,
  makeDetails,
  makeInvoice,
  makeSummary,
  notFound,
  openAs,
  organisationOn,
  outstanding,
  waitForText,
} from '../billing/test/billing-kit';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('status pages', () => {
  it('shows a member of an ended trial why, without a way to subscribe', async () => {
    const { router } = await openAs(
      organisationOn('TRIAL_ENDED'),
      '/organisations/acme/clients',
      notFound,
      {
        owner: false,
      },
    );
    await waitForText('Your free trial has ended');
    expect(router.state.location.pathname).toBe('/organisations/acme/subscription/trial-ended');
    expect(textOf()).toContain('Only the owner of Acme Surveys can subscribe');
    expect(queryButton('Subscribe now')).toBeNull();
  });

  it('offers the owner the way to subscribe from the status page', async () => {
    await openAs(
      organisationOn('TRIAL_ENDED'),
      '/organisations/acme/subscription/trial-ended',
      notFound,
    );
    // An owner is sent to signup from ordinary pages; the status page itself offers the same.
    await waitForText('Your free trial has ended');
    expect(queryButton('Subscribe now')?.getAttribute('href')).toBe(
      '/organisations/acme/subscription/signup',
    );
  });

  it('sends a member of an ended subscription to the ended page', async () => {
    await openAs(organisationOn('ENDED'), '/organisations/acme/projects', notFound, {
      owner: false,
    });
    await waitForText('Your subscription has ended');
  });

  it('explains that a subscription is required', async () => {
    await openAs(
      organisationOn('NO_SUBSCRIPTION'),
      '/organisations/acme/billing/overview',
      notFound,
    );
    await waitForText('A subscription is required');
    expect(queryButton('Choose a plan')).not.toBeNull();
  });
});

describe('payment overdue', () => {
  const overdue = organisationOn('ACTIVE', {
    subscription: { outstanding_invoices: { longest_overdue_by_days: 34 } },
  });
  const invoice = makeInvoice({
    status: 'open',
    overdue_by_days: 34,
    amount_paid: 0,
    amount_remaining: 12960,
    paid_at: null,
  });

  function answer(path: string) {
    if (path === '/stripe_subscription_data') {
      return jsonResponse({
        data: makeSummary({ outstanding_invoices: outstanding(34, 1, 12960) }),
      });
    }
    if (path.startsWith('/invoices?')) return listOf([invoice]);
    if (path === `/invoices/${invoice.id}/pay`) {
      return jsonResponse({ data: { ...invoice, status: 'paid', overdue_by_days: 0 } });
    }
    if (path === '/stripe_billing_data') return jsonResponse({ data: makeDetails() });
    if (path === '/update_payment_method') return jsonResponse({ url: null, data: makeDetails() });
    return notFound();
  }

  it('sends everyone there and shows the owner what is owed, with ways to pay', async () => {
    const { calls, router } = await openAs(overdue, '/organisations/acme/projects', answer);
    await waitForText('Payment overdue');
    expect(router.state.location.pathname).toBe('/organisations/acme/subscription/payment-overdue');
    await waitForText('£129.60 is owed on 1 open invoice; the oldest is 34 days overdue.');
    await waitForText('Overdue 34 days');
    expect(callsTo(calls, overdue, 'GET', /^\/invoices\?filter\[status\]=open/)).toHaveLength(1);
    await click('Pay now');
    await waitForText('Invoice INV-000001 paid');
  });

  it('takes a new card, which pays the open invoices', async () => {
    const { calls } = await openAs(
      overdue,
      '/organisations/acme/subscription/payment-overdue',
      answer,
    );
    await fill('Card number', '4242 4242 4242 4242');
    await fill('Expiry', '12/30');
    await click('Save card and pay');
    await waitForText('Card saved');
    expect(callsTo(calls, overdue, 'POST', '/update_payment_method')).toHaveLength(1);
  });

  it('tells a member the owner must pay', async () => {
    const { calls } = await openAs(overdue, '/organisations/acme/clients', answer, {
      owner: false,
    });
    await waitForText('Only the owner can settle it.');
    expect(queryButton('Pay now')).toBeNull();
    expect(callsTo(calls, overdue, 'GET', /^\/invoices/)).toHaveLength(0);
  });

  it('lets everyone back in once the overdue state is ignored by support', async () => {
    const ignored = organisationOn('ACTIVE', {
      subscription: { outstanding_invoices: { longest_overdue_by_days: 34 } },
      overdue_ignored_until: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    const { router } = await openAs(
      ignored,
      '/organisations/acme/subscription/payment-overdue',
      answer,
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    // The owner still sees the debt in the shell.
    await waitForText('Access is kept until');
  });
});

describe('plan status in the app shell', () => {
  it('shows the days left in a trial, with a way to subscribe for the owner', async () => {
    const created = new Date(Date.now() - 4 * 86_400_000 - 3600_000).toISOString();
    const trial = { ...organisationOn('TRIAL'), created_at: created };
    await openAs(trial, '/organisations/acme/projects', () => listOf([]));
    await waitForText('10 days left');
    expect(queryButton('Subscribe')).not.toBeNull();
  });

  it('shows an admin who is not the owner the trial without the owner’s button', async () => {
    await openAs(organisationOn('TRIAL'), '/organisations/acme/projects', () => listOf([]), {
      owner: false,
      role: 'ADMIN',
    });
    await waitForText('The owner can subscribe at any time.');
    expect(queryButton('Subscribe')).toBeNull();
  });

  it.each(['MANAGER', 'OPERATIVE'] as const)(
    'does not show the trial to a %s, who cannot act on it',
    async (role) => {
      await openAs(organisationOn('TRIAL'), '/organisations/acme/projects', () => listOf([]), {
        owner: false,
        role,
      });
      await waitForText('No projects yet');
      expect(textOf()).not.toContain('Free trial');
    },
  );

  it('warns the owner of an overdue invoice before the organisation is paused', async () => {
    const late = organisationOn('ACTIVE', {
      subscription: { outstanding_invoices: { longest_overdue_by_days: 12 } },
    });
    await openAs(late, '/organisations/acme/projects', () => listOf([]));
    await waitForText('an invoice is 12 days overdue');
    expect(queryButton('Pay now')).not.toBeNull();
    expect(queryButton('Billing')).not.toBeNull();
  });

  it('does not show members the billing warning or the billing navigation', async () => {
    const late = organisationOn('ACTIVE', {
      subscription: { outstanding_invoices: { longest_overdue_by_days: 12 } },
    });
    await openAs(late, '/organisations/acme/projects', () => listOf([]), { owner: false });
    await waitForText('No projects yet');
    expect(textOf()).not.toContain('overdue');
    expect(queryButton('Billing')).toBeNull();
  });

  it('shows nothing for a waived plan', async () => {
    await openAs(organisationOn('TRIAL', { waived: true }), '/organisations/acme/projects', () =>
      listOf([]),
    );
    await waitForText('No projects yet');
    expect(textOf()).not.toContain('Free trial');
  });
});
