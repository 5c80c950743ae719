import type { Queryable } from '../../platform/db/queryable';
import { lockAccount } from './accounts';
import { DAY_MS } from './clock';
import { localLedger } from './ledger/ledger';
import type { BillingScope } from './provider';

/**
 * Demo data through the real ledger: the organisation's clock starts about three months back,
 * the owner subscribes, adds seats, removes some (a credit note), and the clock catches up with
 * real time, renewing every month on the way. Leaves the clock at real time.
 */
export async function seedBillingHistory(db: Queryable, organisationId: string) {
  await db.query(`SELECT set_config('app.organisation_id', $1, true)`, [organisationId]);
  const scope: BillingScope = { db, organisationId, organisationWebUrl: '' };
  const ledger = localLedger();
  const setClock = async (daysAgo: number) => {
    await lockAccount(scope);
    await db.query(
      `UPDATE billing_accounts SET clock_offset_seconds = $2 WHERE organisation_id = $1`,
      [organisationId, -daysAgo * 86_400],
    );
    await ledger.sync(scope);
  };
  await setClock(95);
  await db.query(`UPDATE trials SET started_at = $2, ended_at = $3 WHERE organisation_id = $1`, [
    organisationId,
    new Date(Date.now() - 103 * DAY_MS),
    new Date(Date.now() - 89 * DAY_MS),
  ]);
  await ledger.updateBillingDetails(scope, {
    name: 'Harbour Surveys Ltd',
    email: 'accounts@harbour-surveys.example',
    address: {
      line1: '12 Quayside',
      line2: null,
      city: 'Bristol',
      postal_code: 'BS1 4DJ',
      country: 'GB',
    },
    tax: { type: 'gb_vat', value: 'GB246813579' },
  });
  const expiry = new Date().getUTCFullYear() + 3;
  await ledger.updatePaymentMethod(scope, {
    card_number: '4242424242424242',
    exp_month: 8,
    exp_year: expiry,
  });
  await ledger.subscribe(scope, { seats: 5, newFlow: false });
  await setClock(80);
  await ledger.updateSeats(scope, 8);
  await setClock(50);
  await ledger.updateSeats(scope, 6);
  await setClock(0);
}
