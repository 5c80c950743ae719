import type { BillingDetails, PaymentMethod } from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';

/** The organisation in scope and its transaction: what every billing operation works within. */
export interface Scope {
  db: Queryable;
  organisationId: string;
}

/** A card on file: what is shown, plus how the local ledger's test card behaves when charged. */
export interface StoredPaymentMethod extends PaymentMethod {
  behaviour: 'pays' | 'fails';
}

export interface BillingAccount {
  organisation_id: string;
  stripe_customer_id: string | null;
  name: string | null;
  email: string | null;
  address: BillingDetails['address'] | null;
  tax: BillingDetails['tax'];
  payment_method: StoredPaymentMethod | null;
  failing_payments: number;
  clock_offset_seconds: number;
  credit_balance: number;
  overdue_ignored_until: Date | null;
}

const COLUMNS = `organisation_id, stripe_customer_id, name, email, address, tax, payment_method,
  failing_payments, clock_offset_seconds::float8 AS clock_offset_seconds, credit_balance,
  overdue_ignored_until`;

/**
 * The organisation's billing account, created on first use and locked for the rest of the
 * transaction: billing writes of one organisation happen one at a time (numbering, balances).
 */
export async function lockAccount(scope: Scope): Promise<BillingAccount> {
  await scope.db.query(
    `INSERT INTO billing_accounts (organisation_id) VALUES ($1) ON CONFLICT (organisation_id) DO NOTHING`,
    [scope.organisationId],
  );
  const { rows } = await scope.db.query<BillingAccount>(
    `SELECT ${COLUMNS} FROM billing_accounts WHERE organisation_id = $1 FOR UPDATE`,
    [scope.organisationId],
  );
  return rows[0]!;
}

/** The account without creating or locking it (null before the first billing write). */
export async function readAccount(scope: Scope): Promise<BillingAccount | null> {
  const { rows } = await scope.db.query<BillingAccount>(
    `SELECT ${COLUMNS} FROM billing_accounts WHERE organisation_id = $1`,
    [scope.organisationId],
  );
  return rows[0] ?? null;
}

const EMPTY_ADDRESS: BillingDetails['address'] = {
  line1: null,
  line2: null,
  city: null,
  postal_code: null,
  country: null,
};

export function presentBillingDetails(account: BillingAccount | null): BillingDetails {
  const method = account?.payment_method;
  return {
    name: account?.name ?? null,
    email: account?.email ?? null,
    address: { ...EMPTY_ADDRESS, ...(account?.address ?? {}) },
    tax: account?.tax ?? null,
    payment_method: method
      ? {
          type: method.type,
          last4: method.last4,
          brand: method.brand,
          exp_month: method.exp_month,
          exp_year: method.exp_year,
        }
      : null,
  };
}

/** Allocates the next invoice or credit note number of the (locked) account: INV-000001, CN-000001. */
export async function nextNumber(scope: Scope, kind: 'invoice' | 'credit_note'): Promise<string> {
  const column = kind === 'invoice' ? 'next_invoice_number' : 'next_credit_note_number';
  const { rows } = await scope.db.query<{ n: number }>(
    `UPDATE billing_accounts SET ${column} = ${column} + 1, updated_at = now()
      WHERE organisation_id = $1 RETURNING ${column} - 1 AS n`,
    [scope.organisationId],
  );
  const prefix = kind === 'invoice' ? 'INV' : 'CN';
  return `${prefix}-${String(rows[0]!.n).padStart(6, '0')}`;
}
