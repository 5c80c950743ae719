import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/api-config';
import { errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { makeContext, makeOrganisation } from '../../test/fixtures';
import { textOf, waitFor } from '../../test/render';
import { renderApp } from '../../test/render-app';
import { readSessionTokens, saveLegacyAccessToken } from '../../session/persisted-session';
import { startSession } from './session-lifecycle';
import { resetLegacyMigrationForTests } from './use-legacy-migration';

const migrating = makeOrganisation({
  slug: 'acme',
  options: { features: { beta_features: ['clerk_migration'] } },
});

beforeEach(() => {
  resetLegacyMigrationForTests();
  configureApi({ apiUrl: 'http://api.test' });
  saveLegacyAccessToken('legacy-1', { rememberMe: false });
  startSession('local', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a legacy session in an organisation with clerk_migration', () => {
  it('is migrated: ticket, new tokens, then a reload after 500 ms', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    stubFetch((call) => {
      const path = new URL(call.url).pathname;
      if (path === '/me/context') return jsonResponse(makeContext([migrating]));
      if (path === '/me/clerk_sign_in_token') return jsonResponse({ token: 'ticket-1' });
      if (path === '/auth/ticket') {
        return jsonResponse({ accessToken: 'new-a', refreshToken: 'new-r', expiresIn: 300 });
      }
      return jsonResponse({}, 404);
    });
    await renderApp('/organisations/acme/projects');
    await waitFor(() => expect(readSessionTokens()?.accessToken).toBe('new-a'));
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), 2000);
  });

  it('reports a failed migration and stays on the page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    stubFetch((call) =>
      call.url.endsWith('/me/context')
        ? jsonResponse(makeContext([migrating]))
        : errorResponse(503, 'Service Unavailable'),
    );
    const router = await renderApp('/organisations/acme/projects');
    await waitFor(() => expect(textOf()).toContain('Your sign-in could not be upgraded'));
    expect(console.error).toHaveBeenCalledWith(
      'The legacy sign-in could not be migrated',
      expect.any(Error),
    );
    expect(router.state.location.pathname).toBe('/organisations/acme/projects');
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('fieldwork.legacyAccessToken')).toBe('legacy-1');
  });

  it('is left alone in an organisation without the feature', async () => {
    const calls = stubFetch((call) =>
      call.url.endsWith('/me/context')
        ? jsonResponse(makeContext([makeOrganisation({ slug: 'acme' })]))
        : jsonResponse({}, 404),
    );
    await renderApp('/organisations/acme/projects');
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Projects'));
    expect(calls.some((call) => call.url.endsWith('/me/clerk_sign_in_token'))).toBe(false);
  });
});
