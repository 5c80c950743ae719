import {
  BILLING_TAX_RATE_PERCENT,
  INVOICE_REASONS,
  type InvoiceLine,
  type InvoiceReason,
  type InvoiceStatus,
  type SubscriptionStatus,
} from '@fieldwork/contract';
import type Stripe from 'stripe';
import { newId } from '../../../platform/ids';
import type { Scope } from '../accounts';
import { fromUnix, idOf } from './client';

/**
 * Stripe objects written into our own tables, where the plan is computed from. Writes are
 * upserts keyed by the Stripe id; `at` (the event's creation time, or now for a fresh retrieve)
 * is kept so an older event arriving late never overwrites newer state.
 */

export function subscriptionStatusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
  }
  return 'incomplete'; // a status newer than this client
}

export function invoiceStatusOf(status: Stripe.Invoice.Status | null): InvoiceStatus | null {
  switch (status) {
    case 'open':
    case 'uncollectible':
      return 'open';
    case 'paid':
      return 'paid';
    case 'void':
      return 'void';
    case 'draft':
    case null:
      return null; // drafts are not shown
  }
  return null;
}

export async function upsertStripeSubscription(
  scope: Scope,
  subscription: Stripe.Subscription,
  at: Date,
): Promise<string> {
  const item = subscription.items.data[0];
  const status = subscriptionStatusOf(subscription.status);
  const periodEnd = fromUnix(item?.current_period_end);
  const unitAmount =
    item?.price.unit_amount ?? Number(String(item?.price.unit_amount_decimal ?? 0));
  const taxRate = subscription.default_tax_rates?.[0]?.percentage ?? BILLING_TAX_RATE_PERCENT;
  const startedAt = fromUnix(subscription.start_date);
  const { rows } = await scope.db.query<{ id: string }>(
    `INSERT INTO subscriptions (id, organisation_id, provider, stripe_id, stripe_item_id, status, seats,
       unit_amount, currency, tax_rate_percentage, billing_cycle_anchor, current_period_start,
       current_period_end, cancel_at, started_at, ended_at, stripe_event_at)
     VALUES ($1, $2, 'stripe', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (stripe_id) DO UPDATE SET
       stripe_item_id = EXCLUDED.stripe_item_id, status = EXCLUDED.status, seats = EXCLUDED.seats,
       unit_amount = EXCLUDED.unit_amount, tax_rate_percentage = EXCLUDED.tax_rate_percentage,
       current_period_start = EXCLUDED.current_period_start,
       current_period_end = EXCLUDED.current_period_end, cancel_at = EXCLUDED.cancel_at,
       ended_at = EXCLUDED.ended_at, stripe_event_at = EXCLUDED.stripe_event_at, updated_at = now()
     WHERE subscriptions.stripe_event_at IS NULL OR subscriptions.stripe_event_at <= EXCLUDED.stripe_event_at
     RETURNING id`,
    [
      newId(),
      scope.organisationId,
      subscription.id,
      item?.id ?? null,
      status,
      item?.quantity ?? 0,
      unitAmount,
      subscription.currency,
      taxRate,
      fromUnix(subscription.billing_cycle_anchor) ?? startedAt ?? at,
      fromUnix(item?.current_period_start),
      periodEnd,
      fromUnix(subscription.cancel_at) ?? (subscription.cancel_at_period_end ? periodEnd : null),
      startedAt,
      fromUnix(subscription.ended_at),
      at,
    ],
  );
  const id = rows[0]?.id ?? (await localSubscriptionId(scope, subscription.id))!;
  if (status === 'active' || status === 'past_due') {
    // A running trial ends when the subscription begins.
    await scope.db.query(
      `UPDATE trials SET ended_at = $2, updated_at = now() WHERE organisation_id = $1 AND ended_at > $2`,
      [scope.organisationId, startedAt ?? at],
    );
  }
  return id;
}

export async function localSubscriptionId(scope: Scope, stripeId: string): Promise<string | null> {
  const { rows } = await scope.db.query<{ id: string }>(
    'SELECT id FROM subscriptions WHERE organisation_id = $1 AND stripe_id = $2',
    [scope.organisationId, stripeId],
  );
  return rows[0]?.id ?? null;
}

export const subscriptionOfInvoice = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription);

function linesOf(invoice: Stripe.Invoice): InvoiceLine[] {
  return invoice.lines.data.map((line) => {
    const quantity = line.quantity ?? 1;
    return {
      description: line.description ?? '',
      quantity,
      unit_amount: quantity ? Math.round(line.amount / quantity) : line.amount,
      amount: line.amount,
      period_start: fromUnix(line.period.start)!.toISOString(),
      period_end: fromUnix(line.period.end)!.toISOString(),
      proration: line.parent?.subscription_item_details?.proration ?? false,
    };
  });
}

/** The seats an invoice is for: its non-proration subscription line, else the latest line's. */
function seatsOf(invoice: Stripe.Invoice, fallback: number): number {
  const lines = invoice.lines.data;
  const recurring = lines.find((line) => !line.parent?.subscription_item_details?.proration);
  return recurring?.quantity ?? fallback;
}

export async function upsertStripeInvoice(
  scope: Scope,
  invoice: Stripe.Invoice,
  subscriptionId: string | null,
  at: Date,
): Promise<string | null> {
  const status = invoiceStatusOf(invoice.status);
  if (!status || !invoice.number) return null;
  const { rows: subscriptions } = subscriptionId
    ? await scope.db.query<{ seats: number }>(
        'SELECT seats FROM subscriptions WHERE organisation_id = $1 AND id = $2',
        [scope.organisationId, subscriptionId],
      )
    : { rows: [] };
  const lines = linesOf(invoice);
  const date = fromUnix(invoice.status_transitions.finalized_at ?? invoice.created)!;
  const starts = invoice.lines.data.map((line) => line.period.start);
  const ends = invoice.lines.data.map((line) => line.period.end);
  const tax = (invoice.total_taxes ?? []).reduce((sum, entry) => sum + entry.amount, 0);
  const reason: InvoiceReason = (INVOICE_REASONS as readonly string[]).includes(
    invoice.billing_reason ?? '',
  )
    ? (invoice.billing_reason as InvoiceReason)
    : 'subscription_update';
  const { rows } = await scope.db.query<{ id: string }>(
    `INSERT INTO invoices (id, organisation_id, subscription_id, stripe_id, number, reason, seats, date,
       due_date, period_start, period_end, currency, sub_total, tax, total, amount_paid,
       amount_credited, amount_remaining, status, paid_at, lines, hosted_invoice_url,
       invoice_pdf_url, stripe_event_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
             $20, $21, $22, $23, $24)
     ON CONFLICT (stripe_id) DO UPDATE SET
       subscription_id = EXCLUDED.subscription_id, seats = EXCLUDED.seats, due_date = EXCLUDED.due_date,
       sub_total = EXCLUDED.sub_total, tax = EXCLUDED.tax, total = EXCLUDED.total,
       amount_paid = EXCLUDED.amount_paid, amount_credited = EXCLUDED.amount_credited,
       amount_remaining = EXCLUDED.amount_remaining, status = EXCLUDED.status,
       paid_at = EXCLUDED.paid_at, lines = EXCLUDED.lines,
       hosted_invoice_url = EXCLUDED.hosted_invoice_url, invoice_pdf_url = EXCLUDED.invoice_pdf_url,
       stripe_event_at = EXCLUDED.stripe_event_at, updated_at = now()
     WHERE invoices.stripe_event_at IS NULL OR invoices.stripe_event_at <= EXCLUDED.stripe_event_at
     RETURNING id`,
    [
      newId(),
      scope.organisationId,
      subscriptionId,
      invoice.id,
      invoice.number,
      reason,
      seatsOf(invoice, subscriptions[0]?.seats ?? 0),
      date,
      fromUnix(invoice.due_date) ?? date,
      fromUnix(starts.length ? Math.min(...starts) : invoice.period_start),
      fromUnix(ends.length ? Math.max(...ends) : invoice.period_end),
      invoice.currency,
      invoice.subtotal,
      tax,
      invoice.total,
      invoice.amount_paid,
      invoice.pre_payment_credit_notes_amount ?? 0,
      status === 'open' ? invoice.amount_remaining : 0,
      status,
      fromUnix(invoice.status_transitions.paid_at),
      JSON.stringify(lines),
      invoice.hosted_invoice_url ?? null,
      invoice.invoice_pdf ?? null,
      at,
    ],
  );
  if (rows[0]) return rows[0].id;
  const { rows: existing } = await scope.db.query<{ id: string }>(
    'SELECT id FROM invoices WHERE organisation_id = $1 AND stripe_id = $2',
    [scope.organisationId, invoice.id],
  );
  return existing[0]?.id ?? null;
}

/** A payment attempt Stripe reported (invoice.paid / invoice.payment_failed), once per event. */
export async function recordStripePayment(
  scope: Scope,
  invoiceId: string,
  eventId: string,
  succeeded: boolean,
  amount: number,
  at: Date,
  failureMessage: string | null,
) {
  await scope.db.query(
    `INSERT INTO payments (id, organisation_id, invoice_id, stripe_id, status, total, failure_message, attempted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (stripe_id) DO NOTHING`,
    [
      newId(),
      scope.organisationId,
      invoiceId,
      eventId,
      succeeded ? 'succeeded' : 'failed',
      amount,
      succeeded ? null : (failureMessage ?? 'The payment failed.'),
      at,
    ],
  );
}
