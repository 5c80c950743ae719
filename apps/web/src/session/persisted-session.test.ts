import { describe, expect, it } from 'vitest';
import {
  clearStoredSession,
  hasAccessToken,
  isNewSubscriptionFlow,
  readAccessToken,
  saveAccessToken,
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
