import type { Organisation } from '@fieldwork/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isNewSubscriptionFlow } from '../../session/persisted-session';
import { currentMembership, currentOrganisation } from '../../session/session-helpers';
import { session } from '../../session/session-state';
import { useSession } from '../../session/use-session';
import { SESSION_CONTEXT_QUERY_KEY } from '../../app/session/use-session-context';
import { trialEndsAt } from '../../app/plan-status';
import { pageKindOf, redirectPath } from './page-kind';
import { requiredRedirect } from './required-redirect';

/**
 * The guard of spec/platform.md §4 "Forced redirects by the current page": below the
 * organisation guard (organisation pages and the setup area), it sends the user where the plan
 * says before the page renders. The plan comes from GET /me/context; the clock is the server's.
 */
export function PlanGate() {
  const state = useSession();
  const { pathname } = useLocation();
  const organisation = currentOrganisation(state);
  useReloadWhenTrialEnds(organisation);
  const pageKind = pageKindOf(pathname, organisation.slug);

  if (pageKind !== null) {
    const target = requiredRedirect({
      pageKind,
      plan: organisation.plan,
      owner: currentMembership(state).owner,
      newSubscriptionFlow: isNewSubscriptionFlow(),
      now: new Date(Date.now() + state.approximateClockSkewMs),
    });
    if (target !== null) return <Navigate to={redirectPath(target, organisation.slug)} replace />;
  }
  return <Outlet />;
}

/** setTimeout's longest delay (about 24.8 days); a trial is 14. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Trial ends already reloaded for in this page load (slug and time), so a reload happens once. */
const reloadedTrialEnds = new Set<string>();

/**
 * Trials end by themselves (docs/billing.md), but the plan in the session is as GET /me/context
 * last answered. When a running trial's end passes, the context is loaded again (once per trial
 * end), so the gate applies the server's new status without a page load.
 */
function useReloadWhenTrialEnds(organisation: Organisation) {
  const queryClient = useQueryClient();
  const onTrial = organisation.plan.status === 'TRIAL' && !organisation.plan.waived;
  const endsAt = trialEndsAt(organisation).getTime();
  const key = `${organisation.slug}@${endsAt}`;
  useEffect(() => {
    if (!onTrial || reloadedTrialEnds.has(key)) return;
    const delay = endsAt - (Date.now() + session.get().approximateClockSkewMs) + 1000;
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(
      () => {
        reloadedTrialEnds.add(key);
        void queryClient.invalidateQueries({ queryKey: SESSION_CONTEXT_QUERY_KEY });
      },
      Math.max(0, delay),
    );
    return () => clearTimeout(timer);
  }, [onTrial, endsAt, key, queryClient]);
}
