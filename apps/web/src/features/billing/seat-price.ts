import { MAX_SEATS, TAX_RATE_PERCENT } from '@fieldwork/contract';
import type { SeatsOverview } from '@fieldwork/contract';
import { seatCount, unitAmount } from './money';

/** The fewest seats a subscription may start with: one per member in use, at least one. */
export const minimumSeats = (overview: Pick<SeatsOverview, 'used'>) => Math.max(1, overview.used);

/** What is wrong with a seat count to subscribe with, or null. */
export function seatsProblem(seats: number, overview: Pick<SeatsOverview, 'used'>): string | null {
  if (!Number.isInteger(seats)) return 'Choose a whole number of seats';
  const minimum = minimumSeats(overview);
  if (seats < minimum) return `At least ${minimum} seats: ${seatCount(overview.used)} in use`;
  if (seats > MAX_SEATS) return `At most ${MAX_SEATS} seats`;
  return null;
}

/** The monthly price of `seats` in minor units, with tax as platform §9 samples it. */
export function monthlyPrice(seats: number, overview: Pick<SeatsOverview, 'seat_price'>) {
  const perSeat = unitAmount(overview.seat_price.unit_amount_decimal);
  const subTotal = seats * perSeat;
  const tax = Math.round((subTotal * TAX_RATE_PERCENT) / 100);
  return { perSeat, subTotal, tax, total: subTotal + tax, currency: overview.seat_price.currency };
}
