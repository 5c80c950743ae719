import {
  BILLING_CURRENCY,
  BILLING_TAX_RATE_PERCENT,
  PLAN_NAME,
  SEAT_PRICE_INTERVAL,
  SEAT_UNIT_AMOUNT_DECIMAL,
  type CreditNote,
  type Invoice,
  type InvoiceLine,
  type InvoiceReason,
  type Payment,
  type SeatChangePreview,
} from '@fieldwork/contract';
import { conflict, notFound, validationFailure } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import { present } from '../../../platform/resource-kit';
import {
  lockAccount,
  nextNumber,
  presentBillingDetails,
  readAccount,
  type BillingAccount,
  type Scope,
} from '../accounts';
import { addMonths, clockAt } from '../clock';
import type { BillingProvider, BillingScope } from '../provider';
import {
  currentSubscription,
  isLive,
  loadCreditNote,
  loadInvoice,
  presentSubscription,
  type SubscriptionRow,
} from '../records';
import { assertSeatsCover } from '../seats';
import { checkCard } from './cards';
import { periodLine, prorate, prorationLine, taxOf, type Proration } from './money';

const UNIT_AMOUNT = Number(SEAT_UNIT_AMOUNT_DECIMAL);
/** Renewals issued by one call at most; a longer gap catches up over the following calls. */
const MAX_RENEWALS_PER_SYNC = 24;

/** The embedded ledger: a real subscription book-keeper in our own tables (docs/billing.md). */
export function localLedger(): BillingProvider {
  return {
    kind: 'local',

    async prices() {
      return [
        {
          id: 'local_seat_monthly',
          product_name: `${PLAN_NAME} seat`,
          interval: SEAT_PRICE_INTERVAL,
          unit_amount_decimal: SEAT_UNIT_AMOUNT_DECIMAL,
          currency: BILLING_CURRENCY,
          tax_rate_percentage: BILLING_TAX_RATE_PERCENT,
        },
      ];
    },

    async sync(scope) {
      await renewDuePeriods(scope, await lockAccount(scope));
    },

    async billingDetails(scope) {
      return presentBillingDetails(await readAccount(scope));
    },

    async updateBillingDetails(scope, input) {
      const account = await lockAccount(scope);
      const tax = input.tax
        ? {
            id:
              account.tax?.type === input.tax.type && account.tax.value === input.tax.value
                ? account.tax.id
                : `txi_local_${newId()}`,
            country: taxCountry(input.tax.type, input.tax.value),
            value: input.tax.value,
            type: input.tax.type,
          }
        : null;
      await scope.db.query(
        `UPDATE billing_accounts SET name = $2, email = $3, address = $4, tax = $5, updated_at = now()
          WHERE organisation_id = $1`,
        [
          scope.organisationId,
          input.name,
          input.email,
          JSON.stringify(input.address),
          tax ? JSON.stringify(tax) : null,
        ],
      );
      return presentBillingDetails(await lockAccount(scope));
    },

    async subscribe(scope, input) {
      const account = await lockAccount(scope);
      if (isLive(await currentSubscription(scope, { lock: true }))) {
        throw conflict('The organisation already has a subscription.', 'already_subscribed');
      }
      await assertSeatsCover(scope, input.seats);
      const now = clockAt(account.clock_offset_seconds);
      const end = addMonths(now, 1);
      const id = newId();
      await scope.db.query(
        `INSERT INTO subscriptions (id, organisation_id, provider, status, seats, unit_amount, currency,
           tax_rate_percentage, billing_cycle_anchor, current_period_start, current_period_end, started_at)
         VALUES ($1, $2, 'local', 'active', $3, $4, $5, $6, $7, $7, $8, $7)`,
        [
          id,
          scope.organisationId,
          input.seats,
          UNIT_AMOUNT,
          BILLING_CURRENCY,
          BILLING_TAX_RATE_PERCENT,
          now,
          end,
        ],
      );
      // A running trial ends when the subscription begins.
      await scope.db.query(
        `UPDATE trials SET ended_at = $2, updated_at = now() WHERE organisation_id = $1 AND ended_at > $2`,
        [scope.organisationId, now],
      );
      const subscription = (await currentSubscription(scope, { lock: true }))!;
      const invoiceId = await issueInvoice(scope, account, subscription, {
        reason: 'subscription_create',
        seats: input.seats,
        date: now,
        periodStart: now,
        periodEnd: end,
        lines: [periodLine(input.seats, UNIT_AMOUNT, now, end)],
      });
      await charge(scope, account, invoiceId, now);
      const after = (await currentSubscription(scope))!;
      return {
        url: null,
        data: await presentSubscription(scope, after),
        invoice: await loadInvoice(scope, invoiceId),
      };
    },

    async previewSeats(scope, seats) {
      const account = await lockAccount(scope);
      await renewDuePeriods(scope, account);
      const subscription = await liveSubscription(scope);
      await assertSeatsCover(scope, seats);
      const now = clockAt(account.clock_offset_seconds);
      return previewOf(subscription, seats, now);
    },

    async updateSeats(scope, seats) {
      const account = await lockAccount(scope);
      await renewDuePeriods(scope, account);
      const subscription = await liveSubscription(scope);
      await assertSeatsCover(scope, seats);
      const now = clockAt(account.clock_offset_seconds);
      const proration = prorationOf(subscription, seats, now);
      let invoice: Invoice | null = null;
      let creditNote: CreditNote | null = null;
      await scope.db.query(
        `UPDATE subscriptions SET seats = $3, updated_at = now() WHERE organisation_id = $1 AND id = $2`,
        [scope.organisationId, subscription.id, seats],
      );
      if (proration.delta > 0 && proration.subTotal > 0) {
        const invoiceId = await issueInvoice(scope, account, subscription, {
          reason: 'subscription_update',
          seats,
          date: now,
          periodStart: now,
          periodEnd: subscription.current_period_end!,
          lines: [prorationLine(proration, now, subscription.current_period_end!)],
        });
        await charge(scope, account, invoiceId, now);
        invoice = await loadInvoice(scope, invoiceId);
      } else if (proration.delta < 0 && proration.subTotal > 0) {
        const creditNoteId = await issueCreditNote(scope, account, subscription, proration, now);
        creditNote = await loadCreditNote(scope, creditNoteId);
      }
      await refreshStatus(scope, subscription.id);
      return {
        subscription: await presentSubscription(scope, (await currentSubscription(scope))!),
        invoice,
        credit_note: creditNote,
      };
    },

    async updatePaymentMethod(scope, card) {
      const account = await lockAccount(scope);
      const now = clockAt(account.clock_offset_seconds);
      const checked = checkCard(card, now);
      if (!checked.ok) {
        throw validationFailure([
          { field: checked.field, message: checked.message, code: checked.code },
        ]);
      }
      await scope.db.query(
        `UPDATE billing_accounts SET payment_method = $2, updated_at = now() WHERE organisation_id = $1`,
        [scope.organisationId, JSON.stringify(checked.method)],
      );
      account.payment_method = checked.method;
      // A new card settles what is owed, oldest first (as Stripe retries open invoices).
      await renewDuePeriods(scope, account);
      const { rows } = await scope.db.query<{ id: string }>(
        `SELECT id FROM invoices WHERE organisation_id = $1 AND status = 'open'
          ORDER BY due_date, id LIMIT 100`,
        [scope.organisationId],
      );
      for (const { id } of rows) {
        if (!(await charge(scope, account, id, now))) break;
      }
      return { url: null, data: presentBillingDetails(account) };
    },

    async validateCheckoutSession() {
      throw validationFailure([
        {
          field: 'session_id',
          message: 'The local ledger has no checkout sessions: subscribe answers the subscription.',
          code: 'not_found',
        },
      ]);
    },

    async payInvoice(scope, invoiceId) {
      const account = await lockAccount(scope);
      const invoice = await loadInvoice(scope, invoiceId);
      if (!invoice) throw notFound('Invoice');
      if (invoice.status !== 'open') {
        throw conflict(`The invoice is ${invoice.status}, not open.`, 'invoice_not_open');
      }
      const now = clockAt(account.clock_offset_seconds);
      await charge(scope, account, invoiceId, now);
      return {
        invoice: (await loadInvoice(scope, invoiceId))!,
        payment: await latestPayment(scope, invoiceId),
      };
    },

    async portalUrl(scope: BillingScope) {
      return `${scope.organisationWebUrl}/billing/payment-method`;
    },
  };
}

function taxCountry(type: string, value: string): string | null {
  if (type === 'eu_vat') return /^[A-Z]{2}/i.test(value) ? value.slice(0, 2).toUpperCase() : null;
  if (type === 'gb_vat') return 'GB';
  return type.slice(0, 2).toUpperCase();
}

async function liveSubscription(scope: Scope): Promise<SubscriptionRow> {
  const subscription = await currentSubscription(scope, { lock: true });
  if (!isLive(subscription)) {
    throw conflict('The organisation has no live subscription.', 'no_subscription');
  }
  return subscription;
}

function prorationOf(subscription: SubscriptionRow, seats: number, now: Date): Proration {
  return prorate({
    unitAmount: subscription.unit_amount,
    seatsFrom: subscription.seats,
    seatsTo: seats,
    periodStart: subscription.current_period_start!,
    periodEnd: subscription.current_period_end!,
    at: now,
  });
}

export function previewOf(
  subscription: SubscriptionRow,
  seats: number,
  now: Date,
): SeatChangePreview {
  const proration = prorationOf(subscription, seats, now);
  const end = subscription.current_period_end!;
  const subTotal = proration.subTotal;
  const tax = taxOf(subTotal, subscription.tax_rate_percentage);
  const recurring = seats * subscription.unit_amount;
  return {
    current_seats: subscription.seats,
    seats,
    type:
      proration.delta === 0 || subTotal === 0
        ? 'none'
        : proration.delta > 0
          ? 'invoice'
          : 'credit_note',
    proration_date: now.toISOString(),
    period_end: end.toISOString(),
    prorated_days: proration.proratedDays,
    period_days: proration.periodDays,
    lines: proration.delta === 0 ? [] : [prorationLine(proration, now, end)],
    sub_total: subTotal,
    tax,
    total: subTotal + tax,
    next_period_total: recurring + taxOf(recurring, subscription.tax_rate_percentage),
    currency: subscription.currency,
  };
}

/**
 * Issues the invoices of every period that has begun by the organisation's clock (dated at the
 * period's start, so overdue days count from then) and charges them.
 */
async function renewDuePeriods(scope: Scope, account: BillingAccount) {
  const now = clockAt(account.clock_offset_seconds);
  for (let renewals = 0; renewals < MAX_RENEWALS_PER_SYNC; renewals++) {
    const subscription = await currentSubscription(scope, { lock: true });
    if (!isLive(subscription) || subscription.provider !== 'local') return;
    const start = subscription.current_period_end!;
    if (start > now) return;
    const index = monthsBetween(subscription.billing_cycle_anchor, start) + 1;
    const end = addMonths(subscription.billing_cycle_anchor, index);
    await scope.db.query(
      `UPDATE subscriptions SET current_period_start = $3, current_period_end = $4, updated_at = now()
        WHERE organisation_id = $1 AND id = $2`,
      [scope.organisationId, subscription.id, start, end],
    );
    const invoiceId = await issueInvoice(scope, account, subscription, {
      reason: 'subscription_cycle',
      seats: subscription.seats,
      date: start,
      periodStart: start,
      periodEnd: end,
      lines: [periodLine(subscription.seats, subscription.unit_amount, start, end)],
    });
    await charge(scope, account, invoiceId, now);
  }
}

/** Which monthly boundary of the anchor `boundary` is (0 for the anchor itself). */
function monthsBetween(anchor: Date, boundary: Date): number {
  let months =
    (boundary.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    boundary.getUTCMonth() -
    anchor.getUTCMonth();
  while (months > 0 && addMonths(anchor, months) > boundary) months--;
  while (addMonths(anchor, months + 1) <= boundary) months++;
  return months;
}

interface InvoiceDraft {
  reason: InvoiceReason;
  seats: number;
  date: Date;
  periodStart: Date;
  periodEnd: Date;
  lines: InvoiceLine[];
}

/** Numbers and writes an invoice; the account's credit balance is taken off first. */
async function issueInvoice(
  scope: Scope,
  account: BillingAccount,
  subscription: SubscriptionRow,
  draft: InvoiceDraft,
): Promise<string> {
  const subTotal = draft.lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = taxOf(subTotal, subscription.tax_rate_percentage);
  const total = subTotal + tax;
  const credited = Math.min(account.credit_balance, total);
  if (credited > 0) {
    account.credit_balance -= credited;
    await scope.db.query(
      `UPDATE billing_accounts SET credit_balance = credit_balance - $2, updated_at = now()
        WHERE organisation_id = $1`,
      [scope.organisationId, credited],
    );
  }
  const remaining = total - credited;
  const id = newId();
  await scope.db.query(
    `INSERT INTO invoices (id, organisation_id, subscription_id, number, reason, seats, date, due_date,
       period_start, period_end, currency, sub_total, tax, total, amount_credited, amount_remaining,
       status, paid_at, lines)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [
      id,
      scope.organisationId,
      subscription.id,
      await nextNumber(scope, 'invoice'),
      draft.reason,
      draft.seats,
      draft.date,
      draft.periodStart,
      draft.periodEnd,
      subscription.currency,
      subTotal,
      tax,
      total,
      credited,
      remaining,
      remaining === 0 ? 'paid' : 'open',
      remaining === 0 ? draft.date : null,
      JSON.stringify(draft.lines),
    ],
  );
  return id;
}

/**
 * Tries to collect an open invoice's remaining amount from the card on file. Without a card
 * nothing is attempted; a failing card (or the fail-next tool) records a failed payment and the
 * invoice stays open. Answers whether the invoice is paid.
 */
async function charge(
  scope: Scope,
  account: BillingAccount,
  invoiceId: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await scope.db.query<{
    amount_remaining: number;
    status: string;
    subscription_id: string | null;
  }>(
    `SELECT amount_remaining, status, subscription_id FROM invoices
      WHERE organisation_id = $1 AND id = $2 FOR UPDATE`,
    [scope.organisationId, invoiceId],
  );
  const invoice = rows[0];
  if (!invoice || invoice.status !== 'open') return invoice?.status === 'paid';
  const method = account.payment_method;
  if (!method) return false;
  let failure: string | null = null;
  if (account.failing_payments > 0) {
    account.failing_payments -= 1;
    await scope.db.query(
      `UPDATE billing_accounts SET failing_payments = failing_payments - 1, updated_at = now()
        WHERE organisation_id = $1`,
      [scope.organisationId],
    );
    failure = 'The payment failed (told to fail by the development tool).';
  } else if (method.behaviour === 'fails') {
    failure = 'Your card was declined.';
  }
  const { behaviour: _, ...shown } = method;
  await scope.db.query(
    `INSERT INTO payments (id, organisation_id, invoice_id, status, total, failure_message,
       payment_method, attempted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      newId(),
      scope.organisationId,
      invoiceId,
      failure ? 'failed' : 'succeeded',
      invoice.amount_remaining,
      failure,
      JSON.stringify(shown),
      now,
    ],
  );
  if (!failure) {
    await scope.db.query(
      `UPDATE invoices SET amount_paid = amount_paid + amount_remaining, amount_remaining = 0,
              status = 'paid', paid_at = $3, updated_at = now()
        WHERE organisation_id = $1 AND id = $2`,
      [scope.organisationId, invoiceId, now],
    );
  }
  if (invoice.subscription_id) await refreshStatus(scope, invoice.subscription_id);
  return !failure;
}

/** past_due while any of the subscription's invoices is open, active otherwise. */
async function refreshStatus(scope: Scope, subscriptionId: string) {
  await scope.db.query(
    `UPDATE subscriptions s
        SET status = CASE WHEN EXISTS (SELECT 1 FROM invoices i WHERE i.organisation_id = s.organisation_id
                            AND i.subscription_id = s.id AND i.status = 'open')
                          THEN 'past_due' ELSE 'active' END,
            updated_at = now()
      WHERE s.organisation_id = $1 AND s.id = $2 AND s.status IN ('active', 'past_due')`,
    [scope.organisationId, subscriptionId],
  );
}

/**
 * Credits the removed seats' unused days against the invoice of the current period: while that
 * invoice is open it owes less (pre-payment; anything beyond what it still owes goes to the
 * balance), once paid the whole credit goes to the account balance (post-payment).
 */
async function issueCreditNote(
  scope: Scope,
  account: BillingAccount,
  subscription: SubscriptionRow,
  proration: Proration,
  now: Date,
): Promise<string> {
  const { rows } = await scope.db.query<{ id: string; status: string; amount_remaining: number }>(
    `SELECT id, status, amount_remaining FROM invoices
      WHERE organisation_id = $1 AND subscription_id = $2 AND status <> 'void'
      ORDER BY (period_end = $3) DESC, date DESC, id DESC LIMIT 1 FOR UPDATE`,
    [scope.organisationId, subscription.id, subscription.current_period_end],
  );
  const target = rows[0]!;
  const subTotal = proration.subTotal;
  const tax = taxOf(subTotal, subscription.tax_rate_percentage);
  const total = subTotal + tax;
  const prePayment = target.status === 'open';
  const applied = prePayment ? Math.min(total, target.amount_remaining) : 0;
  if (applied > 0) {
    await scope.db.query(
      `UPDATE invoices SET amount_credited = amount_credited + $3, amount_remaining = amount_remaining - $3,
              status = CASE WHEN amount_remaining - $3 = 0 THEN 'paid' ELSE status END,
              paid_at = CASE WHEN amount_remaining - $3 = 0 THEN $4::timestamptz ELSE paid_at END,
              updated_at = now()
        WHERE organisation_id = $1 AND id = $2`,
      [scope.organisationId, target.id, applied, now],
    );
  }
  const toBalance = total - applied;
  if (toBalance > 0) {
    account.credit_balance += toBalance;
    await scope.db.query(
      `UPDATE billing_accounts SET credit_balance = credit_balance + $2, updated_at = now()
        WHERE organisation_id = $1`,
      [scope.organisationId, toBalance],
    );
  }
  const id = newId();
  await scope.db.query(
    `INSERT INTO credit_notes (id, organisation_id, invoice_id, number, date, type, reason, seats,
       currency, sub_total, tax, total, lines)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      id,
      scope.organisationId,
      target.id,
      await nextNumber(scope, 'credit_note'),
      now,
      prePayment ? 'pre_payment' : 'post_payment',
      'Seats removed during the period',
      Math.abs(proration.delta),
      subscription.currency,
      subTotal,
      tax,
      total,
      JSON.stringify([prorationLine(proration, now, subscription.current_period_end!)]),
    ],
  );
  return id;
}

async function latestPayment(scope: Scope, invoiceId: string): Promise<Payment | null> {
  const { rows } = await scope.db.query(
    `SELECT id, organisation_id, invoice_id, stripe_id, xero_id, status, total, failure_message,
            payment_method - 'behaviour' AS payment_method, attempted_at, created_at, updated_at
       FROM payments WHERE organisation_id = $1 AND invoice_id = $2
      ORDER BY attempted_at DESC, created_at DESC, id DESC LIMIT 1`,
    [scope.organisationId, invoiceId],
  );
  return rows[0] ? (present(rows[0]) as unknown as Payment) : null;
}

/** Development tools (refused in production by the routes). */
export async function failNextPayments(scope: Scope, count: number) {
  await lockAccount(scope);
  await scope.db.query(
    `UPDATE billing_accounts SET failing_payments = failing_payments + $2, updated_at = now()
      WHERE organisation_id = $1`,
    [scope.organisationId, count],
  );
  return ledgerState(scope);
}

export async function advanceClock(scope: Scope, days: number) {
  await lockAccount(scope);
  await scope.db.query(
    `UPDATE billing_accounts SET clock_offset_seconds = clock_offset_seconds + $2, updated_at = now()
      WHERE organisation_id = $1`,
    [scope.organisationId, days * 86_400],
  );
  return ledgerState(scope);
}

export async function ledgerState(scope: Scope) {
  const account = await lockAccount(scope);
  return {
    now: clockAt(account.clock_offset_seconds).toISOString(),
    clock_offset_days: account.clock_offset_seconds / 86_400,
    failing_payments: account.failing_payments,
  };
}
