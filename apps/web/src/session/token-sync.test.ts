import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/api-config';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { makeJwt } from '../test/tokens';
import { getAccessToken } from '../app/session/access-token';
import { saveSessionTokens } from './persisted-session';
import { latestOf, listenForRotations } from './token-sync';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const token = (sid: string, secondsAgo: number) => makeJwt({ sid, iat: NOW / 1000 - secondsAgo });

let otherTab: BroadcastChannel;
beforeEach(() => {
  configureApi({ apiUrl: 'http://api.test' });
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  otherTab = new BroadcastChannel('fieldwork.session');
});
afterEach(() => otherTab.close());

const nextMessage = () =>
  new Promise<unknown>((resolve) => {
    otherTab.onmessage = (event: MessageEvent) => resolve(event.data);
  });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('tabs sharing one rotating refresh token', () => {
  it('announces a rotation to the other tabs', async () => {
    saveSessionTokens(
      { accessToken: token('s1', 120), refreshToken: 'refresh-1' },
      { rememberMe: false },
    );
    const renewed = token('s1', 0);
    stubFetch(() => jsonResponse({ accessToken: renewed, refreshToken: 'refresh-2' }));
    const message = nextMessage();
    expect(await getAccessToken()).toBe(renewed);
    expect(await message).toEqual({
      type: 'rotated',
      previous: 'refresh-1',
      accessToken: renewed,
      refreshToken: 'refresh-2',
    });
  });

  it("takes another tab's rotation of the token it holds, and ignores others'", async () => {
    listenForRotations();
    saveSessionTokens(
      { accessToken: token('s1', 30), refreshToken: 'refresh-1' },
      { rememberMe: true },
    );
    otherTab.postMessage({
      type: 'rotated',
      previous: 'someone-elses',
      accessToken: token('s9', 0),
      refreshToken: 'refresh-9',
    });
    await settle();
    expect(sessionStorage.getItem('fieldwork.refreshToken')).toBe('refresh-1');

    const renewed = token('s1', 0);
    otherTab.postMessage({
      type: 'rotated',
      previous: 'refresh-1',
      accessToken: renewed,
      refreshToken: 'refresh-2',
    });
    await settle();
    expect(sessionStorage.getItem('fieldwork.refreshToken')).toBe('refresh-2');
    expect(sessionStorage.getItem('fieldwork.accessToken')).toBe(renewed);
    expect(localStorage.getItem('fieldwork.refreshToken')).toBe('refresh-2');
  });

  it('uses a newer pair of the same session another tab left in localStorage instead of refreshing', async () => {
    const newer = token('s1', 5);
    saveSessionTokens({ accessToken: newer, refreshToken: 'refresh-2' }, { rememberMe: true });
    // This tab still holds the pair the other tab replaced.
    sessionStorage.setItem('fieldwork.accessToken', token('s1', 120));
    sessionStorage.setItem('fieldwork.refreshToken', 'refresh-1');
    const calls = stubFetch(() => jsonResponse({}));
    expect(await getAccessToken()).toBe(newer);
    expect(calls).toHaveLength(0);
    expect(sessionStorage.getItem('fieldwork.refreshToken')).toBe('refresh-2');
  });

  it("never takes another session's remembered pair (an impersonation tab)", () => {
    saveSessionTokens(
      { accessToken: token('support', 0), refreshToken: 'support-refresh' },
      { rememberMe: true },
    );
    const mine = { accessToken: token('impersonated', 120), refreshToken: 'mine' };
    expect(latestOf(mine)).toBe(mine);
  });
});
