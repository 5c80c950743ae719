import { ORGANISATIONS_PATH } from './paths';

/** Paths of the subscription and billing areas and the setup area's subscription pages (§2). */

export const SUBSCRIPTION_PAGES = [
  'required',
  'trial-ended',
  'ended',
  'payment-overdue',
  'signup',
  'signup/success',
  'update',
] as const;
export type SubscriptionPage = (typeof SUBSCRIPTION_PAGES)[number];

export const BILLING_PAGES = ['overview', 'subscription', 'payment-method', 'invoices'] as const;
export type BillingPage = (typeof BILLING_PAGES)[number];

export const SETUP_SUBSCRIPTION_PAGES = ['start', 'plan', 'billing'] as const;
export type SetupSubscriptionPage = (typeof SETUP_SUBSCRIPTION_PAGES)[number];

export const SETUP_PATH = '/organisation-setup';

const organisationBase = (slug: string) => `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}`;

/** /organisations/{slug}/subscription/{page} */
export function subscriptionPath(slug: string, page: SubscriptionPage): string {
  return `${organisationBase(slug)}/subscription/${page}`;
}

/** /organisations/{slug}/billing/{page} */
export function billingPath(slug: string, page: BillingPage = 'overview'): string {
  return `${organisationBase(slug)}/billing/${page}`;
}

/** /organisation-setup/{slug}/subscription/{page} */
export function setupSubscriptionPath(slug: string, page: SetupSubscriptionPage = 'start'): string {
  return `${SETUP_PATH}/${encodeURIComponent(slug)}/subscription/${page}`;
}

/** /organisations/{slug}/billing: the area (its root opens the overview). */
export function billingAreaPath(slug: string): string {
  return `${organisationBase(slug)}/billing`;
}
