import { describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/api-config';
import { createQueryClient } from '../query-client';
import { endSessionOnAuthError } from '../start-app';
import { errorResponse, stubFetch } from '../../test/fetch-stub';
import { makeContext } from '../../test/fixtures';
import { applySessionContext, loadSessionContext } from './load-context';
import {
  readSessionTokens,
  saveAccessToken,
  saveLegacyAccessToken,
  saveSessionTokens,
} from '../../session/persisted-session';
import {
  connectAsImpersonator,
  connectWithLegacyToken,
  connectWithToken,
  connectWithTokens,
  endImpersonation,
  endSession,
  startSession,
} from './session-lifecycle';
import { session } from '../../session/session-state';

describe('startSession', () => {
  it('has the defaults of the spec before anything happens', () => {
    const state = session.get();
    expect(state).toMatchObject({
      environment: 'local',
      connected: false,
      impersonating: false,
      approximateClockSkewMs: 0,
      organisationId: null,
      supportChat: null,
    });
  });

  it('connects when a token is stored, and registers the token getter and auth-error handler', async () => {
    saveAccessToken('stored', { rememberMe: true });
    const onAuthError = vi.fn();
    startSession('staging', onAuthError);
    const state = session.get();
    expect(state.connected).toBe(true);
    expect(state.environment).toBe('staging');
    expect(state.authErrorHandler).toBe(onAuthError);
    expect(await state.tokenGetter?.()).toBe('stored');
  });

  it('stays disconnected without a token', () => {
    startSession('local', vi.fn());
    expect(session.get().connected).toBe(false);
  });
});

describe('connectWithToken and endSession', () => {
  it('connect, then forget the user and clear both storages', () => {
    const onAuthError = vi.fn();
    startSession('local', onAuthError);
    connectWithToken('fresh', { rememberMe: true });
    applySessionContext(makeContext());
    expect(session.get().connected).toBe(true);

    endSession();
    const state = session.get();
    expect(state).toMatchObject({ connected: false, user: null, organisations: [] });
    expect(state.authErrorHandler).toBe(onAuthError);
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });
});

describe('legacy sessions', () => {
  it('connect from a stored legacy token', async () => {
    saveLegacyAccessToken('legacy-1', { rememberMe: false });
    startSession('local', vi.fn());
    expect(session.get().connected).toBe(true);
    expect(await session.get().tokenGetter?.()).toBe('legacy-1');
  });

  it('are logged out by a 401', async () => {
    configureApi({ apiUrl: 'http://api.test' });
    saveLegacyAccessToken('legacy-1', { rememberMe: true });
    startSession('local', endSessionOnAuthError(createQueryClient()));
    stubFetch(() => errorResponse(401, 'Unauthorized'));
    await expect(loadSessionContext()).rejects.toThrow();
    expect(session.get().connected).toBe(false);
    expect(sessionStorage.getItem('fieldwork.legacyAccessToken')).toBeNull();
    expect(localStorage.getItem('fieldwork.legacyAccessToken')).toBeNull();
  });

  it('a sign-in of the new kind replaces a legacy sign-in, and a legacy one the new kind', () => {
    connectWithLegacyToken('legacy-1', { rememberMe: false });
    connectWithTokens({ accessToken: 'a', refreshToken: 'r' }, { rememberMe: false });
    expect(session.get().connected).toBe(true);
    startSession('local', vi.fn());
    expect(sessionStorage.getItem('fieldwork.legacyAccessToken')).toBeNull();

    connectWithLegacyToken('legacy-2', { rememberMe: false });
    expect(readSessionTokens()).toBeNull();
  });
});

describe('impersonation', () => {
  it('starts with the stored flag, and stopping reconnects the support person’s own session', () => {
    saveSessionTokens({ accessToken: 'own', refreshToken: 'own-r' }, { rememberMe: true });
    connectAsImpersonator({ accessToken: 'as-user', refreshToken: 'as-user-r' });
    expect(session.get()).toMatchObject({ connected: true, impersonating: true });
    startSession('local', vi.fn());
    expect(session.get().impersonating).toBe(true);

    expect(endImpersonation()).toBe(true);
    expect(session.get()).toMatchObject({ connected: true, impersonating: false });
    expect(readSessionTokens()).toEqual({ accessToken: 'own', refreshToken: 'own-r' });
  });

  it('stopping without a session of one’s own leaves the browser signed out', () => {
    connectAsImpersonator({ accessToken: 'as-user', refreshToken: 'as-user-r' });
    expect(endImpersonation()).toBe(false);
    expect(session.get()).toMatchObject({ connected: false, impersonating: false });
  });
});
