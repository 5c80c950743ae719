import {
  creditNoteSchema,
  invoiceSchema,
  paymentSchema,
  type CreditNote,
  type Invoice,
  type OutstandingInvoices,
  type Subscription,
} from '@fieldwork/contract';
import { z } from 'zod';
import {
  defineResource,
  hasMany,
  isoTimestampSql,
  present,
  selectList,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import type { Scope } from './accounts';
import { clockAt, wholeDaysBetween } from './clock';

/** Invoices, credit notes and payments are written by the billing providers only: read-only here. */
const readOnly = z.object({});

/** The organisation's billing clock in SQL (see clock.ts), for rows aliased `t`. */
const CLOCK_NOW = `(now() + make_interval(secs => coalesce((SELECT a.clock_offset_seconds
  FROM billing_accounts a WHERE a.organisation_id = t.organisation_id), 0)::float8))`;

export const paymentsResource: ResourceDeclaration = defineResource({
  name: 'payments',
  label: 'Payment',
  table: 'payments',
  record: paymentSchema,
  create: readOnly,
  update: readOnly,
  fields: {
    organisation_id: { type: 'id' },
    invoice_id: { type: 'id', filter: true },
    stripe_id: { type: 'text' },
    xero_id: { type: 'text' },
    status: { type: 'text', filter: true },
    total: { type: 'integer' },
    failure_message: { type: 'text' },
    payment_method: {
      type: 'json',
      sql: `(t.payment_method - 'behaviour')`,
    },
    attempted_at: { type: 'timestamp', sort: true },
  },
  defaultSort: 'attempted_at',
  verbs: ['list'],
  access: { read: 'ADMIN', write: 'ADMIN' },
});

export const invoicesResource: ResourceDeclaration = defineResource({
  name: 'invoices',
  label: 'Invoice',
  table: 'invoices',
  record: invoiceSchema,
  create: readOnly,
  update: readOnly,
  fields: {
    organisation_id: { type: 'id' },
    subscription_id: { type: 'id', filter: true },
    stripe_id: { type: 'text' },
    xero_id: { type: 'text' },
    number: { type: 'text', filter: true, sort: true },
    reason: { type: 'text', filter: true },
    seats: { type: 'integer' },
    date: { type: 'timestamp', sort: true },
    due_date: { type: 'timestamp', sort: true },
    period_start: { type: 'timestamp' },
    period_end: { type: 'timestamp' },
    currency: { type: 'text' },
    sub_total: { type: 'integer', sum: true },
    tax: { type: 'integer', sum: true },
    total: { type: 'integer', sort: true, sum: true },
    amount_paid: { type: 'integer', sum: true },
    amount_credited: { type: 'integer', sum: true },
    amount_remaining: { type: 'integer', sort: true, sum: true },
    status: { type: 'text', filter: true },
    paid_at: { type: 'timestamp' },
    overdue_by_days: {
      type: 'integer',
      sql: `(CASE WHEN t.status = 'open'
        THEN greatest(0, floor(extract(epoch FROM (${CLOCK_NOW} - t.due_date)) / 86400))::int
        ELSE 0 END)`,
    },
    lines: { type: 'json' },
    credit_notes: {
      type: 'json',
      sql: `(SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'number', c.number,
          'date', ${isoTimestampSql('c.date')}, 'total', c.total) ORDER BY c.date, c.id), '[]'::jsonb)
          FROM credit_notes c WHERE c.organisation_id = t.organisation_id AND c.invoice_id = t.id)`,
    },
  },
  expand: { payments: hasMany(() => paymentsResource, 'invoice_id') },
  defaultSort: '-date',
  verbs: ['list', 'get'],
  access: { read: 'ADMIN', write: 'ADMIN' },
});

export const creditNotesResource: ResourceDeclaration = defineResource({
  name: 'credit_notes',
  label: 'Credit note',
  table: 'credit_notes',
  record: creditNoteSchema,
  create: readOnly,
  update: readOnly,
  fields: {
    organisation_id: { type: 'id' },
    invoice_id: { type: 'id', filter: true },
    invoice_number: {
      type: 'text',
      sql: `(SELECT i.number FROM invoices i WHERE i.organisation_id = t.organisation_id AND i.id = t.invoice_id)`,
    },
    stripe_id: { type: 'text' },
    number: { type: 'text', filter: true, sort: true },
    date: { type: 'timestamp', sort: true },
    type: { type: 'text', filter: true },
    reason: { type: 'text' },
    seats: { type: 'integer' },
    currency: { type: 'text' },
    sub_total: { type: 'integer', sum: true },
    tax: { type: 'integer', sum: true },
    total: { type: 'integer', sort: true, sum: true },
    lines: { type: 'json' },
  },
  defaultSort: '-date',
  verbs: ['list', 'get'],
  access: { read: 'ADMIN', write: 'ADMIN' },
});

async function loadMany<T>(scope: Scope, declaration: ResourceDeclaration, ids: string[]) {
  if (!ids.length) return [];
  const { rows } = await scope.db.query(
    `SELECT ${selectList(declaration)} FROM ${declaration.table} t
      WHERE t.organisation_id = $1 AND t.id = ANY($2::text[])`,
    [scope.organisationId, ids],
  );
  const byId = new Map(rows.map((row) => [row.id as string, present(row) as unknown as T]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const loadInvoice = async (scope: Scope, id: string) =>
  (await loadMany<Invoice>(scope, invoicesResource, [id]))[0] ?? null;

export const loadCreditNote = async (scope: Scope, id: string) =>
  (await loadMany<CreditNote>(scope, creditNotesResource, [id]))[0] ?? null;

/** Money still owed on open invoices, and how long the oldest has been due, by the org's clock. */
export async function outstandingInvoices(scope: Scope): Promise<OutstandingInvoices> {
  const { rows } = await scope.db.query<{
    total: string | null;
    count: number;
    oldest: Date | null;
    offset: number;
  }>(
    `SELECT sum(amount_remaining) AS total, count(*)::int AS count, min(due_date) AS oldest,
            coalesce((SELECT clock_offset_seconds FROM billing_accounts WHERE organisation_id = $1), 0)::float8 AS offset
       FROM invoices WHERE organisation_id = $1 AND status = 'open'`,
    [scope.organisationId],
  );
  const row = rows[0]!;
  return {
    total: Number(row.total ?? 0),
    count: row.count,
    longest_overdue_by_days: row.oldest ? wholeDaysBetween(row.oldest, clockAt(row.offset)) : 0,
  };
}

export interface SubscriptionRow {
  id: string;
  organisation_id: string;
  provider: 'local' | 'stripe';
  stripe_id: string | null;
  stripe_item_id: string | null;
  status: Subscription['status'];
  seats: number;
  unit_amount: number;
  currency: string;
  tax_rate_percentage: number;
  billing_cycle_anchor: Date;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at: Date | null;
  started_at: Date | null;
  ended_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const SUBSCRIPTION_COLUMNS = `id, organisation_id, provider, stripe_id, stripe_item_id, status, seats,
  unit_amount, currency, tax_rate_percentage::float8 AS tax_rate_percentage, billing_cycle_anchor,
  current_period_start, current_period_end, cancel_at, started_at, ended_at, created_at, updated_at`;

/** The live subscription (active or past due), or else the latest ended one; null if never. */
export async function currentSubscription(
  scope: Scope,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow | null> {
  const { rows } = await scope.db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions
      WHERE organisation_id = $1 AND status <> 'incomplete'
      ORDER BY (status IN ('active', 'past_due')) DESC, created_at DESC, id DESC
      LIMIT 1${options.lock ? ' FOR UPDATE' : ''}`,
    [scope.organisationId],
  );
  return rows[0] ?? null;
}

export async function subscriptionById(scope: Scope, id: string): Promise<SubscriptionRow | null> {
  const { rows } = await scope.db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE organisation_id = $1 AND id = $2`,
    [scope.organisationId, id],
  );
  return rows[0] ?? null;
}

export const isLive = (subscription: SubscriptionRow | null): subscription is SubscriptionRow =>
  subscription !== null && (subscription.status === 'active' || subscription.status === 'past_due');

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

export async function presentSubscription(
  scope: Scope,
  row: SubscriptionRow,
): Promise<Subscription> {
  return {
    id: row.id,
    organisation_id: row.organisation_id,
    provider: row.provider,
    stripe_id: row.stripe_id,
    status: row.status,
    seats: row.seats,
    interval: 'month',
    current_period_start: isoOrNull(row.current_period_start),
    current_period_end: isoOrNull(row.current_period_end),
    started_at: isoOrNull(row.started_at),
    ended_at: isoOrNull(row.ended_at),
    outstanding_invoices: await outstandingInvoices(scope),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
