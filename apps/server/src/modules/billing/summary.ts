import { PLAN_NAME, type SubscriptionSummary } from '@fieldwork/contract';
import type { Scope } from './accounts';
import { taxOf } from './ledger/money';
import { currentSubscription, outstandingInvoices } from './records';

/**
 * The Subscription summary of platform §3 from our own rows (both providers keep them): the
 * recurring amount of the current seats, what is still owed, and changes waiting for a date.
 */
export async function subscriptionSummary(scope: Scope): Promise<SubscriptionSummary | null> {
  const subscription = await currentSubscription(scope);
  if (!subscription) return null;
  const subTotal = subscription.seats * subscription.unit_amount;
  const taxes = taxOf(subTotal, subscription.tax_rate_percentage);
  const live = subscription.status === 'active' || subscription.status === 'past_due';
  return {
    subscription_id: subscription.id,
    plan_name: PLAN_NAME,
    status: subscription.status,
    interval: 'month',
    current_period_start: subscription.current_period_start?.toISOString() ?? null,
    current_period_end: subscription.current_period_end?.toISOString() ?? null,
    tax_rate_percentage: subscription.tax_rate_percentage,
    seat_price: {
      interval: 'month',
      unit_amount_decimal: String(subscription.unit_amount),
      currency: subscription.currency,
    },
    seats: subscription.seats,
    scheduled_changes:
      live && subscription.cancel_at
        ? [{ effective_at: subscription.cancel_at.toISOString(), seats: null, cancels: true }]
        : [],
    outstanding_invoices: await outstandingInvoices(scope),
    sub_total: subTotal,
    taxes,
    total: subTotal + taxes,
    currency: subscription.currency,
  };
}
