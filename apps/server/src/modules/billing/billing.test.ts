import { isPlanOverdue, type Organisation } from '@fieldwork/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, type Client, getFile, organisationApp, signUp } from '../../../test/harness';
import { readPdfText } from './pdf-testing';

/**
 * The local ledger from trial to paid: subscribe, a prorated seat increase, a seat decrease with
 * its credit note, a failed payment going overdue as the organisation's clock moves on, and back
 * to paid with a new card. Every number is worked out here from the period the ledger reports.
 */
const { test, org } = organisationApp('Ledger Surveys');
let admin: Client;
let operative: Client;
const DAY = 86_400_000;

beforeAll(async () => {
  admin = (await addMember(test, org, 'ADMIN')).orgApi;
  operative = (await addMember(test, org, 'OPERATIVE')).orgApi;
  await addMember(test, org, 'GUEST');
});

async function plan(): Promise<Organisation['plan']> {
  const context = await org.owner.api.get('/me/context');
  return (context.body.organisations as Organisation[]).find((o) => o.id === org.id)!.plan;
}
async function ledgerNow(): Promise<Date> {
  return new Date((await org.api.get('/billing/ledger')).body.data.now);
}
const advance = async (days: number) => {
  const response = await org.api.post('/billing/ledger/advance', { days });
  expect(response.status).toBe(200);
};
const perSeat = (days: number, periodDays: number) => Math.round((3600 * days) / periodDays);
const withTax = (amount: number) => amount + Math.round(amount * 0.2);

describe('the local ledger, trial to paid', () => {
  it('starts a 14-day trial with seats in use counted (not guests)', async () => {
    const current = await plan();
    expect(current).toMatchObject({
      status: 'TRIAL',
      waived: false,
      can_edit_seats: false,
      subscription_id: null,
      seats: { total: 3, used: 3, available: 0 },
      subscription: null,
    });
    expect(current.trial_id).toMatch(/^[0-9a-f]{24}$/);
    const seats = await org.api.get('/seats_overview');
    expect(seats.body.data).toMatchObject({
      status: 'TRIAL',
      total: 3,
      used: 3,
      available: 0,
      seat_price: { interval: 'month', unit_amount_decimal: '3600', currency: 'gbp' },
    });
    expect((await org.api.get('/stripe_subscription_data')).body).toEqual({ data: null });
    const prices = await org.owner.api.get('/prices');
    expect(prices.body.data).toEqual([
      expect.objectContaining({ unit_amount_decimal: '3600', tax_rate_percentage: 20 }),
    ]);
  });

  it('lets admins read billing, only the owner change it, and nobody else in', async () => {
    expect((await admin.get('/stripe_subscription_data')).status).toBe(200);
    expect((await admin.get('/invoices')).status).toBe(200);
    expect((await admin.post('/preview_update_seats', { seats: 4 })).status).toBe(409);
    for (const [path, body] of [
      ['/subscribe', { seats: 5 }],
      ['/update_seats', { seats: 5 }],
      ['/update_payment_method', { card_number: '4242424242424242', exp_month: 1, exp_year: 2099 }],
      ['/validate_checkout_session', { session_id: 'cs_1' }],
      ['/billing/ledger/advance', { days: 1 }],
    ] as const) {
      const response = await admin.post(path, body);
      expect(response.status, path).toBe(403);
      expect(response.body.code, path).toBe('owner_required');
    }
    expect((await admin.put('/stripe_billing_data', {})).body.code).toBe('owner_required');
    const refused = await operative.get('/stripe_subscription_data');
    expect(refused).toMatchObject({ status: 403, body: { code: 'role_required' } });
    expect((await operative.get('/seats_overview')).status).toBe(403);
    expect((await operative.get('/invoices')).status).toBe(403);
    // nothing was written by the refused calls
    expect((await plan()).status).toBe('TRIAL');
  });

  it('validates billing details and cards field by field', async () => {
    const bad = await org.api.put('/stripe_billing_data', {
      name: '',
      email: 'not-an-email',
      address: { line1: '1 High St', city: 'Leeds', postal_code: 'LS1 1AA', country: 'England' },
      tax: { type: 'gb_vat', value: '1' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'address.country',
      'email',
      'name',
      'tax.value',
    ]);
    const good = await org.api.put('/stripe_billing_data', {
      name: 'Ledger Surveys Ltd',
      email: 'Accounts@Ledger.example',
      address: { line1: '1 High St', city: 'Leeds', postal_code: 'LS1 1AA', country: 'gb' },
      tax: { type: 'gb_vat', value: 'GB123456789' },
    });
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({
      name: 'Ledger Surveys Ltd',
      email: 'accounts@ledger.example',
      address: { line1: '1 High St', line2: null, city: 'Leeds', country: 'GB' },
      tax: { type: 'gb_vat', value: 'GB123456789', country: 'GB' },
      payment_method: null,
    });

    const notLuhn = await org.api.post('/update_payment_method', {
      card_number: '4242 4242 4242 4241',
      exp_month: 12,
      exp_year: 2099,
    });
    expect(notLuhn.status).toBe(422);
    expect(notLuhn.body.errors[0].field).toBe('card_number');
    const declined = await org.api.post('/update_payment_method', {
      card_number: '4000000000000002',
      exp_month: 12,
      exp_year: 2099,
    });
    expect(declined.body.errors[0]).toMatchObject({ field: 'card_number', code: 'card_declined' });
    const expired = await org.api.post('/update_payment_method', {
      card_number: '4242424242424242',
      exp_month: 1,
      exp_year: 2020,
    });
    expect(expired.body.errors[0]).toMatchObject({ field: 'exp_year', code: 'expired_card' });
    const card = await org.api.post('/update_payment_method', {
      card_number: '4242-4242-4242-4242',
      exp_month: 12,
      exp_year: 2099,
      cvc: '123',
    });
    expect(card.status).toBe(200);
    expect(card.body).toEqual({
      url: null,
      data: expect.objectContaining({
        payment_method: {
          type: 'card',
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: 2099,
        },
      }),
    });
    const stored = await test.platform.db.query<{ text: string }>(
      'SELECT payment_method::text AS text FROM billing_accounts WHERE organisation_id = $1',
      [org.id],
    );
    expect(stored.rows[0]!.text).not.toContain('42424242');
  });

  it('subscribes: the first invoice is charged, the trial ends, seats cover the members', async () => {
    const tooFew = await org.api.post('/subscribe', { seats: 2 });
    expect(tooFew.status).toBe(422);
    expect(tooFew.body.errors[0]).toMatchObject({
      field: 'seats',
      message: 'At least 3 seats are in use',
    });
    expect((await org.api.post('/subscribe', { seats: 1.5 })).body.errors[0].field).toBe('seats');
    expect((await plan()).status).toBe('TRIAL');

    const subscribed = await org.api.post('/subscribe', { seats: 5, newFlow: true });
    expect(subscribed.status).toBe(200);
    expect(subscribed.body.url).toBeNull();
    expect(subscribed.body.data).toMatchObject({
      provider: 'local',
      status: 'active',
      seats: 5,
      interval: 'month',
      outstanding_invoices: { total: 0, count: 0, longest_overdue_by_days: 0 },
    });
    expect(subscribed.body.invoice).toMatchObject({
      number: 'INV-000001',
      reason: 'subscription_create',
      seats: 5,
      sub_total: 18000,
      tax: 3600,
      total: 21600,
      amount_paid: 21600,
      amount_remaining: 0,
      status: 'paid',
      overdue_by_days: 0,
      credit_notes: [],
    });
    expect((await org.api.post('/subscribe', { seats: 5 })).body.code).toBe('already_subscribed');

    const current = await plan();
    expect(current).toMatchObject({
      status: 'ACTIVE',
      can_edit_seats: true,
      subscription_id: subscribed.body.data.id,
      seats: { total: 5, used: 3, available: 2 },
      subscription: { outstanding_invoices: { longest_overdue_by_days: 0 } },
    });
    const summary = (await admin.get('/stripe_subscription_data')).body.data;
    expect(summary).toMatchObject({
      plan_name: 'Fieldwork',
      status: 'active',
      interval: 'month',
      seats: 5,
      tax_rate_percentage: 20,
      seat_price: { interval: 'month', unit_amount_decimal: '3600' },
      scheduled_changes: [],
      sub_total: 18000,
      taxes: 3600,
      total: 21600,
    });
    const trial = await test.platform.db.query<{ ended_at: Date }>(
      'SELECT ended_at FROM trials WHERE organisation_id = $1',
      [org.id],
    );
    expect(trial.rows[0]!.ended_at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  let periodDays = 0;
  it('previews a seat increase without changing anything, then invoices it prorated', async () => {
    await advance(10);
    const summary = (await org.api.get('/stripe_subscription_data')).body.data;
    periodDays = Math.round(
      (Date.parse(summary.current_period_end) - Date.parse(summary.current_period_start)) / DAY,
    );
    const remaining = periodDays - 10;
    const preview = await admin.post('/preview_update_seats', { seats: 7 });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      current_seats: 5,
      seats: 7,
      type: 'invoice',
      prorated_days: remaining,
      period_days: periodDays,
      sub_total: 2 * perSeat(remaining, periodDays),
      total: withTax(2 * perSeat(remaining, periodDays)),
      next_period_total: withTax(7 * 3600),
    });
    expect((await org.api.get('/stripe_subscription_data')).body.data.seats).toBe(5);

    const update = await org.api.post('/update_seats', { seats: 7 });
    expect(update.status).toBe(200);
    expect(update.body.data.subscription.seats).toBe(7);
    expect(update.body.data.credit_note).toBeNull();
    expect(update.body.data.invoice).toMatchObject({
      number: 'INV-000002',
      reason: 'subscription_update',
      seats: 7,
      sub_total: 2 * perSeat(remaining, periodDays),
      total: withTax(2 * perSeat(remaining, periodDays)),
      status: 'paid',
      lines: [expect.objectContaining({ quantity: 2, proration: true })],
    });
    expect((await plan()).seats).toEqual({ total: 7, used: 3, available: 4 });
  });

  it('credits a seat decrease with a credit note, and refuses going below the seats in use', async () => {
    const below = await org.api.post('/update_seats', { seats: 2 });
    expect(below.status).toBe(422);
    const remaining = periodDays - 10;
    const decrease = await org.api.post('/update_seats', { seats: 4 });
    expect(decrease.status).toBe(200);
    expect(decrease.body.data.invoice).toBeNull();
    expect(decrease.body.data.credit_note).toMatchObject({
      number: 'CN-000001',
      type: 'post_payment',
      seats: 3,
      sub_total: 3 * perSeat(remaining, periodDays),
      total: withTax(3 * perSeat(remaining, periodDays)),
    });
    const notes = await admin.get('/credit_notes');
    expect(notes.body.meta.total).toBe(1);
    expect(notes.body.data[0].invoice_number).toBe('INV-000002');
    const invoice = await admin.get(`/invoices/${decrease.body.data.credit_note.invoice_id}`);
    expect(invoice.body.data.credit_notes).toEqual([
      expect.objectContaining({ number: 'CN-000001', total: decrease.body.data.credit_note.total }),
    ]);
  });

  let failedInvoice = '';
  it('a failed renewal stays open, takes the credit first, and goes overdue after 30 days', async () => {
    const credit = withTax(3 * perSeat(periodDays - 10, periodDays));
    expect(
      (await org.api.post('/billing/ledger/fail_next_payment', {})).body.data.failing_payments,
    ).toBe(1);
    await advance(periodDays - 10 + 1); // one day into the next period
    const list = await admin.get('/invoices?filter[status]=open&expand[]=payments');
    expect(list.body.meta.total).toBe(1);
    const renewal = list.body.data[0];
    failedInvoice = renewal.id;
    expect(renewal).toMatchObject({
      number: 'INV-000003',
      reason: 'subscription_cycle',
      seats: 4,
      total: withTax(4 * 3600),
      amount_credited: credit,
      amount_remaining: withTax(4 * 3600) - credit,
      status: 'open',
      overdue_by_days: 1,
      payments: [expect.objectContaining({ status: 'failed', total: withTax(4 * 3600) - credit })],
    });
    expect((await org.api.get('/stripe_subscription_data')).body.data).toMatchObject({
      status: 'past_due',
      outstanding_invoices: {
        count: 1,
        total: renewal.amount_remaining,
        longest_overdue_by_days: 1,
      },
    });
    let current = await plan();
    expect(current.status).toBe('ACTIVE');
    expect(isPlanOverdue(current, await ledgerNow())).toBe(false);

    await advance(28);
    current = await plan();
    expect(current.subscription?.outstanding_invoices.longest_overdue_by_days).toBe(29);
    expect(isPlanOverdue(current, await ledgerNow())).toBe(false);

    await advance(1);
    current = await plan();
    expect(current.subscription?.outstanding_invoices.longest_overdue_by_days).toBe(30);
    expect(isPlanOverdue(current, await ledgerNow())).toBe(true);
  });

  it('support can ignore the overdue plan until a date', async () => {
    const support = await signUp(test.app, 'Support');
    await test.platform.db.query('UPDATE users SET support = true WHERE id = $1', [support.userId]);
    const until = new Date((await ledgerNow()).getTime() + 365 * DAY).toISOString();
    const ignored = await support.api.put(`/support/organisations/${org.id}/plan`, {
      overdue_ignored_until: until,
    });
    expect(ignored.status).toBe(200);
    expect(isPlanOverdue(ignored.body.organisation.plan, await ledgerNow())).toBe(false);
    expect((await org.owner.api.put(`/support/organisations/${org.id}/plan`, {})).body.code).toBe(
      'support_only',
    );
    await support.api.put(`/support/organisations/${org.id}/plan`, { overdue_ignored_until: null });
    expect(isPlanOverdue(await plan(), await ledgerNow())).toBe(true);
  });

  it('a new card pays what is owed and the plan is no longer overdue', async () => {
    const updated = await org.api.post('/update_payment_method', {
      card_number: '5555555555554444',
      exp_month: 6,
      exp_year: 2099,
    });
    expect(updated.body.data.payment_method).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const invoice = (await admin.get(`/invoices/${failedInvoice}?expand[]=payments`)).body.data;
    expect(invoice).toMatchObject({ status: 'paid', amount_remaining: 0, overdue_by_days: 0 });
    expect(invoice.payments.map((p: { status: string }) => p.status)).toEqual([
      'failed',
      'succeeded',
    ]);
    const current = await plan();
    expect(current.subscription?.outstanding_invoices.longest_overdue_by_days).toBe(0);
    expect(isPlanOverdue(current, await ledgerNow())).toBe(false);
    expect((await org.api.get('/stripe_subscription_data')).body.data.status).toBe('active');
  });

  it('lists invoices a page at a time, newest first, with sums', async () => {
    // 3 or 4 invoices by now, depending on the lengths of the months the clock went through
    const all = await admin.get('/invoices?page[size]=2&sum=total');
    const total = all.body.meta.total as number;
    expect(total).toBeGreaterThanOrEqual(3);
    const number = (n: number) => `INV-${String(n).padStart(6, '0')}`;
    expect(all.body.meta).toMatchObject({ per_page: 2, last_page: Math.ceil(total / 2) });
    expect(all.body.data.map((i: { number: string }) => i.number)).toEqual([
      number(total),
      number(total - 1),
    ]);
    expect(all.body.sums.total).toBeGreaterThan(0);
    const second = await admin.get('/invoices?page[size]=2&page[number]=2');
    expect(second.body.data.map((i: { number: string }) => i.number)).toEqual(
      [number(total - 2), number(total - 3)].slice(0, total - 2),
    );
    expect((await admin.get('/invoices?sort=bogus')).status).toBe(400);
    expect((await admin.get('/invoices?filter[status]=open')).body.meta.total).toBe(0);
    const streamed = await admin.get('/invoices?page=all');
    expect(streamed.body.data).toHaveLength(total);
  });

  it('answers a real PDF and a hosted page behind signed links', async () => {
    const first = (await admin.get('/invoices?filter[number]=INV-000001')).body.data[0];
    const link = await admin.get(`/invoices/${first.id}/pdf_url`);
    expect(link.status).toBe(200);
    const download = await getFile(test.app, link.body.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await readPdfText(download.rawPayload);
    expect(text).toContain('INV-000001');
    expect(text).toContain('Ledger Surveys Ltd');
    expect(text).toContain('£216.00');

    const hosted = await admin.get(`/invoices/${first.id}/hosted_url`);
    const page = new URL(hosted.body.url);
    const html = await test.app.inject({ method: 'GET', url: page.pathname + page.search });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Invoice INV-000001');
    expect(html.body).toContain('GB123456789');
    const forged = await test.app.inject({
      method: 'GET',
      url: page.pathname + page.search.replace(/signature=[^&]+/, 'signature=forged'),
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain('INV-000001');
  });

  it('pays an open invoice on demand, and refuses one that is not open', async () => {
    await org.api.post('/billing/ledger/fail_next_payment', { count: 1 });
    await advance(40);
    const openList = await admin.get('/invoices?filter[status]=open');
    expect(openList.body.meta.total).toBe(1);
    const open = openList.body.data[0];
    expect(open).toMatchObject({ reason: 'subscription_cycle', seats: 4 });
    const paid = await org.api.post(`/invoices/${open.id}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('paid');
    expect(paid.body.payment).toMatchObject({ status: 'succeeded', total: open.amount_remaining });
    expect((await org.api.post(`/invoices/${open.id}/pay`)).body.code).toBe('invoice_not_open');
    expect((await admin.post(`/invoices/${open.id}/pay`)).body.code).toBe('owner_required');
  });
});
