import { z } from 'zod';
import { idSchema, recordSchema, timestampSchema } from './common';
import { TAX_RATE_PERCENT, TRIAL_LENGTH_DAYS, type PlanStatus } from './enums';

/**
 * Plans and billing (platform §3, §4, §7, §9; docs/billing.md).
 *
 * Money is always an integer number of minor units (pence) of `currency` ("gbp"); the seat price
 * is Stripe's `unit_amount_decimal` string, "3600" = £36.00 per seat per month.
 */

export const BILLING_CURRENCY = 'gbp';
/** §9 "seat price 3600 (decimal unit amount) per month": pence, i.e. £36.00. */
export const SEAT_UNIT_AMOUNT_DECIMAL = '3600';
export const SEAT_PRICE_INTERVAL = 'month';
export const BILLING_TAX_RATE_PERCENT = TAX_RATE_PERCENT;
export const BILLING_TRIAL_DAYS = TRIAL_LENGTH_DAYS;
export const MAX_SEATS = 1000;
export const PLAN_NAME = 'Fieldwork';

export const BILLING_PROVIDERS = ['local', 'stripe'] as const;
export type BillingProviderKind = (typeof BILLING_PROVIDERS)[number];

/** Stripe's subscription lifecycle, kept by both providers. */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Invoice lifecycle: `open` (issued, money still owed), then `paid` (settled by payments and
 * credit notes) or `void` (cancelled; nothing owed). The spec's "issued" is every invoice here:
 * drafts are never shown.
 */
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Why an invoice was issued (Stripe's billing_reason). */
export const INVOICE_REASONS = [
  'subscription_create',
  'subscription_cycle',
  'subscription_update',
] as const;
export type InvoiceReason = (typeof INVOICE_REASONS)[number];

/** pre_payment: the invoice was open and owes less; post_payment: credited to the balance. */
export const CREDIT_NOTE_TYPES = ['pre_payment', 'post_payment'] as const;
export const PAYMENT_STATUSES = ['succeeded', 'failed'] as const;
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;

const money = z.number().int().describe('Minor units (pence) of the currency');

export const outstandingInvoicesSchema = z
  .object({
    total: money.describe('Amount still owed on open invoices, minor units'),
    count: z.number().int(),
    longest_overdue_by_days: z
      .number()
      .int()
      .describe('Whole days since the due date of the oldest open invoice (0 when none is due)'),
  })
  .meta({ id: 'OutstandingInvoices' });
export type OutstandingInvoices = z.infer<typeof outstandingInvoicesSchema>;

export const addressSchema = z
  .object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string().nullable().describe('ISO 3166-1 alpha-2'),
  })
  .meta({ id: 'BillingAddress' });

export const taxIdSchema = z
  .object({
    id: z.string(),
    country: z.string().nullable(),
    value: z.string(),
    type: z.string().describe('Stripe tax id type, e.g. gb_vat, eu_vat'),
  })
  .meta({ id: 'TaxId' });

export const paymentMethodSchema = z
  .object({
    type: z.literal('card'),
    last4: z.string(),
    brand: z.enum(CARD_BRANDS),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const billingDetailsSchema = z
  .object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    address: addressSchema,
    tax: taxIdSchema.nullable(),
    payment_method: paymentMethodSchema.nullable(),
  })
  .meta({ id: 'BillingDetails' });
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

export const TAX_ID_TYPES = ['gb_vat', 'eu_vat', 'au_abn', 'us_ein', 'ca_bn', 'nz_gst'] as const;

/** PUT /stripe_billing_data: the whole set (leaving a field out clears it); tax: null removes it. */
export const billingDetailsUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Required').max(255),
    email: z.string().trim().toLowerCase().pipe(z.email('Must be a valid e-mail address').max(255)),
    address: z
      .object({
        line1: z.string().trim().min(1, 'Required').max(255),
        line2: text(255),
        city: z.string().trim().min(1, 'Required').max(255),
        postal_code: z.string().trim().min(1, 'Required').max(20),
        country: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'Must be a two-letter country code'),
      })
      .strict(),
    tax: z
      .object({
        type: z.enum(TAX_ID_TYPES),
        value: z.string().trim().min(3, 'Too short').max(30),
      })
      .strict()
      .nullish()
      .transform((value) => value ?? null),
  })
  .strict()
  .meta({ id: 'BillingDetailsUpdate' });
export type BillingDetailsUpdate = z.input<typeof billingDetailsUpdateSchema>;

export const seatPriceSchema = z
  .object({
    interval: z.literal(SEAT_PRICE_INTERVAL),
    unit_amount_decimal: z.string().describe('Minor units per seat per interval, e.g. "3600"'),
    currency: z.string(),
  })
  .meta({ id: 'SeatPrice' });

export const priceSchema = seatPriceSchema
  .extend({
    id: z.string(),
    product_name: z.string(),
    tax_rate_percentage: z.number(),
  })
  .meta({ id: 'Price' });
export type Price = z.infer<typeof priceSchema>;

export const trialSchema = recordSchema
  .extend({
    organisation_id: idSchema,
    started_at: timestampSchema,
    ended_at: timestampSchema.describe('When the trial ends (or ended, if a subscription began)'),
  })
  .meta({ id: 'Trial' });
export type Trial = z.infer<typeof trialSchema>;

export const subscriptionSchema = recordSchema
  .extend({
    organisation_id: idSchema,
    provider: z.enum(BILLING_PROVIDERS),
    stripe_id: z.string().nullable(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    seats: z.number().int(),
    interval: z.literal(SEAT_PRICE_INTERVAL),
    current_period_start: timestampSchema.nullable(),
    current_period_end: timestampSchema.nullable(),
    started_at: timestampSchema.nullable(),
    ended_at: timestampSchema.nullable(),
    outstanding_invoices: outstandingInvoicesSchema,
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const scheduledChangeSchema = z
  .object({
    effective_at: timestampSchema,
    seats: z.number().int().nullable().describe('Seats from then on; null when it ends'),
    cancels: z.boolean(),
  })
  .meta({ id: 'ScheduledChange' });

export const subscriptionSummarySchema = z
  .object({
    subscription_id: idSchema,
    plan_name: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    interval: z.literal(SEAT_PRICE_INTERVAL),
    current_period_start: timestampSchema.nullable(),
    current_period_end: timestampSchema.nullable(),
    tax_rate_percentage: z.number(),
    seat_price: seatPriceSchema,
    seats: z.number().int(),
    scheduled_changes: z.array(scheduledChangeSchema),
    outstanding_invoices: outstandingInvoicesSchema,
    sub_total: money.describe('seats × seat price per interval'),
    taxes: money,
    total: money,
    currency: z.string(),
  })
  .meta({ id: 'SubscriptionSummary' });
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

export const invoiceLineSchema = z
  .object({
    description: z.string(),
    quantity: z.number().int(),
    unit_amount: money.describe('Per unit for the line period (prorated lines: per seat)'),
    amount: money,
    period_start: timestampSchema,
    period_end: timestampSchema,
    proration: z.boolean(),
  })
  .meta({ id: 'InvoiceLine' });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const creditNoteSummarySchema = z.object({
  id: idSchema,
  number: z.string(),
  date: timestampSchema,
  total: money,
});

export const invoiceSchema = recordSchema
  .extend({
    organisation_id: idSchema,
    subscription_id: idSchema.nullable(),
    stripe_id: z.string().nullable(),
    xero_id: z.string().nullable(),
    number: z.string(),
    reason: z.enum(INVOICE_REASONS),
    seats: z.number().int(),
    date: timestampSchema,
    due_date: timestampSchema,
    period_start: timestampSchema,
    period_end: timestampSchema,
    currency: z.string(),
    sub_total: money,
    tax: money,
    total: money,
    amount_paid: money,
    amount_credited: money.describe(
      "Taken off by pre-payment credit notes and the account's credit balance",
    ),
    amount_remaining: money,
    status: z.enum(INVOICE_STATUSES),
    paid_at: timestampSchema.nullable(),
    overdue_by_days: z
      .number()
      .int()
      .describe('Whole days past the due date while open; 0 otherwise'),
    lines: z.array(invoiceLineSchema),
    credit_notes: z.array(creditNoteSummarySchema),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

export const creditNoteSchema = recordSchema
  .extend({
    organisation_id: idSchema,
    invoice_id: idSchema,
    invoice_number: z.string(),
    stripe_id: z.string().nullable(),
    number: z.string(),
    date: timestampSchema,
    type: z.enum(CREDIT_NOTE_TYPES),
    reason: z.string(),
    seats: z.number().int().describe('Seats removed'),
    currency: z.string(),
    sub_total: money,
    tax: money,
    total: money,
    lines: z.array(invoiceLineSchema),
  })
  .meta({ id: 'CreditNote' });
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const paymentSchema = recordSchema
  .extend({
    organisation_id: idSchema,
    invoice_id: idSchema,
    stripe_id: z.string().nullable(),
    xero_id: z.string().nullable(),
    status: z.enum(PAYMENT_STATUSES),
    total: money,
    failure_message: z.string().nullable(),
    payment_method: paymentMethodSchema.nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const seatsOverviewSchema = z
  .object({
    status: z.enum([
      'NO_SUBSCRIPTION',
      'TRIAL',
      'TRIAL_ENDED',
      'ACTIVE',
      'ENDED',
    ] as const satisfies readonly PlanStatus[]),
    can_edit_seats: z.boolean(),
    total: z.number().int(),
    used: z.number().int(),
    available: z.number().int(),
    seat_price: seatPriceSchema,
  })
  .meta({ id: 'SeatsOverview' });
export type SeatsOverview = z.infer<typeof seatsOverviewSchema>;

const seatsField = z
  .number('Must be a number')
  .int('Must be a whole number')
  .min(1, 'At least 1 seat')
  .max(MAX_SEATS, `At most ${MAX_SEATS} seats`);

export const seatsBodySchema = z.object({ seats: seatsField }).meta({ id: 'SeatsBody' });
export type SeatsBody = z.infer<typeof seatsBodySchema>;

export const subscribeBodySchema = z
  .object({
    seats: seatsField,
    newFlow: z.boolean().optional().describe('Checkout returns to the setup area (Stripe)'),
  })
  .meta({ id: 'SubscribeBody' });
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/** The Luhn check of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * POST /update_payment_method. The local ledger needs a test card (the number is checked with
 * Luhn and never stored: only brand and last 4); Stripe ignores the body and answers a URL.
 */
export const updatePaymentMethodBodySchema = z
  .object({
    card_number: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine(passesLuhn, 'Not a valid card number')
      .optional(),
    exp_month: z.number().int().min(1, 'Must be 1–12').max(12, 'Must be 1–12').optional(),
    exp_year: z.number().int().min(2000).max(2100).optional(),
    cvc: z
      .string()
      .regex(/^\d{3,4}$/, 'Must be 3 or 4 digits')
      .optional(),
  })
  .meta({ id: 'UpdatePaymentMethodBody' });
export type UpdatePaymentMethodBody = z.input<typeof updatePaymentMethodBodySchema>;

export const validateCheckoutSessionBodySchema = z
  .object({ session_id: z.string().trim().min(1, 'Required').max(255) })
  .meta({ id: 'ValidateCheckoutSessionBody' });

export const seatChangePreviewSchema = z
  .object({
    current_seats: z.number().int(),
    seats: z.number().int(),
    type: z
      .enum(['invoice', 'credit_note', 'none'])
      .describe('invoice: more seats are charged now; credit_note: fewer seats are credited'),
    proration_date: timestampSchema,
    period_end: timestampSchema,
    prorated_days: z.number().int().describe('Days left in the period, charged or credited'),
    period_days: z.number().int(),
    lines: z.array(invoiceLineSchema),
    sub_total: money.describe('Non-negative; its direction is `type`'),
    tax: money,
    total: money,
    next_period_total: money.describe('What each following period costs with the new seats'),
    currency: z.string(),
  })
  .meta({ id: 'SeatChangePreview' });
export type SeatChangePreview = z.infer<typeof seatChangePreviewSchema>;

export const seatChangeResultSchema = z
  .object({
    subscription: subscriptionSchema,
    invoice: invoiceSchema.nullable(),
    credit_note: creditNoteSchema.nullable(),
  })
  .meta({ id: 'SeatChangeResult' });
export type SeatChangeResult = z.infer<typeof seatChangeResultSchema>;

/** Local ledger: data (and invoice) with url null; Stripe: url of the checkout page, data null. */
export const subscribeResultSchema = z
  .object({
    url: z.string().nullable(),
    data: subscriptionSchema.nullable(),
    invoice: invoiceSchema.nullable(),
  })
  .meta({ id: 'SubscribeResult' });
export type SubscribeResult = z.infer<typeof subscribeResultSchema>;

/** Local ledger: data with url null; Stripe: url of the portal page, data null. */
export const updatePaymentMethodResultSchema = z
  .object({ url: z.string().nullable(), data: billingDetailsSchema.nullable() })
  .meta({ id: 'UpdatePaymentMethodResult' });
export type UpdatePaymentMethodResult = z.infer<typeof updatePaymentMethodResultSchema>;

export const urlAnswerSchema = z.object({ url: z.string() }).meta({ id: 'UrlAnswer' });

/** Development tools of the local ledger (refused in production). */
export const ledgerAdvanceBodySchema = z
  .object({ days: z.number().int().min(1, 'At least 1 day').max(400, 'At most 400 days') })
  .meta({ id: 'LedgerAdvanceBody' });
export const ledgerFailBodySchema = z
  .object({ count: z.number().int().min(1).max(10).default(1) })
  .meta({ id: 'LedgerFailBody' });
export const ledgerStateSchema = z
  .object({
    now: timestampSchema.describe("The organisation's ledger clock"),
    clock_offset_days: z.number(),
    failing_payments: z.number().int(),
  })
  .meta({ id: 'LedgerState' });

/** Support staff: plan settings no customer may change. */
export const planSupportUpdateSchema = z
  .object({
    waived: z.boolean().optional(),
    overdue_ignored_until: z.iso.datetime({ offset: true }).nullable().optional(),
    customer_success_manager: z
      .object({ name: z.string().trim().min(1).max(255), email: z.email().max(255) })
      .nullable()
      .optional(),
  })
  .strict()
  .meta({ id: 'PlanSupportUpdate' });
