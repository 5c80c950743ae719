import { describe, expect, it } from 'vitest';
import {
  clearStoredSession,
  hasAccessToken,
  isLegacySession,
  isNewSubscriptionFlow,
  readAccessToken,
  readImpersonatingFlag,
  readSessionTokens,
  saveAccessToken,
  saveImpersonationTokens,
  saveLegacyAccessToken,
  saveSessionTokens,
  saveRedirectAfterSignIn,
  setNewSubscriptionFlow,
  takeRedirectAfterSignIn,
} from './persisted-session';

describe('the access token', () => {
  it('is kept in sessionStorage only without remember-me', () => {
    saveAccessToken('t1', { rememberMe: false });
    expect(sessionStorage.getItem('fieldwork.accessToken')).toBe('t1');
    expect(localStorage.getItem('fieldwork.accessToken')).toBeNull();
    expect(readAccessToken()).toBe('t1');
  });

  it('is kept in both storages with remember-me', () => {
    saveAccessToken('t2', { rememberMe: true });
    expect(sessionStorage.getItem('fieldwork.accessToken')).toBe('t2');
    expect(localStorage.getItem('fieldwork.accessToken')).toBe('t2');
  });

  it('falls back from sessionStorage to localStorage (a new tab of a remembered session)', () => {
    localStorage.setItem('fieldwork.accessToken', 'remembered');
    expect(hasAccessToken()).toBe(true);
    expect(readAccessToken()).toBe('remembered');
  });

  it('prefers sessionStorage over localStorage', () => {
    localStorage.setItem('fieldwork.accessToken', 'old');
    sessionStorage.setItem('fieldwork.accessToken', 'new');
    expect(readAccessToken()).toBe('new');
  });

  it('drops a remembered token when a later sign-in is not remembered', () => {
    saveAccessToken('t1', { rememberMe: true });
    saveAccessToken('t2', { rememberMe: false });
    expect(localStorage.getItem('fieldwork.accessToken')).toBeNull();
  });

  it('fails with "No access token found" when neither storage has one', () => {
    expect(hasAccessToken()).toBe(false);
    expect(() => readAccessToken()).toThrow('No access token found');
  });
});

describe('clearStoredSession', () => {
  it('removes the product keys from both storages and leaves other keys alone', () => {
    saveAccessToken('t', { rememberMe: true });
    saveRedirectAfterSignIn('/organisations/acme/clients');
    localStorage.setItem('someone-else', 'keep');
    clearStoredSession();
    expect(hasAccessToken()).toBe(false);
    expect(takeRedirectAfterSignIn()).toBeNull();
    expect(localStorage.getItem('someone-else')).toBe('keep');
  });
});

describe('the redirect-after-sign-in URL and the new-subscription-flow flag', () => {
  it('gives the redirect URL once', () => {
    saveRedirectAfterSignIn('/organisations/acme/clients?x=1');
    expect(localStorage.getItem('fieldwork.redirectAfterSignIn')).toBe(
      '/organisations/acme/clients?x=1',
    );
    expect(takeRedirectAfterSignIn()).toBe('/organisations/acme/clients?x=1');
    expect(takeRedirectAfterSignIn()).toBeNull();
  });

  it('stores the new-subscription-flow flag in localStorage', () => {
    expect(isNewSubscriptionFlow()).toBe(false);
    setNewSubscriptionFlow(true);
    expect(localStorage.getItem('fieldwork.newSubscriptionFlow')).toBe('true');
    expect(isNewSubscriptionFlow()).toBe(true);
  });
});

describe('the session tokens', () => {
  const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

  it('keeps both tokens in sessionStorage only without remember-me', () => {
    saveSessionTokens(tokens, { rememberMe: false });
    expect(sessionStorage.getItem('fieldwork.refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('fieldwork.accessToken')).toBeNull();
    expect(localStorage.getItem('fieldwork.refreshToken')).toBeNull();
    expect(readSessionTokens()).toEqual(tokens);
  });

  it('keeps both tokens in localStorage as well with remember-me, for new tabs', () => {
    saveSessionTokens(tokens, { rememberMe: true });
    expect(localStorage.getItem('fieldwork.accessToken')).toBe('access-1');
    expect(localStorage.getItem('fieldwork.refreshToken')).toBe('refresh-1');
    sessionStorage.clear();
    expect(readSessionTokens()).toEqual(tokens);
  });

  it('a legacy token connects as well, and is the bearer when there is no other', () => {
    saveLegacyAccessToken('legacy', { rememberMe: false });
    expect(hasAccessToken()).toBe(true);
    expect(isLegacySession()).toBe(true);
    expect(readAccessToken()).toBe('legacy');
    saveSessionTokens(tokens, { rememberMe: false });
    expect(isLegacySession()).toBe(false);
    expect(readAccessToken()).toBe('access-1');
  });

  it('impersonation writes sessionStorage only, and clearing then spares localStorage', () => {
    saveSessionTokens({ accessToken: 'own', refreshToken: 'own-refresh' }, { rememberMe: true });
    saveImpersonationTokens(tokens);
    expect(readImpersonatingFlag()).toBe(true);
    expect(readSessionTokens()).toEqual(tokens);
    expect(localStorage.getItem('fieldwork.accessToken')).toBe('own');

    clearStoredSession();
    expect(readImpersonatingFlag()).toBe(false);
    expect(readSessionTokens()).toEqual({ accessToken: 'own', refreshToken: 'own-refresh' });
  });
});
