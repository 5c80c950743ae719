import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isNewSubscriptionFlow } from '../../session/persisted-session';
import { currentMembership, currentOrganisation } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';
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
