import type { PlanStatus } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { isOverdue, requiredRedirect } from './required-redirect';
import type { PageKind, Plan, RedirectTarget } from './required-redirect';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const FUTURE = '2026-03-02T00:00:00.000Z';
const PAST = '2026-02-28T00:00:00.000Z';

function plan(
  status: PlanStatus,
  {
    waived = false,
    overdueDays = 0,
    ignoredUntil = null,
  }: { waived?: boolean; overdueDays?: number; ignoredUntil?: string | null } = {},
): Plan {
  return {
    status,
    waived,
    can_edit_seats: true,
    trial_id: null,
    subscription_id: status === 'ACTIVE' ? 'sub' : null,
    overdue_ignored_until: ignoredUntil,
    seats: { total: 3, used: 2, available: 1 },
    customer_success_manager: null,
    subscription:
      status === 'ACTIVE'
        ? { outstanding_invoices: { longest_overdue_by_days: overdueDays } }
        : null,
  };
}

/** Named plans: every status, waived, and the overdue variants of §4. */
const PLANS = {
  none: plan('NO_SUBSCRIPTION'),
  trial: plan('TRIAL'),
  trialEnded: plan('TRIAL_ENDED'),
  active: plan('ACTIVE'),
  ended: plan('ENDED'),
  waivedNone: plan('NO_SUBSCRIPTION', { waived: true }),
  waivedTrialEnded: plan('TRIAL_ENDED', { waived: true }),
  waivedEnded: plan('ENDED', { waived: true }),
  waivedOverdue: plan('ACTIVE', { waived: true, overdueDays: 45 }),
  overdue: plan('ACTIVE', { overdueDays: 30 }),
  overdue29: plan('ACTIVE', { overdueDays: 29 }),
  overdueIgnored: plan('ACTIVE', { overdueDays: 60, ignoredUntil: FUTURE }),
  overdueIgnoreLapsed: plan('ACTIVE', { overdueDays: 60, ignoredUntil: PAST }),
  overdueIgnoredUntilNow: plan('ACTIVE', { overdueDays: 60, ignoredUntil: NOW.toISOString() }),
} satisfies Record<string, Plan>;
type PlanName = keyof typeof PLANS;

type Who = 'owner' | 'member';
/** [page kind, plan, who, new-subscription-flow flag, expected] */
type Row = [PageKind, PlanName, Who, boolean, RedirectTarget | null];

const both = (
  pageKind: PageKind,
  planName: PlanName,
  flag: boolean,
  expected: RedirectTarget | null,
): Row[] => [
  [pageKind, planName, 'owner', flag, expected],
  [pageKind, planName, 'member', flag, expected],
];

const STATUS_PAGES = ['required', 'trial-ended', 'ended'] as const;

const table: Row[] = [
  // Any page other than subscription pages or billing ----------------------------------------
  ...both('ordinary', 'trial', false, null),
  ...both('ordinary', 'active', false, null),
  ...both('ordinary', 'overdue29', false, null),
  // if overdue, go to payment-overdue (owners and members alike)
  ...both('ordinary', 'overdue', false, 'payment-overdue'),
  ...both('ordinary', 'overdue', true, 'payment-overdue'),
  ...both('ordinary', 'overdueIgnoreLapsed', false, 'payment-overdue'),
  ...both('ordinary', 'overdueIgnoredUntilNow', false, 'payment-overdue'),
  ...both('ordinary', 'overdueIgnored', false, null),
  // not active, not trial, not waived: the owner to signup (or setup start with the flag)
  ['ordinary', 'none', 'owner', false, 'signup'],
  ['ordinary', 'trialEnded', 'owner', false, 'signup'],
  ['ordinary', 'ended', 'owner', false, 'signup'],
  ['ordinary', 'none', 'owner', true, 'setup-start'],
  ['ordinary', 'trialEnded', 'owner', true, 'setup-start'],
  ['ordinary', 'ended', 'owner', true, 'setup-start'],
  // … non-owners to the status page, whatever the flag
  ['ordinary', 'none', 'member', false, 'required'],
  ['ordinary', 'trialEnded', 'member', false, 'trial-ended'],
  ['ordinary', 'ended', 'member', false, 'ended'],
  ['ordinary', 'none', 'member', true, 'required'],
  ['ordinary', 'trialEnded', 'member', true, 'trial-ended'],
  ['ordinary', 'ended', 'member', true, 'ended'],
  // waived bypasses every restriction
  ...both('ordinary', 'waivedNone', false, null),
  ...both('ordinary', 'waivedTrialEnded', true, null),
  ...both('ordinary', 'waivedEnded', false, null),
  ...both('ordinary', 'waivedOverdue', false, null),

  // required, trial-ended, ended ----------------------------------------------------------------
  ...STATUS_PAGES.flatMap((page) => [
    // active, trial or waived goes to the default page
    ...both(page, 'active', false, 'default'),
    ...both(page, 'overdue', false, 'default'),
    ...both(page, 'trial', false, 'default'),
    ...both(page, 'waivedNone', false, 'default'),
    ...both(page, 'waivedTrialEnded', false, 'default'),
    ...both(page, 'waivedEnded', true, 'default'),
  ]),
  // otherwise the page matching the status (staying when already on it)
  ...both('required', 'none', false, null),
  ...both('required', 'trialEnded', false, 'trial-ended'),
  ...both('required', 'ended', true, 'ended'),
  ...both('trial-ended', 'none', false, 'required'),
  ...both('trial-ended', 'trialEnded', true, null),
  ...both('trial-ended', 'ended', false, 'ended'),
  ...both('ended', 'none', false, 'required'),
  ...both('ended', 'trialEnded', false, 'trial-ended'),
  ...both('ended', 'ended', false, null),

  // Signup and setup subscription pages ---------------------------------------------------------
  ...(['signup', 'setup-subscription'] as const).flatMap((page): Row[] => [
    // active or waived goes to the default page
    ...both(page, 'active', false, 'default'),
    ...both(page, 'overdue', false, 'default'),
    ...both(page, 'waivedNone', false, 'default'),
    ...both(page, 'waivedTrialEnded', true, 'default'),
    // the owner stays to subscribe
    [page, 'none', 'owner', false, null],
    [page, 'trial', 'owner', false, null],
    [page, 'trialEnded', 'owner', true, null],
    [page, 'ended', 'owner', false, null],
    // non-owners go to the status page (§6: the default page while the plan is on trial)
    [page, 'none', 'member', false, 'required'],
    [page, 'trialEnded', 'member', false, 'trial-ended'],
    [page, 'ended', 'member', true, 'ended'],
    [page, 'trial', 'member', false, 'default'],
  ]),

  // Update page ---------------------------------------------------------------------------------
  // trial or waived goes to the default page
  ...both('update', 'trial', false, 'default'),
  ...both('update', 'waivedNone', false, 'default'),
  ...both('update', 'waivedOverdue', false, 'default'),
  // others go to the status page; an active plan has none and stays
  ...both('update', 'none', false, 'required'),
  ...both('update', 'trialEnded', true, 'trial-ended'),
  ...both('update', 'ended', false, 'ended'),
  ...both('update', 'active', false, null),
  ...both('update', 'overdue', false, null),

  // Payment-overdue page ------------------------------------------------------------------------
  ...both('payment-overdue', 'overdue', false, null),
  ...both('payment-overdue', 'overdueIgnoreLapsed', true, null),
  // the default page if not overdue, or overdue ignored until a future date
  ...both('payment-overdue', 'overdueIgnored', false, 'default'),
  ...both('payment-overdue', 'overdue29', false, 'default'),
  ...both('payment-overdue', 'active', false, 'default'),
  ...both('payment-overdue', 'trial', false, 'default'),
  ...both('payment-overdue', 'trialEnded', false, 'default'),
  ...both('payment-overdue', 'none', false, 'default'),
  ...both('payment-overdue', 'ended', true, 'default'),
  ...both('payment-overdue', 'waivedOverdue', false, 'default'),

  // Billing pages -------------------------------------------------------------------------------
  // waived goes to the default page
  ...both('billing', 'waivedNone', false, 'default'),
  ...both('billing', 'waivedOverdue', true, 'default'),
  // no subscription goes to required
  ...both('billing', 'none', false, 'required'),
  ...both('billing', 'none', true, 'required'),
  // trial: owners to signup (or setup start), non-owners to the default page
  ['billing', 'trial', 'owner', false, 'signup'],
  ['billing', 'trial', 'owner', true, 'setup-start'],
  ['billing', 'trial', 'member', false, 'default'],
  ['billing', 'trial', 'member', true, 'default'],
  // trial ended and ended go to their pages
  ...both('billing', 'trialEnded', false, 'trial-ended'),
  ...both('billing', 'ended', true, 'ended'),
  // active: the owner stays (overdue too: billing is where it is paid); non-owners go home
  ['billing', 'active', 'owner', false, null],
  ['billing', 'overdue', 'owner', false, null],
  ['billing', 'active', 'member', false, 'default'],
  ['billing', 'overdue', 'member', false, 'default'],
];

describe('requiredRedirect (spec/platform.md §4 forced redirects)', () => {
  it.each(table)('%s page, %s plan, %s, new flow %s → %s', (pageKind, planName, who, flag, to) => {
    expect(
      requiredRedirect({
        pageKind,
        plan: PLANS[planName],
        owner: who === 'owner',
        newSubscriptionFlow: flag,
        now: NOW,
      }),
    ).toBe(to);
  });

  it('covers every page kind with every plan', () => {
    const kinds = new Set(table.map(([kind]) => kind));
    expect(kinds).toEqual(
      new Set<PageKind>([
        'ordinary',
        'required',
        'trial-ended',
        'ended',
        'signup',
        'setup-subscription',
        'update',
        'payment-overdue',
        'billing',
      ]),
    );
    for (const kind of kinds) {
      const statuses = new Set(
        table.filter(([k]) => k === kind).map(([, name]) => PLANS[name].status),
      );
      expect(statuses.size, kind).toBe(5);
    }
  });

  it('the flag never changes where a non-owner on an ordinary page goes', () => {
    for (const [pageKind, planName, who] of table) {
      if (pageKind !== 'ordinary' || who === 'owner') continue;
      const run = (flag: boolean) =>
        requiredRedirect({
          pageKind,
          plan: PLANS[planName],
          owner: false,
          newSubscriptionFlow: flag,
          now: NOW,
        });
      expect(run(true)).toBe(run(false));
    }
  });
});

describe('isOverdue', () => {
  it('needs an active plan, 30 days or more, and no ignore date in the future', () => {
    expect(isOverdue(PLANS.overdue, NOW)).toBe(true);
    expect(isOverdue(PLANS.overdue29, NOW)).toBe(false);
    expect(isOverdue(PLANS.overdueIgnored, NOW)).toBe(false);
    expect(isOverdue(PLANS.overdueIgnoreLapsed, NOW)).toBe(true);
    expect(isOverdue(PLANS.overdueIgnoredUntilNow, NOW)).toBe(true);
    expect(isOverdue(plan('ENDED'), NOW)).toBe(false);
  });

  it('reads the clock it is given', () => {
    const later = new Date('2026-03-03T00:00:00.000Z');
    expect(isOverdue(PLANS.overdueIgnored, later)).toBe(true);
  });
});
