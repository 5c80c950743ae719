import { randomInt } from 'node:crypto';
import type { QrQuota } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';

/** A code's characters: digits and capitals (36 ** 10 ≈ 3.7 × 10^15 codes), read off a label. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const QR_CODE_LENGTH = 10;

/** A random, unguessable code (crypto's uniform randomInt, one character at a time). */
export const newQrCode = () =>
  Array.from({ length: QR_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Codes a month per plan (docs/billing.md "QR codes"): a trial's, and a subscription's per seat. */
export const QR_TRIAL_MONTHLY = 200;
export const QR_PER_SEAT_MONTHLY = 250;

/** The first day of the next month (UTC), YYYY-MM-DD: when the quota renews. */
export const renewalDateOf = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);

/**
 * The organisation's QR quota this calendar month (UTC): what its plan allows (a trial or no
 * live subscription QR_TRIAL_MONTHLY; a live subscription QR_PER_SEAT_MONTHLY per seat), what
 * its batches of the month used, and when it renews.
 */
export async function qrQuota(ctx: OrganisationContext): Promise<QrQuota> {
  const { rows } = await ctx.db.query<{
    status: string | null;
    seats: number | null;
    used: number;
    now: Date;
  }>(
    `SELECT f.subscription_status AS status, f.subscription_seats AS seats, now() AS now,
            (SELECT coalesce(sum(b.quantity), 0)::int FROM qr_code_batches b
              WHERE b.organisation_id = $1 AND b.failed_at IS NULL
                AND b.created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS used
       FROM organisation_plan_facts($1) f`,
    [ctx.organisationId],
  );
  const row = rows[0]!;
  const live = row.status === 'active' || row.status === 'trialing' || row.status === 'past_due';
  const limit = live && row.seats ? row.seats * QR_PER_SEAT_MONTHLY : QR_TRIAL_MONTHLY;
  return {
    limit,
    used: row.used,
    remaining: Math.max(0, limit - row.used),
    renewalDate: renewalDateOf(new Date(row.now)),
  };
}
