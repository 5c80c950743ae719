import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { loadSessionContext } from '../../app/session/load-context';
import { hasRememberedSession } from '../../session/persisted-session';
import { connectAsImpersonator, endImpersonation } from '../../app/session/session-lifecycle';
import { forgetSignedInUser } from '../../session/session-state';
import { SESSION_CONTEXT_QUERY_KEY } from '../../app/session/use-session-context';
import type { TokenAnswer } from '../auth';

export interface ImpersonationLink {
  token: string;
  url: string;
  expires_at: string;
}

/** POST /support/impersonation_tokens (support staff only): a single-use link, valid 10 minutes. */
export function useCreateImpersonationLink() {
  return useMutation({
    mutationFn: (email: string) =>
      request<ImpersonationLink>({
        method: 'post',
        url: '/support/impersonation_tokens',
        client: 'core',
        body: { email },
      }),
  });
}

/**
 * /impersonate/{token}: POST /auth/impersonate, the tokens into sessionStorage only with the
 * impersonating flag, then the context of the user being impersonated.
 */
export function useImpersonate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const { accessToken, refreshToken } = await request<TokenAnswer>({
        method: 'post',
        url: '/auth/impersonate',
        client: 'public',
        body: { token },
      });
      queryClient.clear();
      forgetSignedInUser();
      connectAsImpersonator({ accessToken, refreshToken });
      await queryClient.fetchQuery({
        queryKey: SESSION_CONTEXT_QUERY_KEY,
        queryFn: loadSessionContext,
      });
    },
  });
}

/**
 * Stops impersonating: the impersonation session is revoked on the server; `leave` then runs (to
 * navigate away while the pages still have their user) before this tab forgets the session and
 * the support person's own remembered session, if any, connects again.
 */
export function useStopImpersonating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ leave }: { leave: (ownSessionRemains: boolean) => void }) => {
      await request({ method: 'post', url: '/auth/logout', client: 'core' }).catch(() => undefined);
      leave(hasRememberedSession());
      queryClient.clear();
      endImpersonation();
    },
  });
}
