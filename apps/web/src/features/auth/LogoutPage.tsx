import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { SIGN_IN_PATH } from '../../app/paths';
import { endSession } from '../../app/session/session-lifecycle';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { logOutOnServer } from './auth-api';

/** /logout: POST /auth/logout, clear both storages, go to /signin (even when the call fails). */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logOutOnServer()
      .catch(() => undefined)
      .finally(() => {
        endSession();
        queryClient.clear();
        void navigate(SIGN_IN_PATH, { replace: true });
      });
  }, [navigate, queryClient]);

  return <PageLoader label="Signing out" />;
}
