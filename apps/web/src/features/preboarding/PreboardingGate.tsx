import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { organisationPath } from '../../app/paths';
import { currentOrganisation, isAdmin } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';
import { preboardingPath, preboardingPlaceOf } from './preboarding-paths';
import { preboardingRedirect } from './preboarding-redirect';
import { preboardingOf } from './preboarding-state';

/**
 * The preboarding redirects of spec/platform.md §4, below the organisation guard: around the
 * organisation pages and the setup area. Only admins set an organisation up (the preboarding
 * calls are theirs), so only they are sent into preboarding.
 */
export function PreboardingGate() {
  const state = useSession();
  const { pathname } = useLocation();
  const organisation = currentOrganisation(state);
  const target = preboardingRedirect({
    place: preboardingPlaceOf(pathname, organisation.slug),
    preboarding: preboardingOf(organisation),
    canSetUp: isAdmin(state),
  });
  if (target === 'projects') return <Navigate to={organisationPath(organisation.slug)} replace />;
  if (target !== null) return <Navigate to={preboardingPath(organisation.slug, target)} replace />;
  return <Outlet />;
}
