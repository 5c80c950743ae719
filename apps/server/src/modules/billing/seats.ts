import {
  BILLING_CURRENCY,
  SEAT_PRICE_INTERVAL,
  SEAT_UNIT_AMOUNT_DECIMAL,
  type SeatsOverview,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { Scope } from './accounts';
import { loadPlan } from './plan';

/** Seats in use: the organisation's active, non-guest, non-deleted members. */
export async function seatsInUse(scope: Scope): Promise<number> {
  const { rows } = await scope.db.query<{ used: number }>(
    'SELECT organisation_seats_used($1) AS used',
    [scope.organisationId],
  );
  return Number(rows[0]?.used ?? 0);
}

/** A subscription may not have fewer seats than are in use (422 on `seats`). */
export async function assertSeatsCover(scope: Scope, seats: number) {
  const used = await seatsInUse(scope);
  if (seats < used) {
    throw validationFailure([
      {
        field: 'seats',
        message: `At least ${used} seats are in use`,
        code: 'too_small',
      },
    ]);
  }
}

export async function seatsOverview(scope: Scope): Promise<SeatsOverview> {
  const plan = await loadPlan(scope.db, scope.organisationId);
  return {
    status: plan.status,
    can_edit_seats: plan.can_edit_seats,
    ...plan.seats,
    seat_price: {
      interval: SEAT_PRICE_INTERVAL,
      unit_amount_decimal: SEAT_UNIT_AMOUNT_DECIMAL,
      currency: BILLING_CURRENCY,
    },
  };
}
