import type { InvoiceLine } from '@fieldwork/contract';
import { DAY_MS } from '../clock';

/** Tax on a sub-total, rounded to the nearest minor unit. */
export const taxOf = (subTotal: number, ratePercent: number): number =>
  Math.round((subTotal * ratePercent) / 100);

export interface Proration {
  /** Calendar days in the period (28–31 for a month). */
  periodDays: number;
  /** Days of the period from the day of the change on: charged or credited per seat. */
  proratedDays: number;
  /** The seat price for the prorated days. */
  perSeat: number;
  /** Seats added (positive) or removed (negative). */
  delta: number;
  subTotal: number;
}

/**
 * A seat change prorated to the day: the day of the change counts as remaining, so a change on
 * the first day of a period costs (or credits) the whole period, and one on its last day 1/N.
 */
export function prorate(input: {
  unitAmount: number;
  seatsFrom: number;
  seatsTo: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): Proration {
  const periodDays = Math.max(
    1,
    Math.round((input.periodEnd.getTime() - input.periodStart.getTime()) / DAY_MS),
  );
  const elapsedDays = Math.floor((input.at.getTime() - input.periodStart.getTime()) / DAY_MS);
  const proratedDays = Math.min(periodDays, Math.max(0, periodDays - elapsedDays));
  const perSeat = Math.round((input.unitAmount * proratedDays) / periodDays);
  const delta = input.seatsTo - input.seatsFrom;
  return { periodDays, proratedDays, perSeat, delta, subTotal: perSeat * Math.abs(delta) };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

export function prorationLine(proration: Proration, at: Date, periodEnd: Date): InvoiceLine {
  const seats = Math.abs(proration.delta);
  const verb = proration.delta > 0 ? 'added' : 'removed';
  return {
    description: `${seats} seat${seats === 1 ? '' : 's'} ${verb}: ${proration.proratedDays} of ${proration.periodDays} days (${day(at)} to ${day(periodEnd)})`,
    quantity: seats,
    unit_amount: proration.perSeat,
    amount: proration.subTotal,
    period_start: at.toISOString(),
    period_end: periodEnd.toISOString(),
    proration: true,
  };
}

export function periodLine(seats: number, unitAmount: number, start: Date, end: Date): InvoiceLine {
  return {
    description: `${seats} seat${seats === 1 ? '' : 's'} × monthly seat (${day(start)} to ${day(end)})`,
    quantity: seats,
    unit_amount: unitAmount,
    amount: seats * unitAmount,
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    proration: false,
  };
}
