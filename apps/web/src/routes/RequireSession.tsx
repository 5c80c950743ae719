import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { saveRedirectAfterSignIn } from '../session/persisted-session';
import { ImpersonationBanner } from '../features/support';
import { useLegacyMigration } from '../app/session/use-legacy-migration';
import { useSession } from '../session/use-session';
import { useSessionContextQuery } from '../app/session/use-session-context';
import { UnauthorizedError } from '../api/errors';
import { PageLoader } from '../ui/feedback/PageLoader';
import { SIGN_IN_PATH } from '../app/paths';

/**
 * Guards every non-public page: without a session the visitor goes to /signin and the page is
 * remembered as the redirect-after-sign-in URL; with one, the context is loaded first. Signed-in
 * pages carry the impersonation banner, and a legacy session is migrated when its organisation
 * asks for it.
 */
export function RequireSession() {
  const { connected } = useSession();
  const context = useSessionContextQuery({ enabled: connected });
  useLegacyMigration();

  if (!connected) return <RedirectToSignIn />;
  if (context.isError) {
    // A 401 has already ended the session through the auth-error handler; anything else is real.
    if (context.error instanceof UnauthorizedError) return <PageLoader />;
    throw context.error;
  }
  if (context.isPending) return <PageLoader label="Loading your account" />;
  return (
    <>
      <Outlet />
      <ImpersonationBanner />
    </>
  );
}

function RedirectToSignIn() {
  const { pathname, search, hash } = useLocation();
  const here = `${pathname}${search}${hash}`;
  useEffect(() => {
    if (pathname !== '/') saveRedirectAfterSignIn(here);
  }, [pathname, here]);
  return <Navigate to={SIGN_IN_PATH} replace />;
}
