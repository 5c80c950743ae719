import { ORGANISATIONS_PATH, organisationPath } from '../../app/paths';
import { SETUP_PATH, setupSubscriptionPath, subscriptionPath } from '../../app/plan-paths';
import type { PageKind, RedirectTarget } from './required-redirect';

/**
 * The page kind of a path below an organisation (/organisations/{slug}/…) or its setup area
 * (/organisation-setup/{slug}/…). Null for pages the plan does not gate: the setup area outside
 * its subscription pages (preboarding has redirects of its own, §4 "Preboarding").
 */
export function pageKindOf(pathname: string, slug: string): PageKind | null {
  const encoded = encodeURIComponent(slug);
  const setupBase = `${SETUP_PATH}/${encoded}`;
  if (pathname === setupBase || pathname.startsWith(`${setupBase}/`)) {
    const [area] = segmentsBelow(pathname, setupBase);
    return area === 'subscription' ? 'setup-subscription' : null;
  }

  const [area, page, subpage] = segmentsBelow(pathname, `${ORGANISATIONS_PATH}/${encoded}`);
  if (area === 'billing') return 'billing';
  if (area !== 'subscription') return 'ordinary';
  // /subscription itself picks its page (the update page when there is a subscription).
  if (page === undefined) return 'update';
  if (page === 'signup')
    return subpage === undefined || subpage === 'success' ? 'signup' : 'ordinary';
  const kind = SINGLE_SUBSCRIPTION_PAGES.find((candidate) => candidate === page);
  // An unknown page below /subscription is no subscription page.
  return kind !== undefined && subpage === undefined ? kind : 'ordinary';
}

const SINGLE_SUBSCRIPTION_PAGES = [
  'required',
  'trial-ended',
  'ended',
  'payment-overdue',
  'update',
] as const satisfies readonly PageKind[];

function segmentsBelow(pathname: string, base: string): string[] {
  return pathname
    .slice(base.length)
    .split('/')
    .filter((segment) => segment !== '');
}

/** The path a redirect target names for an organisation. */
export function redirectPath(target: RedirectTarget, slug: string): string {
  if (target === 'default') return organisationPath(slug);
  if (target === 'setup-start') return setupSubscriptionPath(slug, 'start');
  return subscriptionPath(slug, target);
}
