import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { session } from '../session/session-state';
import { PageLoader } from '../ui/feedback/PageLoader';
import { pathAfterSignIn } from '../app/organisation-choice';

/**
 * Auth pages for someone already signed in continue as after sign-in. The session is read when
 * the route renders, not subscribed to, so the page's own sign-in can navigate where it wants.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  if (session.get().connected) return <ContinueAfterSignIn />;
  return children;
}

function ContinueAfterSignIn() {
  const navigate = useNavigate();
  const navigated = useRef(false);
  useEffect(() => {
    // The stored redirect URL is used once, so this must not run twice.
    if (navigated.current) return;
    navigated.current = true;
    void navigate(pathAfterSignIn(), { replace: true });
  }, [navigate]);
  return <PageLoader />;
}
