import type { User } from '@fieldwork/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { connectWithLegacyToken, connectWithTokens } from '../../app/session/session-lifecycle';

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** What sign-in, sign-up, tickets and impersonation answer (docs/identity-and-people.md). */
export interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** POST /auth/web (`remember` picks a 30-day session over a 1-day one). */
export function signInWithPassword({ email, password, rememberMe }: SignInInput) {
  return request<TokenAnswer>({
    method: 'post',
    url: '/auth/web',
    client: 'public',
    body: { email, password, remember: rememberMe },
  });
}

/** POST /auth/web, then the tokens connect the session (in localStorage too with remember-me). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      const { accessToken, refreshToken } = await signInWithPassword(input);
      queryClient.clear();
      connectWithTokens({ accessToken, refreshToken }, { rememberMe: input.rememberMe });
    },
  });
}

/** POST /auth/legacy answers an opaque legacy token that is sent as the bearer itself. */
export function useLegacySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password, rememberMe }: SignInInput) => {
      const { legacyAccessToken } = await request<{ legacyAccessToken: string }>({
        method: 'post',
        url: '/auth/legacy',
        client: 'public',
        body: { email, password },
      });
      queryClient.clear();
      connectWithLegacyToken(legacyAccessToken, { rememberMe });
    },
  });
}

/** POST /users/register returns the user and tokens for this browser session. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const { accessToken, refreshToken } = await request<TokenAnswer & { user: User }>({
        method: 'post',
        url: '/users/register',
        client: 'public',
        body: input,
      });
      queryClient.clear();
      connectWithTokens({ accessToken, refreshToken }, { rememberMe: false });
    },
  });
}

export function logOutOnServer(): Promise<void> {
  return request<void>({ method: 'post', url: '/auth/logout', client: 'core' });
}

/** GET /me/clerk_sign_in_token: a single-use sign-in ticket, valid 5 minutes. */
export function requestSignInTicket(bearer?: string): Promise<{ token: string }> {
  return request<{ token: string }>({
    method: 'get',
    url: '/me/clerk_sign_in_token',
    // With an explicit bearer (a sign-in that is not kept in this browser) the call goes without
    // the stored session, so a 401 cannot end it.
    client: bearer ? 'public' : 'core',
    headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
  });
}

/** POST /password/request_reset_link: 202 whether or not the e-mail has an account. */
export function requestPasswordResetLink(email: string): Promise<unknown> {
  return request({
    method: 'post',
    url: '/password/request_reset_link',
    client: 'public',
    body: { email },
  });
}

export interface PasswordResetLink {
  email: string;
  expires_at: string;
}

/** GET /password/reset/{token}: the e-mail the link is for; 404 when unknown, used or expired. */
export async function fetchPasswordResetLink(token: string): Promise<PasswordResetLink> {
  const { data } = await request<{ data: PasswordResetLink }>({
    method: 'get',
    url: `/password/reset/${encodeURIComponent(token)}`,
    client: 'public',
  });
  return data;
}

/** POST /password/reset: sets the password and revokes every session of the user. */
export function resetPassword(token: string, password: string): Promise<unknown> {
  return request({
    method: 'post',
    url: '/password/reset',
    client: 'public',
    body: { token, password },
  });
}
