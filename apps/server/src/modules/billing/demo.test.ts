import type { Organisation } from '@fieldwork/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../../../test/harness';
import { DEMO_BILLING_OWNER, DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../seed/demo';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
  await seedDemo(test.platform);
});
afterAll(() => test.close());

const signIn = async (email: string) => {
  const response = await client(test.app).post('/auth/web', { email, password: DEMO_PASSWORD });
  return client(test.app, response.body.accessToken as string);
};

it('leaves the demo organisation on its trial and seeds a subscribed one with history', async () => {
  const dana = await signIn(DEMO_EMAIL);
  const context = (await dana.get('/me/context')).body as { organisations: Organisation[] };
  const byName = new Map(context.organisations.map((o) => [o.name, o]));
  expect(byName.get('Demo Construction Ltd')!.plan.status).toBe('TRIAL');
  const harbour = byName.get('Harbour Surveys Ltd')!;
  expect(harbour.plan).toMatchObject({
    status: 'ACTIVE',
    seats: { total: 6, used: 2, available: 4 },
    subscription: { outstanding_invoices: { longest_overdue_by_days: 0 } },
  });

  const owner = await signIn(DEMO_BILLING_OWNER.email);
  const base = `/organisations/${harbour.id}`;
  const invoices = (await owner.get(`${base}/invoices?page=all`)).body.data as Array<{
    number: string;
    reason: string;
    status: string;
    date: string;
  }>;
  // 95 days: the first invoice, an increase, and three or four monthly renewals
  expect(invoices.length).toBeGreaterThanOrEqual(5);
  expect(invoices.map((i) => i.reason)).toContain('subscription_update');
  expect(invoices.every((i) => i.status === 'paid')).toBe(true);
  expect(invoices.every((i) => Date.parse(i.date) <= Date.now())).toBe(true);
  const notes = (await owner.get(`${base}/credit_notes`)).body;
  expect(notes.meta.total).toBe(1);
  const ledger = (await owner.get(`${base}/billing/ledger`)).body.data;
  expect(ledger.clock_offset_days).toBe(0);
  // Dana administers it: she may read its billing but not change it
  expect((await dana.get(`${base}/stripe_subscription_data`)).status).toBe(200);
  expect((await dana.post(`${base}/update_seats`, { seats: 7 })).body.code).toBe('owner_required');
});
