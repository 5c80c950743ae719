import { TRIAL_LENGTH_DAYS } from '@fieldwork/contract';
import type { Organisation } from '@fieldwork/contract';
import { isNewSubscriptionFlow } from '../session/persisted-session';
import { setupSubscriptionPath, subscriptionPath } from './plan-paths';

const DAY_MS = 24 * 3600 * 1000;

/**
 * When the organisation's trial ends: the plan says so; without that (older answers) the trial
 * started at registration and lasts TRIAL_LENGTH_DAYS.
 */
export function trialEndsAt(organisation: Pick<Organisation, 'created_at' | 'plan'>): Date {
  const endsAt = organisation.plan.trial_ends_at;
  if (endsAt) return new Date(endsAt);
  return new Date(new Date(organisation.created_at).getTime() + TRIAL_LENGTH_DAYS * DAY_MS);
}

/** Whole days left in a running trial, counting a started day (0 once it has ended). */
export function trialDaysLeft(
  organisation: Pick<Organisation, 'created_at' | 'plan'>,
  now: Date,
): number {
  return Math.max(0, Math.ceil((trialEndsAt(organisation).getTime() - now.getTime()) / DAY_MS));
}

/** "1 day", "12 days". */
export const dayCount = (days: number) => `${days} day${days === 1 ? '' : 's'}`;

/** Where an owner subscribes: signup, or the setup area with the new subscription flow (§3). */
export function subscribePath(slug: string): string {
  return isNewSubscriptionFlow()
    ? setupSubscriptionPath(slug, 'start')
    : subscriptionPath(slug, 'signup');
}
