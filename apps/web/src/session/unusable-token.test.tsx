import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/api-config';
import { createQueryClient } from '../app/query-client';
import { endSessionOnAuthError } from '../app/start-app';
import { errorResponse, jsonBodyOf, jsonResponse, stubFetch } from '../test/fetch-stub';
import type { RecordedCall } from '../test/fetch-stub';
import { makeContext, makeOrganisation } from '../test/fixtures';
import { textOf, waitFor } from '../test/render';
import { renderApp } from '../test/render-app';
import { SESSION_EXPIRED_MESSAGE } from './expiry-notice';
import { readSessionTokens, saveSessionTokens } from './persisted-session';
import { connectWithTokens, startSession } from '../app/session/session-lifecycle';
import { session } from './session-state';

const context = makeContext([makeOrganisation({ slug: 'first', name: 'First Surveys' })]);
const path = (call: RecordedCall) => new URL(call.url).pathname;

/**
 * Signed in with an access token the API refuses (it looks fresh: not a JWT, so never stale) and
 * a refresh token; the API accepts only `Bearer good`, and POST /auth/refresh answers `refresh`.
 */
function signedInWithUnusableToken(refresh: () => Response) {
  configureApi({ apiUrl: 'http://api.test' });
  saveSessionTokens({ accessToken: 'unusable', refreshToken: 'refresh-1' }, { rememberMe: true });
  const queryClient = createQueryClient();
  startSession('local', endSessionOnAuthError(queryClient));
  const calls = stubFetch((call) => {
    if (path(call) === '/auth/refresh') return refresh();
    if (call.headers.get('Authorization') !== 'Bearer good') {
      return errorResponse(401, 'Unauthorized');
    }
    return path(call) === '/me/context' ? jsonResponse(context) : jsonResponse({}, 404);
  });
  return { calls, queryClient };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('an access token the API refuses', () => {
  it('is renewed with the refresh token and the call retried: the user stays signed in', async () => {
    const { calls, queryClient } = signedInWithUnusableToken(() =>
      jsonResponse({ accessToken: 'good', refreshToken: 'refresh-2', expiresIn: 300 }),
    );
    const router = await renderApp('/organisations', queryClient);
    await waitFor(() => expect(textOf()).toContain('First Surveys'));

    expect(router.state.location.pathname).toBe('/organisations');
    expect(session.get().connected).toBe(true);
    const refreshes = calls.filter((call) => path(call) === '/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(jsonBodyOf(refreshes[0])).toEqual({ refreshToken: 'refresh-1' });
    const contextCalls = calls.filter((call) => path(call) === '/me/context');
    expect(contextCalls.map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer unusable',
      'Bearer good',
    ]);
    // the rotated pair is kept where the old one was (remember-me: both storages)
    expect(readSessionTokens()).toEqual({ accessToken: 'good', refreshToken: 'refresh-2' });
    expect(localStorage.getItem('fieldwork.refreshToken')).toBe('refresh-2');
    expect(textOf()).not.toContain(SESSION_EXPIRED_MESSAGE);
  });

  it('signs out with "Your session has expired" when the refresh fails too', async () => {
    const { calls, queryClient } = signedInWithUnusableToken(() =>
      errorResponse(401, 'Unauthorized'),
    );
    const router = await renderApp('/organisations', queryClient);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    await waitFor(() => expect(textOf()).toContain(SESSION_EXPIRED_MESSAGE));

    expect(SESSION_EXPIRED_MESSAGE).toBe('Your session has expired — please sign in again');
    expect(session.get().connected).toBe(false);
    expect(readSessionTokens()).toBeNull();
    // one refresh, and the refused call is not sent a second time with the same token
    expect(calls.filter((call) => path(call) === '/auth/refresh')).toHaveLength(1);
    expect(calls.filter((call) => path(call) === '/me/context')).toHaveLength(1);
  });

  it('forgets the message once a session connects again', async () => {
    signedInWithUnusableToken(() => errorResponse(401, 'Unauthorized'));
    const router = await renderApp('/organisations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    await waitFor(() => expect(textOf()).toContain(SESSION_EXPIRED_MESSAGE));
    connectWithTokens({ accessToken: 'good', refreshToken: 'r' }, { rememberMe: false });
    expect(sessionStorage.getItem('fieldwork.sessionExpired')).toBeNull();
  });
});
