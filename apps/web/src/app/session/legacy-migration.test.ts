import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/api-config';
import { errorResponse, jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { makeOrganisation } from '../../test/fixtures';
import {
  hasClerkMigration,
  migrateLegacySession,
  shouldMigrateLegacySession,
} from './legacy-migration';
import {
  readSessionTokens,
  saveLegacyAccessToken,
  saveSessionTokens,
} from '../../session/persisted-session';
import { startSession } from './session-lifecycle';
import { session } from '../../session/session-state';

const migrating = makeOrganisation({
  options: { features: { beta_features: ['clerk_migration'] } },
});
const notMigrating = makeOrganisation({ options: { features: { beta_features: ['other'] } } });

beforeEach(() => {
  configureApi({ apiUrl: 'http://api.test' });
});

/** Records what the migration waits for and when it reloads, in order. */
function fakeBrowser() {
  const steps: string[] = [];
  return {
    steps,
    environment: {
      wait: vi.fn(async (ms: number) => {
        steps.push(`wait ${ms}`);
      }),
      reload: vi.fn(() => {
        steps.push('reload');
      }),
    },
  };
}

function answerTicketExchange() {
  return stubFetch((call) => {
    if (call.url.endsWith('/me/clerk_sign_in_token')) return jsonResponse({ token: 'ticket-1' });
    if (call.url.endsWith('/auth/ticket')) {
      return jsonResponse({
        accessToken: 'new-access',
        refreshToken: 'new-refresh',
        expiresIn: 300,
      });
    }
    return jsonResponse({}, 404);
  });
}

describe('when a session is migrated', () => {
  it('needs a legacy session and the clerk_migration beta feature', () => {
    expect(hasClerkMigration(migrating)).toBe(true);
    expect(hasClerkMigration(notMigrating)).toBe(false);
    expect(hasClerkMigration(makeOrganisation())).toBe(false);
    expect(hasClerkMigration(undefined)).toBe(false);

    expect(shouldMigrateLegacySession(migrating)).toBe(false);
    saveLegacyAccessToken('legacy-1', { rememberMe: false });
    expect(shouldMigrateLegacySession(migrating)).toBe(true);
    expect(shouldMigrateLegacySession(notMigrating)).toBe(false);

    // Once tokens of the new sign-in exist, the session is no longer a legacy one.
    saveSessionTokens({ accessToken: 'a', refreshToken: 'r' }, { rememberMe: false });
    expect(shouldMigrateLegacySession(migrating)).toBe(false);
  });
});

describe('migrateLegacySession', () => {
  it('exchanges the legacy session for a ticket, signs in with it, waits 500 ms and reloads', async () => {
    saveLegacyAccessToken('legacy-1', { rememberMe: false });
    startSession('local', vi.fn());
    const calls = answerTicketExchange();
    const { steps, environment } = fakeBrowser();

    await migrateLegacySession(environment);

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET http://api.test/me/clerk_sign_in_token',
      'POST http://api.test/auth/ticket',
    ]);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer legacy-1');
    expect(calls[1]?.headers.get('Authorization')).toBeNull();
    expect(jsonBodyOf(calls[1])).toEqual({ ticket: 'ticket-1' });
    expect(readSessionTokens()).toEqual({ accessToken: 'new-access', refreshToken: 'new-refresh' });
    expect(steps).toEqual(['wait 500', 'reload']);
    // Until the reload the legacy token is still there; the app start after it clears it.
    expect(sessionStorage.getItem('fieldwork.legacyAccessToken')).toBe('legacy-1');
    startSession('local', vi.fn());
    expect(sessionStorage.getItem('fieldwork.legacyAccessToken')).toBeNull();
    expect(session.get().connected).toBe(true);
  });

  it('keeps the new tokens in localStorage too when the legacy session was remembered', async () => {
    saveLegacyAccessToken('legacy-1', { rememberMe: true });
    startSession('local', vi.fn());
    answerTicketExchange();
    await migrateLegacySession(fakeBrowser().environment);
    expect(localStorage.getItem('fieldwork.accessToken')).toBe('new-access');
    startSession('local', vi.fn());
    expect(localStorage.getItem('fieldwork.legacyAccessToken')).toBeNull();
  });

  it('fails without reloading when the ticket cannot be had, and keeps the legacy session', async () => {
    saveLegacyAccessToken('legacy-1', { rememberMe: false });
    startSession('local', vi.fn());
    stubFetch(() => errorResponse(403, 'Forbidden'));
    const { steps, environment } = fakeBrowser();

    await expect(migrateLegacySession(environment)).rejects.toThrow('Forbidden happened');
    expect(steps).toEqual([]);
    expect(readSessionTokens()).toBeNull();
    expect(sessionStorage.getItem('fieldwork.legacyAccessToken')).toBe('legacy-1');
  });

  it('fails without reloading when the ticket sign-in answers no token', async () => {
    saveLegacyAccessToken('legacy-1', { rememberMe: false });
    startSession('local', vi.fn());
    stubFetch((call) =>
      call.url.endsWith('/me/clerk_sign_in_token')
        ? jsonResponse({ token: 'ticket-1' })
        : jsonResponse({}),
    );
    const { steps, environment } = fakeBrowser();
    await expect(migrateLegacySession(environment)).rejects.toThrow('not accepted');
    expect(steps).toEqual([]);
  });
});
