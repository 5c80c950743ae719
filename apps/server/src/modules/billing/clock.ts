import type { Queryable } from '../../platform/db/queryable';

export const DAY_MS = 86_400_000;

/**
 * Each organisation's billing clock: real time plus an offset that only the local ledger's
 * development tool moves (like Stripe's test clocks). Plan status, trials, periods and overdue
 * days all read it, so a test or a demo can move one organisation through time.
 */
export const clockAt = (offsetSeconds: number, base = Date.now()): Date =>
  new Date(base + offsetSeconds * 1000);

export async function clockOffsetSeconds(db: Queryable, organisationId: string): Promise<number> {
  const { rows } = await db.query<{ offset: string | number }>(
    'SELECT clock_offset_seconds AS offset FROM billing_accounts WHERE organisation_id = $1',
    [organisationId],
  );
  return Number(rows[0]?.offset ?? 0);
}

export async function billingNow(db: Queryable, organisationId: string): Promise<Date> {
  return clockAt(await clockOffsetSeconds(db, organisationId));
}

/** Whole days from `from` to `to` (0 when `to` is earlier). */
export const wholeDaysBetween = (from: Date, to: Date): number =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));

/**
 * The n-th monthly boundary from an anchor: the anchor's day of month, clamped to the month's
 * last day (31 January → 28/29 February → 31 March), at the anchor's time of day (UTC).
 */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The monthly period of an anchor that contains `at` (at ≥ anchor). */
export function periodContaining(
  anchor: Date,
  at: Date,
): { start: Date; end: Date; index: number } {
  let index = Math.max(
    0,
    (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
      at.getUTCMonth() -
      anchor.getUTCMonth() -
      1,
  );
  while (addMonths(anchor, index + 1) <= at) index++;
  return { start: addMonths(anchor, index), end: addMonths(anchor, index + 1), index };
}
