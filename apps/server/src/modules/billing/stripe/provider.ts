import {
  BILLING_TAX_RATE_PERCENT,
  PLAN_NAME,
  type BillingDetails,
  type InvoiceLine,
  type PaymentMethod,
  type SeatChangePreview,
} from '@fieldwork/contract';
import Stripe from 'stripe';
import { conflict, notFound, validationFailure } from '../../../platform/errors';
import { lockAccount, presentBillingDetails, readAccount, type BillingAccount } from '../accounts';
import { cardBrand } from '../ledger/cards';
import { taxOf } from '../ledger/money';
import type { BillingProvider, BillingScope } from '../provider';
import {
  currentSubscription,
  isLive,
  loadInvoice,
  presentSubscription,
  type SubscriptionRow,
} from '../records';
import { assertSeatsCover } from '../seats';
import { fromUnix, idOf, stripeClient, stripeNow, type StripeSettings } from './client';
import { upsertStripeInvoice, upsertStripeSubscription } from './sync';

/**
 * Stripe through the official client (docs/billing.md). Subscriptions start in Checkout; seat
 * changes and previews go to the subscription; billing details live on the Stripe customer and
 * payment methods in the billing portal. What Stripe answers is written into our own tables
 * (stripe/sync.ts), as the webhooks do, so the plan reads the same rows for both providers.
 */
export function stripeProvider(settings: StripeSettings): BillingProvider {
  const stripe = stripeClient(settings);
  const priceId = settings.stripePriceId;
  if (!priceId) throw new Error('BILLING_PROVIDER=stripe needs STRIPE_PRICE_ID');
  if (!settings.stripeWebhookSecret) {
    throw new Error('BILLING_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET');
  }

  /** The organisation's Stripe customer, created once (the idempotency key survives a rollback). */
  async function customerOf(scope: BillingScope, account: BillingAccount): Promise<string> {
    if (account.stripe_customer_id) return account.stripe_customer_id;
    const { rows } = await scope.db.query<{ name: string }>(
      'SELECT name FROM organisations WHERE id = $1',
      [scope.organisationId],
    );
    const customer = await stripe.customers.create(
      {
        name: account.name ?? rows[0]?.name ?? undefined,
        ...(account.email ? { email: account.email } : {}),
        metadata: { organisation_id: scope.organisationId },
      },
      { idempotencyKey: `customer-${scope.organisationId}` },
    );
    await scope.db.query(
      `UPDATE billing_accounts SET stripe_customer_id = $2, updated_at = now() WHERE organisation_id = $1`,
      [scope.organisationId, customer.id],
    );
    account.stripe_customer_id = customer.id;
    return customer.id;
  }

  async function liveSubscription(scope: BillingScope): Promise<SubscriptionRow> {
    const subscription = await currentSubscription(scope, { lock: true });
    if (!isLive(subscription) || !subscription.stripe_id || !subscription.stripe_item_id) {
      throw conflict('The organisation has no live subscription.', 'no_subscription');
    }
    return subscription;
  }

  function paymentMethodOf(customer: Stripe.Customer): PaymentMethod | null {
    const method = customer.invoice_settings.default_payment_method;
    if (!method || typeof method === 'string' || !method.card) return null;
    const brand = method.card.brand;
    return {
      type: 'card',
      brand:
        (['visa', 'mastercard', 'amex', 'discover'] as const).find((b) => b === brand) ??
        cardBrand(''),
      last4: method.card.last4,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
    };
  }

  async function retrieveCustomer(id: string): Promise<Stripe.Customer> {
    const customer = await stripe.customers.retrieve(id, {
      expand: ['invoice_settings.default_payment_method', 'tax_ids'],
    });
    if ('deleted' in customer && customer.deleted) throw notFound('Stripe customer');
    return customer;
  }

  function detailsOf(customer: Stripe.Customer): BillingDetails {
    const tax = customer.tax_ids?.data[0];
    return {
      name: customer.name ?? null,
      email: customer.email ?? null,
      address: {
        line1: customer.address?.line1 ?? null,
        line2: customer.address?.line2 ?? null,
        city: customer.address?.city ?? null,
        postal_code: customer.address?.postal_code ?? null,
        country: customer.address?.country ?? null,
      },
      tax: tax ? { id: tax.id, country: tax.country, value: tax.value, type: tax.type } : null,
      payment_method: paymentMethodOf(customer),
    };
  }

  const linesOf = (invoice: Stripe.Invoice): InvoiceLine[] =>
    invoice.lines.data
      .filter((line) => line.parent?.subscription_item_details?.proration)
      .map((line) => ({
        description: line.description ?? '',
        quantity: line.quantity ?? 1,
        unit_amount: line.quantity ? Math.round(line.amount / line.quantity) : line.amount,
        amount: line.amount,
        period_start: fromUnix(line.period.start)!.toISOString(),
        period_end: fromUnix(line.period.end)!.toISOString(),
        proration: true,
      }));

  return {
    kind: 'stripe',

    async prices() {
      const price = await stripe.prices.retrieve(priceId, { expand: ['product'] });
      const product = price.product;
      return [
        {
          id: price.id,
          product_name:
            typeof product === 'object' && !('deleted' in product && product.deleted)
              ? product.name
              : `${PLAN_NAME} seat`,
          interval: 'month',
          unit_amount_decimal: String(price.unit_amount_decimal ?? price.unit_amount ?? 0),
          currency: price.currency,
          tax_rate_percentage: BILLING_TAX_RATE_PERCENT,
        },
      ];
    },

    async sync() {
      // Stripe renews and charges on its own; its webhooks keep our rows current.
    },

    async billingDetails(scope) {
      const account = await readAccount(scope);
      if (!account?.stripe_customer_id) return presentBillingDetails(account);
      return detailsOf(await retrieveCustomer(account.stripe_customer_id));
    },

    async updateBillingDetails(scope, input) {
      const account = await lockAccount(scope);
      const customerId = await customerOf(scope, account);
      await stripe.customers.update(customerId, {
        name: input.name,
        email: input.email,
        address: {
          line1: input.address.line1,
          line2: input.address.line2 ?? '',
          city: input.address.city,
          postal_code: input.address.postal_code,
          country: input.address.country,
        },
      });
      const existing = await stripe.customers.listTaxIds(customerId, { limit: 10 });
      const keep = existing.data.find(
        (tax) => input.tax && tax.type === input.tax.type && tax.value === input.tax.value,
      );
      for (const tax of existing.data) {
        if (tax !== keep) await stripe.customers.deleteTaxId(customerId, tax.id);
      }
      if (input.tax && !keep) {
        try {
          await stripe.customers.createTaxId(customerId, {
            type: input.tax.type,
            value: input.tax.value,
          });
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError) {
            throw validationFailure([
              { field: 'tax.value', message: error.message, code: error.code ?? 'invalid' },
            ]);
          }
          throw error;
        }
      }
      const details = detailsOf(await retrieveCustomer(customerId));
      // Kept beside Stripe's copy for our own invoice documents.
      await scope.db.query(
        `UPDATE billing_accounts SET name = $2, email = $3, address = $4, tax = $5, updated_at = now()
          WHERE organisation_id = $1`,
        [
          scope.organisationId,
          details.name,
          details.email,
          JSON.stringify(details.address),
          details.tax ? JSON.stringify(details.tax) : null,
        ],
      );
      return details;
    },

    async subscribe(scope, input) {
      const account = await lockAccount(scope);
      if (isLive(await currentSubscription(scope, { lock: true }))) {
        throw conflict('The organisation already has a subscription.', 'already_subscribed');
      }
      await assertSeatsCover(scope, input.seats);
      const customer = await customerOf(scope, account);
      const setupUrl = scope.organisationWebUrl.replace('/organisations/', '/organisation-setup/');
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: scope.organisationId,
        line_items: [{ price: priceId, quantity: input.seats }],
        metadata: { organisation_id: scope.organisationId },
        subscription_data: { metadata: { organisation_id: scope.organisationId } },
        success_url: `${scope.organisationWebUrl}/subscription/signup/success?session_id={CHECKOUT_SESSION_ID}${input.newFlow ? '&newFlow=true' : ''}`,
        cancel_url: input.newFlow
          ? `${setupUrl}/subscription/plan`
          : `${scope.organisationWebUrl}/subscription/signup`,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { url: session.url, data: null, invoice: null };
    },

    async validateCheckoutSession(scope, sessionId) {
      await lockAccount(scope);
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ['subscription', 'subscription.latest_invoice'],
        });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) session = null as never;
        else throw error;
      }
      if (!session || session.client_reference_id !== scope.organisationId) {
        throw validationFailure([
          { field: 'session_id', message: 'No such checkout session', code: 'not_found' },
        ]);
      }
      const subscription = session.subscription;
      if (session.status !== 'complete' || !subscription || typeof subscription === 'string') {
        throw validationFailure([
          { field: 'session_id', message: 'The checkout is not complete', code: 'incomplete' },
        ]);
      }
      const customer = idOf(session.customer);
      if (customer) {
        await scope.db.query(
          `UPDATE billing_accounts SET stripe_customer_id = coalesce(stripe_customer_id, $2), updated_at = now()
            WHERE organisation_id = $1`,
          [scope.organisationId, customer],
        );
      }
      const now = stripeNow();
      const id = await upsertStripeSubscription(scope, subscription, now);
      const latest = subscription.latest_invoice;
      if (latest && typeof latest !== 'string') await upsertStripeInvoice(scope, latest, id, now);
      const row = await currentSubscription(scope);
      return presentSubscription(scope, row!);
    },

    async previewSeats(scope, seats) {
      const subscription = await liveSubscription(scope);
      await assertSeatsCover(scope, seats);
      const account = await lockAccount(scope);
      const now = new Date();
      const preview = await stripe.invoices.createPreview({
        customer: await customerOf(scope, account),
        subscription: subscription.stripe_id!,
        subscription_details: {
          items: [{ id: subscription.stripe_item_id!, quantity: seats }],
          proration_behavior: 'always_invoice',
          proration_date: Math.floor(now.getTime() / 1000),
        },
      });
      const lines = linesOf(preview);
      const net = lines.reduce((sum, line) => sum + line.amount, 0);
      const subTotal = Math.abs(net);
      const tax = taxOf(subTotal, subscription.tax_rate_percentage);
      const recurring = seats * subscription.unit_amount;
      const end = subscription.current_period_end!;
      const periodStart = subscription.current_period_start!;
      const periodDays = Math.round((end.getTime() - periodStart.getTime()) / 86_400_000);
      const result: SeatChangePreview = {
        current_seats: subscription.seats,
        seats,
        type: net > 0 ? 'invoice' : net < 0 ? 'credit_note' : 'none',
        proration_date: now.toISOString(),
        period_end: end.toISOString(),
        prorated_days: Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 86_400_000)),
        period_days: periodDays,
        lines,
        sub_total: subTotal,
        tax,
        total: subTotal + tax,
        next_period_total: recurring + taxOf(recurring, subscription.tax_rate_percentage),
        currency: subscription.currency,
      };
      return result;
    },

    async updateSeats(scope, seats) {
      const subscription = await liveSubscription(scope);
      await assertSeatsCover(scope, seats);
      await lockAccount(scope);
      const updated = await stripe.subscriptions.update(subscription.stripe_id!, {
        items: [{ id: subscription.stripe_item_id!, quantity: seats }],
        proration_behavior: 'always_invoice',
        expand: ['latest_invoice'],
      });
      const now = stripeNow();
      const id = await upsertStripeSubscription(scope, updated, now);
      const latest = updated.latest_invoice;
      const invoiceId =
        latest && typeof latest !== 'string' && latest.billing_reason === 'subscription_update'
          ? await upsertStripeInvoice(scope, latest, id, now)
          : null;
      return {
        subscription: await presentSubscription(scope, (await currentSubscription(scope))!),
        invoice: invoiceId ? await loadInvoice(scope, invoiceId) : null,
        credit_note: null,
      };
    },

    async updatePaymentMethod(scope) {
      const account = await lockAccount(scope);
      const session = await stripe.billingPortal.sessions.create({
        customer: await customerOf(scope, account),
        return_url: `${scope.organisationWebUrl}/billing/payment-method`,
        flow_data: { type: 'payment_method_update' },
      });
      return { url: session.url, data: null };
    },

    async payInvoice(scope, invoiceId) {
      await lockAccount(scope);
      const { rows } = await scope.db.query<{ stripe_id: string | null; subscription_id: string }>(
        'SELECT stripe_id, subscription_id FROM invoices WHERE organisation_id = $1 AND id = $2',
        [scope.organisationId, invoiceId],
      );
      const stripeId = rows[0]?.stripe_id;
      if (!stripeId) throw notFound('Invoice');
      let invoice: Stripe.Invoice;
      try {
        invoice = await stripe.invoices.pay(stripeId);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        invoice = await stripe.invoices.retrieve(stripeId);
      }
      await upsertStripeInvoice(scope, invoice, rows[0]!.subscription_id, stripeNow());
      return { invoice: (await loadInvoice(scope, invoiceId))!, payment: null };
    },

    async portalUrl(scope) {
      const account = await lockAccount(scope);
      const session = await stripe.billingPortal.sessions.create({
        customer: await customerOf(scope, account),
        return_url: `${scope.organisationWebUrl}/billing/overview`,
      });
      return session.url;
    },
  };
}
