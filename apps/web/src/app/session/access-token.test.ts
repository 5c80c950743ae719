import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearRecordedEvents, recordedEvents } from '../../analytics/events';
import { configureApi } from '../../api/api-config';
import { errorResponse, jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { makeJwt } from '../../test/tokens';
import { getAccessToken, isStale, issuedAt, renewRejectedToken } from './access-token';
import {
  saveImpersonationTokens,
  saveLegacyAccessToken,
  saveSessionTokens,
} from '../../session/persisted-session';
import { session } from '../../session/session-state';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const secondsAgo = (seconds: number) => makeJwt({ iat: NOW / 1000 - seconds });

beforeEach(() => {
  configureApi({ apiUrl: 'http://api.test' });
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  clearRecordedEvents();
});

describe('reading the age of an access token', () => {
  it('reads iat from the JWT payload and treats other tokens as fresh', () => {
    expect(issuedAt(makeJwt({ iat: 1234 }))).toBe(1234);
    expect(issuedAt('opaque-legacy-token')).toBeNull();
    expect(issuedAt('a.not-json.c')).toBeNull();
    expect(isStale('opaque-legacy-token')).toBe(false);
  });

  it('is stale only when older than 60 seconds', () => {
    expect(isStale(secondsAgo(59))).toBe(false);
    expect(isStale(secondsAgo(60))).toBe(false);
    expect(isStale(secondsAgo(61))).toBe(true);
  });

  it('measures the age by the server clock (local time corrected by the clock skew)', () => {
    const token = secondsAgo(30);
    session.update({ approximateClockSkewMs: 45_000 }); // the server is 45 s ahead
    expect(isStale(token)).toBe(true);
    session.update({ approximateClockSkewMs: -45_000 });
    expect(isStale(secondsAgo(100))).toBe(false);
  });
});

describe('the token getter', () => {
  it('answers a fresh token without calling the API', async () => {
    const fresh = secondsAgo(10);
    saveSessionTokens({ accessToken: fresh, refreshToken: 'refresh-1' }, { rememberMe: false });
    const calls = stubFetch(() => jsonResponse({}));
    expect(await getAccessToken()).toBe(fresh);
    expect(calls).toHaveLength(0);
  });

  it('refreshes a token older than 60 seconds with POST /auth/refresh and keeps the new pair', async () => {
    saveSessionTokens(
      { accessToken: secondsAgo(61), refreshToken: 'refresh-1' },
      { rememberMe: false },
    );
    const renewed = secondsAgo(0);
    const calls = stubFetch(() =>
      jsonResponse({ accessToken: renewed, refreshToken: 'refresh-2', expiresIn: 300 }),
    );

    expect(await getAccessToken()).toBe(renewed);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: 'http://api.test/auth/refresh', method: 'POST' });
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(jsonBodyOf(calls[0])).toEqual({ refreshToken: 'refresh-1' });
    expect(sessionStorage.getItem('fieldwork.accessToken')).toBe(renewed);
    expect(sessionStorage.getItem('fieldwork.refreshToken')).toBe('refresh-2');
    expect(localStorage.getItem('fieldwork.accessToken')).toBeNull();
    expect(recordedEvents()).toEqual([]);
  });

  it('shares one refresh among parallel callers', async () => {
    saveSessionTokens(
      { accessToken: secondsAgo(120), refreshToken: 'refresh-1' },
      { rememberMe: false },
    );
    const renewed = secondsAgo(0);
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));

    const callers = [getAccessToken(), getAccessToken(), getAccessToken()];
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    answer(jsonResponse({ accessToken: renewed, refreshToken: 'refresh-1', expiresIn: 300 }));

    expect(await Promise.all(callers)).toEqual([renewed, renewed, renewed]);
    expect(calls).toHaveLength(1);
    // Once it has settled, the next stale token gets a refresh of its own.
    saveSessionTokens(
      { accessToken: secondsAgo(90), refreshToken: 'refresh-1' },
      { rememberMe: false },
    );
    stubFetch(() => jsonResponse({ accessToken: renewed, refreshToken: 'r', expiresIn: 300 }));
    await getAccessToken();
  });

  it('answers the stale token and records a failure event when the refresh fails', async () => {
    const stale = secondsAgo(200);
    saveSessionTokens({ accessToken: stale, refreshToken: 'refresh-1' }, { rememberMe: true });
    stubFetch(() => errorResponse(401, 'Unauthorized'));

    expect(await getAccessToken()).toBe(stale);
    expect(sessionStorage.getItem('fieldwork.accessToken')).toBe(stale);
    expect(recordedEvents()).toMatchObject([
      { name: 'Token Refresh Failed', properties: { reason: 'Unauthorized happened' } },
    ]);
  });

  it('answers the stale token and records a failure event when the refresh answers no token', async () => {
    const stale = secondsAgo(200);
    saveSessionTokens({ accessToken: stale, refreshToken: 'refresh-1' }, { rememberMe: false });
    stubFetch(() => jsonResponse({}));

    expect(await getAccessToken()).toBe(stale);
    expect(recordedEvents()).toMatchObject([
      { name: 'Token Refresh Failed', properties: { reason: 'empty answer' } },
    ]);
  });

  it('records a failure when the network is down, and all parallel callers get the stale token', async () => {
    const stale = secondsAgo(200);
    saveSessionTokens({ accessToken: stale, refreshToken: 'refresh-1' }, { rememberMe: false });
    const calls = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    expect(await Promise.all([getAccessToken(), getAccessToken()])).toEqual([stale, stale]);
    expect(calls).toHaveLength(1);
    expect(recordedEvents()).toHaveLength(1);
  });

  it('does not refresh a token that has no refresh token beside it', async () => {
    const old = secondsAgo(500);
    saveSessionTokens({ accessToken: old, refreshToken: null }, { rememberMe: false });
    const calls = stubFetch(() => jsonResponse({}));
    expect(await getAccessToken()).toBe(old);
    expect(calls).toHaveLength(0);
  });

  it('falls back to the legacy access token, and fails with "No access token found" without any', async () => {
    await expect(getAccessToken()).rejects.toThrow('No access token found');
    saveLegacyAccessToken('legacy-1', { rememberMe: false });
    expect(await getAccessToken()).toBe('legacy-1');
  });
});

describe('remember-me and refreshed tokens', () => {
  const renewed = makeJwt({ iat: NOW / 1000 });

  it('keeps refreshed tokens in localStorage as well for a remembered session', async () => {
    saveSessionTokens(
      { accessToken: secondsAgo(100), refreshToken: 'refresh-1' },
      { rememberMe: true },
    );
    stubFetch(() =>
      jsonResponse({ accessToken: renewed, refreshToken: 'refresh-2', expiresIn: 300 }),
    );
    await getAccessToken();
    expect(localStorage.getItem('fieldwork.accessToken')).toBe(renewed);
    expect(localStorage.getItem('fieldwork.refreshToken')).toBe('refresh-2');
  });

  it('refreshes a remembered session opened in a new tab (localStorage only)', async () => {
    saveSessionTokens(
      { accessToken: secondsAgo(100), refreshToken: 'refresh-1' },
      { rememberMe: true },
    );
    sessionStorage.clear();
    stubFetch(() =>
      jsonResponse({ accessToken: renewed, refreshToken: 'refresh-1', expiresIn: 300 }),
    );
    expect(await getAccessToken()).toBe(renewed);
    expect(sessionStorage.getItem('fieldwork.accessToken')).toBe(renewed);
    expect(localStorage.getItem('fieldwork.accessToken')).toBe(renewed);
  });

  it('leaves the remembered session in localStorage alone while a tab impersonates', async () => {
    const own = secondsAgo(10);
    saveSessionTokens({ accessToken: own, refreshToken: 'support-refresh' }, { rememberMe: true });
    saveImpersonationTokens({ accessToken: secondsAgo(100), refreshToken: 'impersonation' });
    const calls = stubFetch(() =>
      jsonResponse({ accessToken: renewed, refreshToken: 'impersonation', expiresIn: 300 }),
    );
    expect(await getAccessToken()).toBe(renewed);
    expect(jsonBodyOf(calls[0])).toEqual({ refreshToken: 'impersonation' });
    expect(localStorage.getItem('fieldwork.accessToken')).toBe(own);
    expect(localStorage.getItem('fieldwork.refreshToken')).toBe('support-refresh');
  });
});

describe('renewing a token the API refused', () => {
  it('refreshes even a fresh-looking token and keeps the rotated pair', async () => {
    const refused = secondsAgo(5);
    saveSessionTokens({ accessToken: refused, refreshToken: 'refresh-1' }, { rememberMe: false });
    const renewed = secondsAgo(0);
    const calls = stubFetch(() =>
      jsonResponse({ accessToken: renewed, refreshToken: 'refresh-2' }),
    );
    expect(await renewRejectedToken(refused)).toBe(renewed);
    expect(calls).toHaveLength(1);
    expect(jsonBodyOf(calls[0])).toEqual({ refreshToken: 'refresh-1' });
    expect(sessionStorage.getItem('fieldwork.refreshToken')).toBe('refresh-2');
  });

  it('answers null, with a failure event, when the refresh is refused', async () => {
    saveSessionTokens({ accessToken: 'refused', refreshToken: 'refresh-1' }, { rememberMe: false });
    stubFetch(() => errorResponse(401, 'Unauthorized'));
    expect(await renewRejectedToken('refused')).toBeNull();
    expect(recordedEvents().map((event) => event.name)).toContain('Token Refresh Failed');
  });

  it('answers null without calling the API when there is no refresh token', async () => {
    saveSessionTokens({ accessToken: 'refused', refreshToken: null }, { rememberMe: false });
    const calls = stubFetch(() => jsonResponse({}));
    expect(await renewRejectedToken('refused')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('answers the stored token when another call already replaced the refused one', async () => {
    saveSessionTokens({ accessToken: 'newer', refreshToken: 'refresh-2' }, { rememberMe: false });
    const calls = stubFetch(() => jsonResponse({}));
    expect(await renewRejectedToken('refused')).toBe('newer');
    expect(calls).toHaveLength(0);
  });

  it('shares one refresh between parallel refused calls', async () => {
    saveSessionTokens({ accessToken: 'refused', refreshToken: 'refresh-1' }, { rememberMe: false });
    const calls = stubFetch(() => jsonResponse({ accessToken: 'good', refreshToken: 'refresh-2' }));
    const answers = await Promise.all([
      renewRejectedToken('refused'),
      renewRejectedToken('refused'),
    ]);
    expect(answers).toEqual(['good', 'good']);
    expect(calls).toHaveLength(1);
  });
});
