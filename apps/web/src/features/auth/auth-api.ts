import type { User } from '@fieldwork/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { connectWithToken } from '../../session/session-lifecycle';

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

/** POST /auth/web, then the token connects the session (in localStorage too with remember-me). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password, rememberMe }: SignInInput) => {
      const { accessToken } = await request<{ accessToken: string }>({
        method: 'post',
        url: '/auth/web',
        client: 'public',
        body: { email, password },
      });
      queryClient.clear();
      connectWithToken(accessToken, { rememberMe });
    },
  });
}

/** POST /users/register returns the user and an access token for this browser session. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const { accessToken } = await request<{ user: User; accessToken: string }>({
        method: 'post',
        url: '/users/register',
        client: 'public',
        body: input,
      });
      queryClient.clear();
      connectWithToken(accessToken, { rememberMe: false });
    },
  });
}

export function logOutOnServer(): Promise<void> {
  return request<void>({ method: 'post', url: '/auth/logout', client: 'core' });
}
