import type { Organisation } from '@fieldwork/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  startOrganisationApp,
  type Client,
  type OrganisationFixture,
  type TestApp,
} from '../../../../test/harness';
import { startStripeStandIn, type StripeStandIn } from './stripe-standin.testing';

/**
 * The Stripe provider through the official client, against a local stand-in for api.stripe.com
 * (test scaffolding), and webhooks signed the way Stripe signs them.
 */
const WEBHOOK_SECRET = 'whsec_test_secret';
let stripeApi: StripeStandIn;
let test: TestApp;
let org: OrganisationFixture;
let admin: Client;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  ({ test, org } = await startOrganisationApp('Stripe Surveys', {
    env: {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fieldwork',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ID: 'price_seat_monthly',
      STRIPE_API_URL: stripeApi.url,
    },
  }));
  admin = (await addMember(test, org, 'ADMIN')).orgApi;
});
afterAll(async () => {
  await test.close();
  await stripeApi.close();
});

async function plan(): Promise<Organisation['plan']> {
  const context = await org.owner.api.get('/me/context');
  return (context.body.organisations as Organisation[]).find((o) => o.id === org.id)!.plan;
}

let eventCounter = 0;
function event(type: string, object: unknown, created = Math.floor(Date.now() / 1000)) {
  return JSON.stringify({
    id: `evt_test_${++eventCounter}`,
    object: 'event',
    type,
    created,
    api_version: '2026-10-28.endive',
    data: { object },
  });
}
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });
const deliver = (payload: string, signature: string | null) =>
  test.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
const lastRequest = (path: RegExp) =>
  [...stripeApi.requests].reverse().find((r) => path.test(r.path))!;

describe('the Stripe provider', () => {
  it('lists the configured price from Stripe', async () => {
    const prices = await org.owner.api.get('/prices');
    expect(prices.body.data).toEqual([
      {
        id: 'price_seat_monthly',
        product_name: 'Fieldwork seat (Stripe)',
        interval: 'month',
        unit_amount_decimal: '3600',
        currency: 'gbp',
        tax_rate_percentage: 20,
      },
    ]);
  });

  it('keeps billing details on the Stripe customer, tax id errors as 422', async () => {
    const empty = await admin.get('/stripe_billing_data');
    expect(empty.body.data).toMatchObject({ name: null, payment_method: null, tax: null });
    const badTax = await org.api.put('/stripe_billing_data', {
      name: 'Stripe Surveys Ltd',
      email: 'billing@stripe-surveys.example',
      address: { line1: '2 Low Rd', city: 'York', postal_code: 'YO1 1AA', country: 'GB' },
      tax: { type: 'gb_vat', value: 'XX1' },
    });
    expect(badTax.status).toBe(422);
    expect(badTax.body.errors[0].field).toBe('tax.value');
    const saved = await org.api.put('/stripe_billing_data', {
      name: 'Stripe Surveys Ltd',
      email: 'billing@stripe-surveys.example',
      address: { line1: '2 Low Rd', city: 'York', postal_code: 'YO1 1AA', country: 'GB' },
      tax: { type: 'gb_vat', value: 'GB987654321' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'Stripe Surveys Ltd',
      address: { line1: '2 Low Rd', city: 'York', country: 'GB' },
      tax: { type: 'gb_vat', value: 'GB987654321', country: 'GB' },
    });
    // one customer, created once, naming the organisation
    expect(stripeApi.customers.size).toBe(1);
    const [customer] = stripeApi.customers.values();
    expect(customer).toMatchObject({ metadata: { organisation_id: org.id } });
    expect(lastRequest(/^\/v1\/customers$/).idempotencyKey).toBe(`customer-${org.id}`);
    expect((await admin.get('/stripe_billing_data')).body.data.tax.value).toBe('GB987654321');
  });

  let sessionId = '';
  it('subscribes through a checkout session with the seat quantity', async () => {
    expect((await admin.post('/subscribe', { seats: 3 })).body.code).toBe('owner_required');
    const answer = await org.api.post('/subscribe', { seats: 3, newFlow: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: null, invoice: null });
    expect(answer.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test/);
    const session = [...stripeApi.sessions.values()][0]!;
    sessionId = session.id as string;
    expect(session).toMatchObject({
      mode: 'subscription',
      quantity: 3,
      price: 'price_seat_monthly',
      client_reference_id: org.id,
    });
    expect(session.success_url).toContain(
      '/organisations/stripe-surveys/subscription/signup/success?session_id={CHECKOUT_SESSION_ID}&newFlow=true',
    );
    expect(session.cancel_url).toContain('/organisation-setup/stripe-surveys/subscription/plan');
    expect((await plan()).status).toBe('TRIAL');
  });

  it('validates the checkout session once it is complete', async () => {
    const unknown = await org.api.post('/validate_checkout_session', { session_id: 'cs_nope' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'session_id', code: 'not_found' });
    const open = await org.api.post('/validate_checkout_session', { session_id: sessionId });
    expect(open.body.errors[0]).toMatchObject({ field: 'session_id', code: 'incomplete' });

    stripeApi.completeCheckout(sessionId);
    const valid = await org.api.post('/validate_checkout_session', { session_id: sessionId });
    expect(valid.status).toBe(200);
    expect(valid.body.data).toMatchObject({ provider: 'stripe', status: 'active', seats: 3 });
    expect(valid.body.data.stripe_id).toMatch(/^sub_test/);
    expect(await plan()).toMatchObject({
      status: 'ACTIVE',
      seats: { total: 3, used: 2, available: 1 },
    });
    const invoices = await admin.get('/invoices');
    expect(invoices.body.data).toEqual([
      expect.objectContaining({
        reason: 'subscription_create',
        seats: 3,
        sub_total: 10800,
        tax: 2160,
        total: 12960,
        status: 'paid',
      }),
    ]);
    const id = invoices.body.data[0].id;
    expect((await admin.get(`/invoices/${id}/pdf_url`)).body.url).toMatch(
      /^https:\/\/pay\.stripe\.test/,
    );
    expect((await admin.get(`/invoices/${id}/hosted_url`)).body.url).toMatch(
      /^https:\/\/invoice\.stripe\.test/,
    );
    // validating again changes nothing
    await org.api.post('/validate_checkout_session', { session_id: sessionId });
    expect((await admin.get('/invoices')).body.meta.total).toBe(1);
  });

  it('previews and updates the seat quantity with prorations', async () => {
    const preview = await admin.post('/preview_update_seats', { seats: 5 });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ current_seats: 3, seats: 5, type: 'invoice' });
    expect(preview.body.data.lines).toHaveLength(2);
    expect(preview.body.data.sub_total).toBeGreaterThan(0);
    expect(preview.body.data.next_period_total).toBe(5 * 3600 * 1.2);
    const previewCall = lastRequest(/create_preview/);
    expect(previewCall.form).toMatchObject({
      'subscription_details[items][0][quantity]': '5',
      'subscription_details[proration_behavior]': 'always_invoice',
    });
    expect((await admin.post('/update_seats', { seats: 5 })).body.code).toBe('owner_required');
    const updated = await org.api.post('/update_seats', { seats: 5 });
    expect(updated.status).toBe(200);
    expect(updated.body.data.subscription.seats).toBe(5);
    expect(updated.body.data.invoice).toMatchObject({
      reason: 'subscription_update',
      status: 'paid',
    });
    expect(lastRequest(/^\/v1\/subscriptions\//).form['proration_behavior']).toBe('always_invoice');
    expect((await plan()).seats.total).toBe(5);
    expect((await org.api.post('/update_seats', { seats: 1 })).status).toBe(422);
  });

  it('sends the owner to the billing portal for the card', async () => {
    const portal = await org.api.post('/update_payment_method');
    expect(portal.body).toEqual({
      url: expect.stringMatching(/^https:\/\/billing\.stripe\.test/),
      data: null,
    });
    expect(lastRequest(/billing_portal/).form['flow_data[type]']).toBe('payment_method_update');
    // GET /webhooks/portal_access_url is the webhooks page now (platform §7): the billing
    // portal is reached through update_payment_method only.
    const core = await org.owner.api.get(`/webhooks/portal_access_url?organisation_id=${org.id}`);
    expect(core.body.url).toMatch(/\/settings\/webhooks$/);
  });

  describe('webhooks', () => {
    it('refuse a missing, forged or stale signature with 400 and change nothing', async () => {
      const subscription = [...stripeApi.subscriptions.values()][0]!;
      const payload = event('customer.subscription.deleted', {
        ...subscription,
        status: 'canceled',
      });
      for (const signature of [
        null,
        'garbage',
        sign(payload, 'whsec_wrong'),
        signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }),
      ]) {
        const response = await deliver(payload, signature);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'bad_signature' });
      }
      const tampered = await deliver(payload.replace('canceled', 'active'), sign(payload));
      expect(tampered.statusCode).toBe(400);
      expect((await plan()).status).toBe('ACTIVE');
    });

    it('apply a failed renewal once, however often Stripe sends it', async () => {
      const subscription = [...stripeApi.subscriptions.values()][0]!;
      const renewal = stripeApi.renewalInvoice(subscription.id as string, false);
      const created = event('invoice.created', renewal);
      expect((await deliver(created, sign(created))).json()).toEqual({
        received: true,
        duplicate: false,
      });
      const failed = event('invoice.payment_failed', renewal);
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await deliver(failed, sign(failed));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ received: true, duplicate: attempt > 0 });
      }
      const open = await admin.get('/invoices?filter[status]=open&expand[]=payments');
      expect(open.body.meta.total).toBe(1);
      expect(open.body.data[0]).toMatchObject({
        reason: 'subscription_cycle',
        total: 5 * 3600 * 1.2,
        amount_remaining: 5 * 3600 * 1.2,
        payments: [expect.objectContaining({ status: 'failed' })],
      });
      const events = await test.platform.db.query('SELECT count(*)::int AS n FROM stripe_events');
      expect(events.rows[0]).toEqual({ n: 2 });

      // paid on a retry: the invoice is settled and its payment recorded
      Object.assign(renewal, {
        status: 'paid',
        amount_paid: renewal.amount_due,
        amount_remaining: 0,
        status_transitions: { finalized_at: renewal.created, paid_at: renewal.created },
      });
      const paid = event('invoice.paid', renewal);
      await deliver(paid, sign(paid));
      const settled = await admin.get(`/invoices/${open.body.data[0].id}?expand[]=payments`);
      expect(settled.body.data.status).toBe('paid');
      expect(settled.body.data.payments.map((p: { status: string }) => p.status)).toEqual([
        'failed',
        'succeeded',
      ]);
    });

    it('never let an older event overwrite newer state, and end the plan on deletion', async () => {
      const subscription = [...stripeApi.subscriptions.values()][0]!;
      const stale = event(
        'customer.subscription.updated',
        {
          ...subscription,
          items: {
            object: 'list',
            data: [{ ...(subscription.items as { data: object[] }).data[0], quantity: 1 }],
          },
        },
        Math.floor(Date.now() / 1000) - 3600,
      );
      expect((await deliver(stale, sign(stale))).statusCode).toBe(200);
      expect((await plan()).seats.total).toBe(5);

      const deleted = event('customer.subscription.deleted', {
        ...subscription,
        status: 'canceled',
        ended_at: Math.floor(Date.now() / 1000),
      });
      expect((await deliver(deleted, sign(deleted))).statusCode).toBe(200);
      expect(await plan()).toMatchObject({ status: 'ENDED', can_edit_seats: false });
      expect((await admin.get('/stripe_subscription_data')).body.data.status).toBe('canceled');
    });

    it('ignore events of customers that are not ours', async () => {
      const foreign = event('invoice.paid', {
        id: 'in_foreign',
        object: 'invoice',
        customer: 'cus_unknown',
      });
      const response = await deliver(foreign, sign(foreign));
      expect(response.json()).toEqual({ received: true, duplicate: false });
      expect(
        (await admin.get('/invoices')).body.data.map((i: { stripe_id: string }) => i.stripe_id),
      ).not.toContain('in_foreign');
    });
  });
});
