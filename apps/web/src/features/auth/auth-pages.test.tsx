import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/api-config';
import { readSessionTokens, saveSessionTokens } from '../../session/persisted-session';
import { startSession } from '../../app/session/session-lifecycle';
import { session } from '../../session/session-state';
import { errorResponse, jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { makeContext, makeOrganisation } from '../../test/fixtures';
import { click, control, fieldByLabel, fill } from '../../test/interact';
import { textOf, waitFor } from '../../test/render';
import { renderApp } from '../../test/render-app';
import { mobileAppSignInUrl } from './MobileSignInPage';

const organisation = makeOrganisation({ slug: 'acme', name: 'Acme Surveys' });
const context = makeContext([organisation]);

/** Signed out, with the API answering `answer` (and GET /me/context with `context`). */
function signedOut(answer: (call: RecordedCall) => Response) {
  configureApi({ apiUrl: 'http://api.test' });
  startSession('local', vi.fn());
  return stubFetch((call) =>
    call.url.endsWith('/me/context') ? jsonResponse(context) : answer(call),
  );
}

const callTo = (calls: RecordedCall[], path: string) =>
  calls.find((call) => new URL(call.url).pathname === path);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('sign-in', () => {
  const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 };

  it('sends remember and keeps both tokens in both storages when "Remember me" is ticked', async () => {
    const calls = signedOut(() => jsonResponse(tokens));
    const router = await renderApp('/signin');
    await fill('Email', 'ada@example.test');
    await fill('Password', 'secret-password');
    act(() => fieldByLabel('Remember me').click());
    await click('Sign in');

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    expect(jsonBodyOf(callTo(calls, '/auth/web'))).toEqual({
      email: 'ada@example.test',
      password: 'secret-password',
      remember: true,
    });
    expect(sessionStorage.getItem('fieldwork.refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('fieldwork.accessToken')).toBe('access-1');
    expect(localStorage.getItem('fieldwork.refreshToken')).toBe('refresh-1');
  });

  it('without "Remember me" keeps the tokens in sessionStorage only', async () => {
    const calls = signedOut(() => jsonResponse(tokens));
    const router = await renderApp('/signin');
    await fill('Email', 'ada@example.test');
    await fill('Password', 'secret-password');
    await click('Sign in');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    expect(jsonBodyOf(callTo(calls, '/auth/web'))).toMatchObject({ remember: false });
    expect(readSessionTokens()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(localStorage.getItem('fieldwork.accessToken')).toBeNull();
  });

  it('links to "Forgot password?"', async () => {
    signedOut(() => jsonResponse({}));
    const router = await renderApp('/signin');
    await click('Forgot password?');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    await waitFor(() => expect(textOf()).toContain('Forgot your password?'));
  });
});

describe('forgot password', () => {
  it('asks for a reset link and gives the same confirmation whatever the e-mail', async () => {
    const calls = signedOut(() => jsonResponse({ message: 'sent if it exists' }, 202));
    await renderApp('/forgot-password');
    await fill('Email', 'nobody@example.test');
    await click('Send reset link');
    await waitFor(() => expect(textOf()).toContain('Check your e-mail'));
    expect(textOf()).toContain('If an account exists for nobody@example.test');
    expect(jsonBodyOf(callTo(calls, '/password/request_reset_link'))).toEqual({
      email: 'nobody@example.test',
    });
  });

  it('shows a validation failure on the field', async () => {
    signedOut(() =>
      errorResponse(422, 'Validation Failure', {
        errors: [{ field: 'email', message: 'Must be a valid e-mail address', code: 'invalid' }],
      }),
    );
    await renderApp('/forgot-password');
    await fill('Email', 'nonsense');
    await click('Send reset link');
    await waitFor(() => expect(textOf()).toContain('Must be a valid e-mail address'));
    expect(textOf()).not.toContain('Check your e-mail');
  });
});

describe('reset password', () => {
  const link = { data: { email: 'ada@example.test', expires_at: '2026-01-01T13:00:00Z' } };

  it('shows whose password the link resets, sets it, and goes to sign-in with a notice', async () => {
    saveSessionTokens({ accessToken: 'old', refreshToken: 'old-r' }, { rememberMe: true });
    const calls = signedOut((call) =>
      call.method === 'GET' ? jsonResponse(link) : jsonResponse({ message: 'changed' }),
    );
    const router = await renderApp('/reset-password/tok-123');
    await waitFor(() => expect(fieldByLabel('Email').value).toBe('ada@example.test'));
    expect(callTo(calls, '/password/reset/tok-123')).toBeDefined();

    await fill('New password', 'new-password-1');
    await fill('Confirm new password', 'new-password-1');
    await click('Set new password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(jsonBodyOf(callTo(calls, '/password/reset'))).toEqual({
      token: 'tok-123',
      password: 'new-password-1',
    });
    await waitFor(() => expect(textOf()).toContain('Your password has been changed'));
    expect(fieldByLabel('Email').value).toBe('ada@example.test');
    // Every session of the user ended on the server; this browser forgets its own.
    expect(readSessionTokens()).toBeNull();
    expect(session.get().connected).toBe(false);
  });

  it('refuses two different passwords without calling the API', async () => {
    const calls = signedOut(() => jsonResponse(link));
    await renderApp('/reset-password/tok-123');
    await fill('New password', 'new-password-1');
    await fill('Confirm new password', 'new-password-2');
    await click('Set new password');
    await waitFor(() => expect(textOf()).toContain('The passwords do not match'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows a 422 on the password next to the field', async () => {
    signedOut((call) =>
      call.method === 'GET'
        ? jsonResponse(link)
        : errorResponse(422, 'Validation Failure', {
            errors: [
              { field: 'password', message: 'Must be at least 8 characters', code: 'too_small' },
            ],
          }),
    );
    await renderApp('/reset-password/tok-123');
    await fill('New password', 'short');
    await fill('Confirm new password', 'short');
    await click('Set new password');
    await waitFor(() => expect(textOf()).toContain('Must be at least 8 characters'));
    const input = fieldByLabel('New password');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const messages = described.map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain('Must be at least 8 characters');
  });

  it('shows the expired-or-used state for an unknown link', async () => {
    signedOut(() => errorResponse(404, 'Not Found'));
    await renderApp('/reset-password/gone');
    await waitFor(() => expect(textOf()).toContain('has expired or has already been used'));
    expect(control('Send a new link').getAttribute('href')).toBe('/forgot-password');
  });

  it('shows the same state when the token is refused on submit (422 on token)', async () => {
    signedOut((call) =>
      call.method === 'GET'
        ? jsonResponse(link)
        : errorResponse(422, 'Validation Failure', {
            errors: [{ field: 'token', message: 'The link is not valid', code: 'invalid' }],
          }),
    );
    await renderApp('/reset-password/tok-123');
    await fill('New password', 'new-password-1');
    await fill('Confirm new password', 'new-password-1');
    await click('Set new password');
    await waitFor(() => expect(textOf()).toContain('has expired or has already been used'));
  });
});

describe('legacy sign-in', () => {
  it('connects the session with the legacy token as the bearer', async () => {
    const calls = signedOut((call) =>
      call.url.endsWith('/auth/legacy')
        ? jsonResponse({ legacyAccessToken: 'legacy-abc' })
        : jsonResponse({}, 404),
    );
    const router = await renderApp('/legacy-login');
    await fill('Email', 'ada@example.test');
    await fill('Password', 'secret-password');
    await click('Sign in');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    expect(jsonBodyOf(callTo(calls, '/auth/legacy'))).toEqual({
      email: 'ada@example.test',
      password: 'secret-password',
    });
    expect(callTo(calls, '/me/context')?.headers.get('Authorization')).toBe('Bearer legacy-abc');
    expect(sessionStorage.getItem('fieldwork.legacyAccessToken')).toBe('legacy-abc');
  });
});

describe('mobile sign-in', () => {
  it('signs in, gets a ticket with that sign-in, ends it, and hands the ticket to the app', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = signedOut((call) => {
      const path = new URL(call.url).pathname;
      if (path === '/auth/web') {
        return jsonResponse({ accessToken: 'web-1', refreshToken: 'r', expiresIn: 300 });
      }
      if (path === '/me/clerk_sign_in_token') return jsonResponse({ token: 'ticket-xyz' });
      return new Response(null, { status: 204 });
    });
    await renderApp('/signin/mobile');
    await fill('Email', 'ada@example.test');
    await fill('Password', 'secret-password');
    await click('Sign in and open the app');

    await waitFor(() => expect(textOf()).toContain('Opening the Fieldwork app'));
    expect(callTo(calls, '/me/clerk_sign_in_token')?.headers.get('Authorization')).toBe(
      'Bearer web-1',
    );
    expect(callTo(calls, '/auth/logout')?.headers.get('Authorization')).toBe('Bearer web-1');
    expect(assign).toHaveBeenCalledWith('fieldwork://signin?ticket=ticket-xyz');
    expect(control('Open the Fieldwork app').getAttribute('href')).toBe(
      mobileAppSignInUrl('ticket-xyz'),
    );
    expect(textOf()).toContain('ticket-xyz');
    // Nothing of that sign-in stays in this browser.
    expect(readSessionTokens()).toBeNull();
  });

  it('shows a wrong password on the form', async () => {
    signedOut(() =>
      errorResponse(401, 'Unauthorized', { message: 'The e-mail or password is incorrect.' }),
    );
    await renderApp('/signin/mobile');
    await fill('Email', 'ada@example.test');
    await fill('Password', 'wrong');
    await click('Sign in and open the app');
    await waitFor(() => expect(textOf()).toContain('The e-mail or password is incorrect.'));
  });
});
