import type Stripe from 'stripe';
import { badRequest, notFound } from '../../../platform/errors';
import type { PublicContext } from '../../../platform/http/context';
import { lockAccount, type Scope } from '../accounts';
import { fromUnix, idOf, stripeClient } from './client';
import {
  localSubscriptionId,
  recordStripePayment,
  subscriptionOfInvoice,
  upsertStripeInvoice,
  upsertStripeSubscription,
} from './sync';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);
const INVOICE_EVENTS = new Set([
  'invoice.created',
  'invoice.finalized',
  'invoice.updated',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.voided',
  'invoice.marked_uncollectible',
  'invoice.overdue',
]);

/**
 * POST /webhooks/stripe. The signature is checked over the exact body; each event id is applied
 * once (stripe_events, in the same transaction as its effects, so a failure lets Stripe retry).
 * The event's customer names the organisation, which becomes the transaction's scope.
 */
export async function handleStripeWebhook(ctx: PublicContext, body: string, headers: Headers) {
  const settings = ctx.services.config.billing;
  if (settings.provider !== 'stripe' || !settings.stripeWebhookSecret) {
    throw notFound('Stripe webhooks are not configured; route');
  }
  const signature = headers['stripe-signature'];
  let event: Stripe.Event;
  try {
    event = stripeClient(settings).webhooks.constructEvent(
      body,
      typeof signature === 'string' ? signature : '',
      settings.stripeWebhookSecret,
    );
  } catch {
    throw badRequest('The webhook signature is missing or invalid.', 'bad_signature');
  }
  const { rows } = await ctx.db.query(
    `INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [event.id, event.type],
  );
  if (!rows.length) return { received: true, duplicate: true };
  await applyEvent(ctx, event);
  return { received: true, duplicate: false };
}

async function organisationOf(
  ctx: PublicContext,
  object: { customer?: unknown; metadata?: Stripe.Metadata | null },
): Promise<string | null> {
  const customer = idOf(object.customer as string | { id: string } | null | undefined);
  if (customer) {
    const { rows } = await ctx.db.query<{ organisation_id: string | null }>(
      'SELECT organisation_of_stripe_customer($1) AS organisation_id',
      [customer],
    );
    if (rows[0]?.organisation_id) return rows[0].organisation_id;
  }
  return null;
}

async function enter(ctx: PublicContext, organisationId: string): Promise<Scope> {
  await ctx.db.query(`SELECT set_config('app.organisation_id', $1, true)`, [organisationId]);
  const scope = { db: ctx.db, organisationId };
  await lockAccount(scope);
  return scope;
}

async function applyEvent(ctx: PublicContext, event: Stripe.Event) {
  const at = fromUnix(event.created)!;
  const stripe = stripeClient(ctx.services.config.billing);

  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    const organisationId = await organisationOf(ctx, session);
    if (!organisationId || session.client_reference_id !== organisationId) return;
    const subscriptionId = idOf(session.subscription);
    if (!subscriptionId) return;
    const scope = await enter(ctx, organisationId);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice'],
    });
    const id = await upsertStripeSubscription(scope, subscription, at);
    const latest = subscription.latest_invoice;
    if (latest && typeof latest !== 'string') await upsertStripeInvoice(scope, latest, id, at);
    return;
  }

  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const subscription = event.data.object as Stripe.Subscription;
    const organisationId = await organisationOf(ctx, subscription);
    if (!organisationId) return;
    await upsertStripeSubscription(await enter(ctx, organisationId), subscription, at);
    return;
  }

  if (INVOICE_EVENTS.has(event.type)) {
    const invoice = event.data.object as Stripe.Invoice;
    const organisationId = await organisationOf(ctx, invoice);
    if (!organisationId) return;
    const scope = await enter(ctx, organisationId);
    const stripeSubscription = subscriptionOfInvoice(invoice);
    let subscriptionId = stripeSubscription
      ? await localSubscriptionId(scope, stripeSubscription)
      : null;
    if (stripeSubscription && !subscriptionId) {
      // The invoice came first: fetch its subscription so the invoice can point at it.
      subscriptionId = await upsertStripeSubscription(
        scope,
        await stripe.subscriptions.retrieve(stripeSubscription),
        at,
      );
    }
    const invoiceId = await upsertStripeInvoice(scope, invoice, subscriptionId, at);
    if (invoiceId && (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed')) {
      const paid = event.type === 'invoice.paid';
      await recordStripePayment(
        scope,
        invoiceId,
        event.id,
        paid,
        paid ? invoice.amount_paid : invoice.amount_remaining,
        new Date(), // when we learned of it: orders attempts reported in the same second
        paid ? null : (invoice.last_finalization_error?.message ?? null),
      );
    }
  }
}
