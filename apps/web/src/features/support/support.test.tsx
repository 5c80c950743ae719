import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/api-config';
import { readSessionTokens, saveSessionTokens } from '../../session/persisted-session';
import { startSession } from '../../app/session/session-lifecycle';
import { session } from '../../session/session-state';
import { setSupportChatLoader } from '../../session/support-chat';
import { errorResponse, jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { makeContext, makeOrganisation, makeUser } from '../../test/fixtures';
import { click, control, fill } from '../../test/interact';
import { textOf, waitFor } from '../../test/render';
import { renderApp, signedIn } from '../../test/render-app';

const organisation = makeOrganisation({ slug: 'acme', name: 'Acme Surveys' });
const impersonated = makeUser({ name: 'Uma User', email: 'uma@example.test' });
const impersonator = { id: 'f'.repeat(24), name: 'Sam Support', email: 'sam@example.test' };
const impersonatedContext = makeContext([organisation], {
  user: impersonated,
  impersonating: true,
  impersonator,
});

beforeEach(() => {
  configureApi({ apiUrl: 'http://api.test' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function impersonationApi(answer: (call: RecordedCall) => Response = () => jsonResponse({})) {
  startSession('local', vi.fn());
  return stubFetch((call) => {
    const path = new URL(call.url).pathname;
    if (path === '/auth/impersonate') {
      return jsonResponse({
        accessToken: 'as-uma',
        refreshToken: 'as-uma-r',
        expiresIn: 300,
        impersonating: true,
      });
    }
    if (path === '/me/context') {
      const bearer = call.headers.get('Authorization');
      return jsonResponse(bearer === 'Bearer as-uma' ? impersonatedContext : makeContext());
    }
    return answer(call);
  });
}

describe('/impersonate/{token}', () => {
  it('keeps the tokens in sessionStorage only, loads the context, and shows the banner on every page', async () => {
    saveSessionTokens({ accessToken: 'own', refreshToken: 'own-r' }, { rememberMe: true });
    const chatLoader = vi.fn(() => ({ showMessages: vi.fn() }));
    setSupportChatLoader(chatLoader);
    try {
      const calls = impersonationApi(() => jsonResponse({ data: [], meta: { total: 0 } }));
      const router = await renderApp('/impersonate/imp-token');

      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
      );
      expect(jsonBodyOf(calls.find((call) => call.url.endsWith('/auth/impersonate')))).toEqual({
        token: 'imp-token',
      });
      expect(sessionStorage.getItem('fieldwork.accessToken')).toBe('as-uma');
      expect(sessionStorage.getItem('fieldwork.impersonating')).toBe('true');
      expect(localStorage.getItem('fieldwork.accessToken')).toBe('own');
      expect(session.get()).toMatchObject({ impersonating: true, impersonator });

      await waitFor(() => expect(textOf()).toContain('You are impersonating Uma User'));
      await act(() => router.navigate('/organisations'));
      await waitFor(() => expect(textOf()).toContain('Your organisations'));
      expect(textOf()).toContain('You are impersonating Uma User');
      // The support chat is not started as the impersonated user.
      expect(chatLoader).not.toHaveBeenCalled();
    } finally {
      setSupportChatLoader(null);
    }
  });

  it('"Stop impersonating" revokes the session and returns to the support person’s own one', async () => {
    saveSessionTokens({ accessToken: 'own', refreshToken: 'own-r' }, { rememberMe: true });
    const calls = impersonationApi(() => new Response(null, { status: 204 }));
    const router = await renderApp('/impersonate/imp-token');
    await waitFor(() => expect(textOf()).toContain('You are impersonating Uma User'));

    await click('Stop impersonating');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
    const logout = calls.find((call) => call.url.endsWith('/auth/logout'));
    expect(logout?.headers.get('Authorization')).toBe('Bearer as-uma');
    expect(readSessionTokens()).toEqual({ accessToken: 'own', refreshToken: 'own-r' });
    expect(session.get().impersonating).toBe(false);
    await waitFor(() => expect(textOf()).not.toContain('You are impersonating'));
  });

  it('"Stop impersonating" without an own session goes to sign-in', async () => {
    impersonationApi(() => new Response(null, { status: 204 }));
    const router = await renderApp('/impersonate/imp-token');
    await click('Stop impersonating');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(readSessionTokens()).toBeNull();
  });

  it('explains an expired or used link', async () => {
    startSession('local', vi.fn());
    stubFetch(() => errorResponse(401, 'Unauthorized', { message: 'The link is not valid' }));
    await renderApp('/impersonate/used');
    await waitFor(() =>
      expect(textOf()).toContain('This impersonation link has expired or has already been used.'),
    );
    expect(control('Go to sign in').getAttribute('href')).toBe('/signin');
    expect(session.get().connected).toBe(false);
  });
});

describe('the support page', () => {
  it('is in the user menu of support staff only', async () => {
    signedIn(makeContext([organisation], { support: false }));
    await renderApp('/organisations');
    await openUserMenu();
    await waitFor(() => expect(textOf()).toContain('Switch organisation'));
    expect(textOf()).not.toContain('Support');
  });

  it('creates an impersonation link for a user e-mail', async () => {
    const calls = signedIn(makeContext([organisation], { support: true }), () =>
      jsonResponse(
        {
          token: 'imp-abc',
          url: 'http://elsewhere/impersonate/imp-abc',
          expires_at: '2026-01-01T12:10:00Z',
        },
        201,
      ),
    );
    const router = await renderApp('/organisations');
    await openUserMenu();
    await click('Support');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));

    await fill('User e-mail', 'uma@example.test');
    await click('Create impersonation link');
    await waitFor(() => expect(textOf()).toContain('Link for uma@example.test'));
    const create = calls.find((call) => call.url.endsWith('/support/impersonation_tokens'));
    expect(create?.method).toBe('POST');
    expect(jsonBodyOf(create)).toEqual({ email: 'uma@example.test' });
    const link = `${window.location.origin}/impersonate/imp-abc`;
    expect(textOf()).toContain(link);
    expect(control('Open impersonation link').getAttribute('href')).toBe(link);
    expect(control('Open impersonation link').getAttribute('target')).toBe('_blank');
  });

  it('tells other users it is for support staff', async () => {
    signedIn(makeContext([organisation]));
    await renderApp('/support');
    await waitFor(() => expect(textOf()).toContain('For support staff only'));
    expect(textOf()).not.toContain('Create impersonation link');
  });
});

/** The user menu's button: its accessible name is "User menu: " and the user's name. */
async function openUserMenu(): Promise<void> {
  await waitFor(() => {
    const button = [...document.querySelectorAll('button')].find((element) =>
      element.textContent?.startsWith('User menu:'),
    );
    if (!button) throw new Error('no user menu');
    act(() => button.click());
  });
}
