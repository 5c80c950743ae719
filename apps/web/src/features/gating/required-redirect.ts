import { isPlanOverdue } from '@fieldwork/contract';
import type { Organisation, PlanStatus } from '@fieldwork/contract';

/**
 * The forced redirects of spec/platform.md §4 ("Forced redirects by the current page", "Plan
 * status") and the owner rules of §6, as one pure function. The guard (PlanGate) feeds it the
 * current page kind, the organisation's plan, whether the member is an owner and the
 * new-subscription-flow flag of local storage; it answers where to go, or null to stay.
 */

export type Plan = Organisation['plan'];

/** The kinds of page the redirects tell apart. */
export type PageKind =
  /** Any organisation page outside the subscription and billing areas (projects, settings, …). */
  | 'ordinary'
  /** Status pages: subscription/required, trial-ended, ended. */
  | 'required'
  | 'trial-ended'
  | 'ended'
  /** subscription/signup and subscription/signup/success. */
  | 'signup'
  /** The setup area's subscription pages: start, plan, billing. */
  | 'setup-subscription'
  /** subscription/update (the seat change). */
  | 'update'
  | 'payment-overdue'
  /** billing/overview, subscription, payment-method, invoices. */
  | 'billing';

/** Where a redirect goes; `default` is the organisation's default page (projects). */
export type RedirectTarget =
  'default' | 'required' | 'trial-ended' | 'ended' | 'signup' | 'setup-start' | 'payment-overdue';

export interface RedirectInput {
  pageKind: PageKind;
  plan: Plan;
  /** The member is flagged owner of the organisation. */
  owner: boolean;
  /** The new-subscription-flow flag of local storage (spec/platform.md §3 Session). */
  newSubscriptionFlow: boolean;
  /** Server time now (for overdue_ignored_until); defaults to this machine's clock. */
  now?: Date;
}

type StatusPage = 'required' | 'trial-ended' | 'ended';

/** The status page that explains a plan which is neither active nor on trial. */
export function statusPageOf(status: PlanStatus): StatusPage | null {
  switch (status) {
    case 'NO_SUBSCRIPTION':
      return 'required';
    case 'TRIAL_ENDED':
      return 'trial-ended';
    case 'ENDED':
      return 'ended';
    case 'TRIAL':
    case 'ACTIVE':
      return null;
  }
}

/** How many days the longest outstanding invoice is overdue (0 without a subscription). */
export function longestOverdueDays(plan: Plan): number {
  return plan.subscription?.outstanding_invoices.longest_overdue_by_days ?? 0;
}

/**
 * "Overdue" (§4): active, with longest_overdue_by_days of 30 or more, and overdue_ignored_until
 * not in the future: the contract's rule, the one the server applies. (A waived plan is exempt
 * from the restriction, not from this definition.)
 */
export const isOverdue = (plan: Plan, now: Date = new Date()): boolean => isPlanOverdue(plan, now);

/** Where an owner goes to subscribe: signup, or the setup area's start with the new flow. */
const signupFor = (newSubscriptionFlow: boolean): RedirectTarget =>
  newSubscriptionFlow ? 'setup-start' : 'signup';

/** The redirect to a page, unless the user is already on it. */
function goTo(target: RedirectTarget, pageKind: PageKind): RedirectTarget | null {
  return target === pageKind ? null : target;
}

export function requiredRedirect({
  pageKind,
  plan,
  owner,
  newSubscriptionFlow,
  now = new Date(),
}: RedirectInput): RedirectTarget | null {
  const { status, waived } = plan;
  const active = status === 'ACTIVE';
  const trial = status === 'TRIAL';
  const statusPage = statusPageOf(status);

  switch (pageKind) {
    case 'ordinary': {
      if (waived) return null;
      if (isOverdue(plan, now)) return 'payment-overdue';
      if (active || trial) return null;
      // Neither active nor on trial, so there is a status page.
      return owner ? signupFor(newSubscriptionFlow) : statusPage;
    }

    case 'required':
    case 'trial-ended':
    case 'ended': {
      if (active || trial || waived) return 'default';
      return statusPage === null ? null : goTo(statusPage, pageKind);
    }

    case 'signup':
    case 'setup-subscription': {
      if (active || waived) return 'default';
      if (owner) return null;
      // Non-owners: the status page when the plan has one; on trial there is nothing to see.
      return statusPage ?? 'default';
    }

    case 'update': {
      if (trial || waived) return 'default';
      return statusPage;
    }

    case 'payment-overdue': {
      if (waived || !isOverdue(plan, now)) return 'default';
      return null;
    }

    case 'billing': {
      if (waived) return 'default';
      if (status === 'NO_SUBSCRIPTION') return 'required';
      if (trial) return owner ? signupFor(newSubscriptionFlow) : 'default';
      if (statusPage !== null) return statusPage;
      return owner ? null : 'default';
    }
  }
}
