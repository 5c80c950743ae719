import type {
  BillingDetails,
  CreditNote,
  Invoice,
  Organisation,
  PlanStatus,
  Role,
  SeatChangePreview,
  SeatsOverview,
  Subscription,
  SubscriptionSummary,
} from '@fieldwork/contract';
import { listOf as listAnswer } from '../../../test/answers';
import { callsBelow, jsonResponse, pathBelow } from '../../../test/fetch-stub';
import type { RecordedCall } from '../../../test/fetch-stub';
import { makeMemberContext, makeOrganisation, makeUser, stamped } from '../../../test/fixtures';
import { waitFor } from '../../../test/render';
import { openSignedIn } from '../../../test/render-app';

/** Fixtures and a signed-in app for the billing and subscription screens. */

export const me = makeUser({ name: 'Olive Owner', email: 'olive@example.test' });

export function organisationOn(
  status: PlanStatus,
  plan: Partial<Organisation['plan']> = {},
): Organisation {
  const base = makeOrganisation({ slug: 'acme', name: 'Acme Surveys' });
  return {
    ...base,
    plan: {
      ...base.plan,
      status,
      seats: { total: 3, used: 2, available: 1 },
      subscription:
        status === 'ACTIVE' ? { outstanding_invoices: { longest_overdue_by_days: 0 } } : null,
      ...plan,
    },
  };
}

export const outstanding = (days: number, count = 1, total = 12960) => ({
  total,
  count,
  longest_overdue_by_days: days,
});

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ...stamped(),
    organisation_id: 'org',
    subscription_id: 'sub',
    stripe_id: null,
    xero_id: null,
    number: 'INV-000001',
    reason: 'subscription_create',
    seats: 3,
    date: '2026-02-01T00:00:00.000Z',
    due_date: '2026-02-01T00:00:00.000Z',
    period_start: '2026-02-01T00:00:00.000Z',
    period_end: '2026-03-01T00:00:00.000Z',
    currency: 'gbp',
    sub_total: 10800,
    tax: 2160,
    total: 12960,
    amount_paid: 12960,
    amount_credited: 0,
    amount_remaining: 0,
    status: 'paid',
    paid_at: '2026-02-01T00:00:00.000Z',
    overdue_by_days: 0,
    lines: [],
    credit_notes: [],
    ...overrides,
  };
}

export function makeCreditNote(overrides: Partial<CreditNote> = {}): CreditNote {
  return {
    ...stamped(),
    organisation_id: 'org',
    invoice_id: 'inv',
    invoice_number: 'INV-000002',
    stripe_id: null,
    number: 'CN-000001',
    date: '2026-02-10T00:00:00.000Z',
    type: 'post_payment',
    reason: 'seats removed',
    seats: 1,
    currency: 'gbp',
    sub_total: 2000,
    tax: 400,
    total: 2400,
    lines: [],
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary {
  return {
    subscription_id: 'sub',
    plan_name: 'Fieldwork',
    status: 'active',
    interval: 'month',
    current_period_start: '2026-02-01T00:00:00.000Z',
    current_period_end: '2026-03-01T00:00:00.000Z',
    tax_rate_percentage: 20,
    seat_price: { interval: 'month', unit_amount_decimal: '3600', currency: 'gbp' },
    seats: 3,
    scheduled_changes: [],
    outstanding_invoices: outstanding(0, 0, 0),
    sub_total: 10800,
    taxes: 2160,
    total: 12960,
    currency: 'gbp',
    ...overrides,
  };
}

export function makeDetails(overrides: Partial<BillingDetails> = {}): BillingDetails {
  return {
    name: 'Acme Surveys Ltd',
    email: 'accounts@acme.test',
    address: {
      line1: '1 Dock Road',
      line2: null,
      city: 'Bristol',
      postal_code: 'BS1 1AA',
      country: 'GB',
    },
    tax: null,
    payment_method: { type: 'card', last4: '4242', brand: 'visa', exp_month: 4, exp_year: 2031 },
    ...overrides,
  };
}

export const noDetails = (): BillingDetails =>
  makeDetails({
    name: null,
    email: null,
    address: { line1: null, line2: null, city: null, postal_code: null, country: null },
    payment_method: null,
  });

export function makeSeatsOverview(overrides: Partial<SeatsOverview> = {}): SeatsOverview {
  return {
    status: 'TRIAL',
    can_edit_seats: false,
    total: 2,
    used: 2,
    available: 0,
    seat_price: { interval: 'month', unit_amount_decimal: '3600', currency: 'gbp' },
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    ...stamped('sub'),
    organisation_id: 'org',
    provider: 'local',
    stripe_id: null,
    status: 'active',
    seats: 3,
    interval: 'month',
    current_period_start: '2026-02-01T00:00:00.000Z',
    current_period_end: '2026-03-01T00:00:00.000Z',
    started_at: '2026-02-01T00:00:00.000Z',
    ended_at: null,
    outstanding_invoices: outstanding(0, 0, 0),
    ...overrides,
  };
}

export function makePreview(overrides: Partial<SeatChangePreview> = {}): SeatChangePreview {
  return {
    current_seats: 3,
    seats: 5,
    type: 'invoice',
    proration_date: '2026-02-15T00:00:00.000Z',
    period_end: '2026-03-01T00:00:00.000Z',
    prorated_days: 14,
    period_days: 28,
    lines: [
      {
        description: '2 seats × 14/28 days',
        quantity: 2,
        unit_amount: 1800,
        amount: 3600,
        period_start: '2026-02-15T00:00:00.000Z',
        period_end: '2026-03-01T00:00:00.000Z',
        proration: true,
      },
    ],
    sub_total: 3600,
    tax: 720,
    total: 4320,
    next_period_total: 21600,
    currency: 'gbp',
    ...overrides,
  };
}

/** A list answer of the list grammar, ten to a page as the billing screens ask. */
export const listOf = (items: unknown[], { total = items.length, page = 1 } = {}) =>
  listAnswer(items, { total, page, size: 10 });

/** Path and query of a call below the organisation, decoded. */
export const pathOf = (call: RecordedCall, organisation: Organisation) =>
  pathBelow(call, organisation.id);

/**
 * Signs in as `me` (owner or not) in `organisation` and opens `path`; `answer` gets each API call
 * with its path below the organisation. Returns the calls and the router.
 */
export async function openAs(
  organisation: Organisation,
  path: string,
  answer: (path: string, call: RecordedCall) => Response,
  { owner = true, role }: { owner?: boolean; role?: Role } = {},
) {
  const context = makeMemberContext(organisation, me, {
    owner,
    role: role ?? (owner ? 'ADMIN' : 'MANAGER'),
  });
  return openSignedIn(context, path, (call) => answer(pathOf(call, organisation), call));
}

export const notFound = () =>
  jsonResponse({ type: 'Not Found', message: 'Not found', status: 404 }, 404);

/** Calls with a method and a path (exact, or a pattern) below the organisation. */
export const callsTo = (
  calls: RecordedCall[],
  organisation: Organisation,
  method: string,
  path: string | RegExp,
) => callsBelow(calls, organisation.id, method, path);

export async function waitForText(text: string) {
  await waitFor(() => {
    if (!document.body.textContent?.includes(text)) throw new Error(`no text "${text}"`);
  });
}
