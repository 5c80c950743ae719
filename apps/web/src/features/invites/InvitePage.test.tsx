import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/api-config';
import { saveSessionTokens } from '../../session/persisted-session';
import { startSession } from '../../app/session/session-lifecycle';
import { errorResponse, jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { makeContext, makeMembership, makeOrganisation } from '../../test/fixtures';
import { click, control, fieldByLabel, fill } from '../../test/interact';
import { textOf, waitFor } from '../../test/render';
import { renderApp } from '../../test/render-app';

const home = makeOrganisation({ slug: 'home', name: 'Home Org' });
const joined = makeOrganisation({ slug: 'harbour', name: 'Harbour Inspections' });

const membershipInvite = {
  id: 'a'.repeat(24),
  organisation_id: joined.id,
  organisation_name: joined.name,
  email: 'new.person@example.test',
  role: 'MANAGER',
  guest: false,
  projects: [],
  invited_by_name: 'Ada Builder',
  invited_at: '2026-01-01T00:00:00Z',
  expires_at: '2026-01-15T00:00:00Z',
  user_exists: true,
};

/**
 * The API as an invitee sees it: the context gains the organisation once an accept call went
 * through; `invite` answers the public invite call.
 */
function api(invite: (call: RecordedCall) => Response, { signedIn = true } = {}) {
  configureApi({ apiUrl: 'http://api.test' });
  if (signedIn) saveSessionTokens({ accessToken: 't', refreshToken: 'r' }, { rememberMe: false });
  startSession('local', vi.fn());
  const before = makeContext([home]);
  const after = {
    ...before,
    organisations: [home, joined],
    memberships: [...before.memberships, makeMembership(joined, before.user, { role: 'MANAGER' })],
  };
  let accepted = false;
  const calls = stubFetch((call) => {
    const path = new URL(call.url).pathname;
    if (path === '/me/context') return jsonResponse(accepted ? after : before);
    if (path.endsWith('/accept')) {
      accepted = true;
      return jsonResponse({ membership: { organisation_id: joined.id } });
    }
    if (path === '/users/register') {
      return jsonResponse(
        { user: before.user, accessToken: 'new-t', refreshToken: 'new-r', expiresIn: 300 },
        201,
      );
    }
    return invite(call);
  });
  return { calls, user: before.user };
}

const acceptCall = (calls: RecordedCall[]) =>
  calls.find((call) => call.method === 'POST' && call.url.endsWith('/accept'));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a membership invite', () => {
  it('shows the organisation, role and e-mail, and a signed-in user accepts into its projects page', async () => {
    const { calls, user } = api(() => jsonResponse({ data: membershipInvite }));
    const router = await renderApp('/membership-invite/tok-1');
    await waitFor(() => expect(textOf()).toContain('Join Harbour Inspections'));
    expect(textOf()).toContain('Manager');
    expect(textOf()).toContain('new.person@example.test');
    expect(textOf()).toContain('Ada Builder invited you');
    await waitFor(() => expect(textOf()).toContain(`you are signed in as ${user.email}`));

    await click('Accept invitation');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/harbour/projects'),
    );
    const accept = acceptCall(calls);
    expect(accept?.url).toBe(`http://api.test/me/membership_invites/${membershipInvite.id}/accept`);
    expect(jsonBodyOf(accept)).toEqual({ token: 'tok-1' });
    expect(calls.find((call) => call.url.endsWith('/membership_invites/tok-1'))).toBeDefined();
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Projects'));
  });

  it('a new user signs up with the e-mail filled in, and the invite is then accepted on its own', async () => {
    const { calls } = api(
      () => jsonResponse({ data: { ...membershipInvite, user_exists: false } }),
      {
        signedIn: false,
      },
    );
    const router = await renderApp('/membership-invite/tok-2');
    await click('Create an account to accept');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    // The sign-up and sign-in pages load lazily.
    await waitFor(() => expect(fieldByLabel('Email').value).toBe('new.person@example.test'));

    await fill('Name', 'New Person');
    await fill('Password', 'a-good-password');
    await click('Create account');

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/harbour/projects'),
    );
    expect(jsonBodyOf(calls.find((call) => call.url.endsWith('/users/register')))).toMatchObject({
      email: 'new.person@example.test',
      name: 'New Person',
    });
    expect(jsonBodyOf(acceptCall(calls))).toEqual({ token: 'tok-2' });
  });

  it('an existing user who is signed out signs in first and comes back to accept', async () => {
    api(() => jsonResponse({ data: membershipInvite }), { signedIn: false });
    const router = await renderApp('/membership-invite/tok-3');
    await click('Sign in to accept');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    // The sign-up and sign-in pages load lazily.
    await waitFor(() => expect(fieldByLabel('Email').value).toBe('new.person@example.test'));
    expect(localStorage.getItem('fieldwork.redirectAfterSignIn')).toBe(
      '/membership-invite/tok-3?accept=auto',
    );
  });

  it('shows a clear state with a way to sign in when the invite is unknown or expired', async () => {
    api(() => errorResponse(404, 'Not Found'), { signedIn: false });
    await renderApp('/membership-invite/nope');
    await waitFor(() => expect(textOf()).toContain('This invitation is no longer valid'));
    expect(textOf()).toContain('expired, was cancelled, or has already been accepted');
    expect(control('Go to sign in').getAttribute('href')).toBe('/signin');
  });

  it('shows why accepting failed', async () => {
    configureApi({ apiUrl: 'http://api.test' });
    saveSessionTokens({ accessToken: 't', refreshToken: 'r' }, { rememberMe: false });
    startSession('local', vi.fn());
    stubFetch((call) => {
      if (call.url.endsWith('/me/context')) return jsonResponse(makeContext([home]));
      if (call.url.endsWith('/accept')) {
        return errorResponse(409, 'Conflict', { message: 'You are already a member.' });
      }
      return jsonResponse({ data: membershipInvite });
    });
    await renderApp('/membership-invite/tok-4');
    await click('Accept invitation');
    await waitFor(() => expect(textOf()).toContain('You are already a member.'));
  });
});

describe('an organisation invite link', () => {
  it('a signed-in user accepts with POST /me/organisation_invites/{token}/accept', async () => {
    const { calls } = api(() =>
      jsonResponse({
        data: {
          organisation_id: joined.id,
          organisation_name: joined.name,
          role: 'OPERATIVE',
          expires_at: '2026-02-01T00:00:00Z',
        },
      }),
    );
    const router = await renderApp('/organisation-invite/link-1');
    await waitFor(() => expect(textOf()).toContain('Join Harbour Inspections'));
    expect(textOf()).toContain('Operative');
    await click('Accept invitation');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/harbour/projects'),
    );
    expect(acceptCall(calls)?.url).toBe('http://api.test/me/organisation_invites/link-1/accept');
  });

  it('shows the dead-invite state for an unknown link', async () => {
    api(() => errorResponse(404, 'Not Found'), { signedIn: false });
    await renderApp('/organisation-invite/nope');
    await waitFor(() => expect(textOf()).toContain('This invitation is no longer valid'));
  });
});
