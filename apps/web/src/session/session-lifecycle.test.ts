import { describe, expect, it, vi } from 'vitest';
import { makeContext } from '../test/fixtures';
import { applySessionContext } from './load-context';
import { saveAccessToken } from './persisted-session';
import { connectWithToken, endSession, startSession } from './session-lifecycle';
import { session } from './session-state';

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
