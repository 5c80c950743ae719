import { describe, expect, it } from 'vitest';
import { addMonths, periodContaining } from './clock';
import { prorate } from './ledger/money';
import { computePlan, isPlanOverdue, NO_FACTS, type PlanFacts } from './plan';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const daysAhead = (days: number) => daysAgo(-days);

describe('isPlanOverdue (platform §4: active, ≥ 30 days, not ignored into the future)', () => {
  const plan = (
    status: 'ACTIVE' | 'TRIAL' | 'TRIAL_ENDED' | 'ENDED' | 'NO_SUBSCRIPTION',
    days: number | null,
    ignoredUntil: string | null,
  ) => ({
    status,
    overdue_ignored_until: ignoredUntil,
    subscription:
      days === null ? null : { outstanding_invoices: { longest_overdue_by_days: days } },
  });
  const rows: Array<[string, ReturnType<typeof plan>, boolean]> = [
    ['active, nothing owed', plan('ACTIVE', 0, null), false],
    ['active, 29 days', plan('ACTIVE', 29, null), false],
    ['active, exactly 30 days', plan('ACTIVE', 30, null), true],
    ['active, 90 days', plan('ACTIVE', 90, null), true],
    ['active, 30 days, ignored until tomorrow', plan('ACTIVE', 30, daysAhead(1)), false],
    ['active, 30 days, ignored until yesterday', plan('ACTIVE', 30, daysAgo(1)), true],
    ['active, 30 days, ignored until exactly now', plan('ACTIVE', 30, NOW.toISOString()), true],
    ['active, no subscription object', plan('ACTIVE', null, null), false],
    ['trial, 45 days', plan('TRIAL', 45, null), false],
    ['trial ended, 45 days', plan('TRIAL_ENDED', 45, null), false],
    ['ended, 45 days', plan('ENDED', 45, null), false],
    ['no subscription', plan('NO_SUBSCRIPTION', null, null), false],
  ];
  it.each(rows)('%s', (_label, input, overdue) => {
    expect(isPlanOverdue(input, NOW)).toBe(overdue);
  });
});

describe('computePlan from the facts', () => {
  const facts = (overrides: Partial<PlanFacts>): PlanFacts => ({ ...NO_FACTS, ...overrides });
  const organisation = { waived: false, seatsUsed: 3 };

  it('has no subscription without a trial or subscription', () => {
    expect(computePlan(NO_FACTS, organisation, NOW)).toMatchObject({
      status: 'NO_SUBSCRIPTION',
      can_edit_seats: false,
      seats: { total: 3, used: 3, available: 0 },
      subscription: null,
    });
  });

  it('is on its trial until the end, and TRIAL_ENDED from the end on, by itself', () => {
    const trial = facts({
      trial_id: 't',
      trial_started_at: daysAgo(13),
      trial_ended_at: daysAhead(1),
    });
    expect(computePlan(trial, organisation, NOW)).toMatchObject({ status: 'TRIAL', trial_id: 't' });
    const ended = facts({
      trial_id: 't',
      trial_started_at: daysAgo(14),
      trial_ended_at: NOW.toISOString(),
    });
    expect(computePlan(ended, organisation, NOW).status).toBe('TRIAL_ENDED');
  });

  it('is ACTIVE with a live subscription, whatever the trial; seats are the subscribed ones', () => {
    for (const status of ['active', 'past_due'] as const) {
      const plan = computePlan(
        facts({
          trial_id: 't',
          trial_ended_at: daysAgo(30),
          subscription_id: 's',
          subscription_status: status,
          subscription_seats: 5,
        }),
        organisation,
        NOW,
      );
      expect(plan).toMatchObject({
        status: 'ACTIVE',
        can_edit_seats: true,
        subscription_id: 's',
        seats: { total: 5, used: 3, available: 2 },
        subscription: { outstanding_invoices: { longest_overdue_by_days: 0 } },
      });
    }
  });

  it('is ENDED when the subscription was cancelled', () => {
    const plan = computePlan(
      facts({ subscription_id: 's', subscription_status: 'canceled', subscription_seats: 5 }),
      organisation,
      NOW,
    );
    expect(plan).toMatchObject({ status: 'ENDED', can_edit_seats: false });
    expect(plan.seats).toEqual({ total: 3, used: 3, available: 0 });
  });

  it('counts whole days since the oldest open invoice fell due, and never below 0', () => {
    const base = {
      subscription_id: 's',
      subscription_status: 'past_due' as const,
      subscription_seats: 3,
    };
    const at = (due: string) =>
      computePlan(facts({ ...base, oldest_open_due_date: due }), organisation, NOW).subscription
        ?.outstanding_invoices.longest_overdue_by_days;
    expect(at(daysAgo(30))).toBe(30);
    expect(at(new Date(NOW.getTime() - 30 * 86_400_000 + 1).toISOString())).toBe(29);
    expect(at(daysAhead(2))).toBe(0);
  });

  it('carries waived, overdue_ignored_until and the customer success manager', () => {
    const csm = { name: 'Casey', email: 'casey@example.test' };
    const plan = computePlan(
      facts({ overdue_ignored_until: daysAhead(3), customer_success_manager: csm }),
      { waived: true, seatsUsed: 1 },
      NOW,
    );
    expect(plan).toMatchObject({
      waived: true,
      overdue_ignored_until: daysAhead(3),
      customer_success_manager: csm,
    });
  });

  it('reads the organisation clock when no time is given', () => {
    const trial = facts({ trial_id: 't', trial_ended_at: daysAhead(1).replace('2026', '2099') });
    expect(computePlan(trial, organisation).status).toBe('TRIAL');
    const movedOn = { ...trial, clock_offset_seconds: 200 * 365 * 86_400 };
    expect(computePlan(movedOn, organisation).status).toBe('TRIAL_ENDED');
  });
});

describe('monthly periods and proration to the day', () => {
  it('anchors months on the day of month, clamped to short months', () => {
    const anchor = new Date('2026-01-31T09:30:00.000Z');
    expect(addMonths(anchor, 1).toISOString()).toBe('2026-02-28T09:30:00.000Z');
    expect(addMonths(anchor, 2).toISOString()).toBe('2026-03-31T09:30:00.000Z');
    expect(addMonths(anchor, 13).toISOString()).toBe('2027-02-28T09:30:00.000Z');
    expect(periodContaining(anchor, new Date('2026-03-01T00:00:00Z'))).toMatchObject({
      start: new Date('2026-02-28T09:30:00.000Z'),
      end: new Date('2026-03-31T09:30:00.000Z'),
      index: 1,
    });
  });

  const start = new Date('2026-06-01T00:00:00.000Z');
  const end = new Date('2026-07-01T00:00:00.000Z');
  const at = (day: number) => new Date(start.getTime() + day * 86_400_000 + 3_600_000);
  it.each([
    // [days into the period, seats from, to, prorated days, per seat, sub-total]
    [0, 3, 5, 30, 3600, 7200],
    [10, 3, 5, 20, 2400, 4800],
    [29, 3, 4, 1, 120, 120],
    [15, 5, 2, 15, 1800, 5400],
    [7, 4, 4, 23, 2760, 0],
  ])(
    'day %i, %i → %i seats: %i days, %i per seat, %i',
    (day, from, to, days, perSeat, subTotal) => {
      const proration = prorate({
        unitAmount: 3600,
        seatsFrom: from,
        seatsTo: to,
        periodStart: start,
        periodEnd: end,
        at: at(day),
      });
      expect(proration).toEqual({
        periodDays: 30,
        proratedDays: days,
        perSeat,
        delta: to - from,
        subTotal,
      });
    },
  );
});
