import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/api-config';
import { rememberOrganisationId } from '../session/persisted-session';
import { startSession } from '../app/session/session-lifecycle';
import { session } from '../session/session-state';
import { createQueryClient } from '../app/query-client';
import { endSessionOnAuthError } from '../app/start-app';
import { errorResponse } from '../test/fetch-stub';
import { makeContext, makeOrganisation } from '../test/fixtures';
import { textOf, waitFor } from '../test/render';
import { renderApp, signedIn } from '../test/render-app';

const first = makeOrganisation({ slug: 'first', name: 'First Surveys' });
const second = makeOrganisation({ slug: 'second', name: 'Second Builders' });

beforeEach(() => {
  configureApi({ apiUrl: 'http://api.test' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('the session guard', () => {
  it('sends a signed-out visitor to /signin and remembers the page', async () => {
    startSession('local', vi.fn());
    const router = await renderApp('/organisations/first/clients?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.getItem('fieldwork.redirectAfterSignIn')).toBe(
      '/organisations/first/clients?x=1',
    );
    await waitFor(() => expect(textOf()).toContain('Remember me'));
  });

  it('serves /login as the sign-in page', async () => {
    startSession('local', vi.fn());
    const router = await renderApp('/login');
    await waitFor(() => expect(textOf()).toContain('Remember me'));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('an expired session', () => {
  it('ends on a 401 and returns to the page after signing in again', async () => {
    const queryClient = createQueryClient();
    signedIn(makeContext([first]), () => errorResponse(401, 'Unauthorized'));
    session.update({ authErrorHandler: endSessionOnAuthError(queryClient) });
    const router = await renderApp('/organisations/first/clients', queryClient);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(session.get()).toMatchObject({ connected: false, user: null });
    expect(sessionStorage.getItem('fieldwork.accessToken')).toBeNull();
    expect(localStorage.getItem('fieldwork.redirectAfterSignIn')).toBe(
      '/organisations/first/clients',
    );
  });
});

describe('organisation routes', () => {
  it('auto-selects the remembered organisation and opens its projects page', async () => {
    signedIn(makeContext([first, second]));
    rememberOrganisationId(second.id);
    const router = await renderApp('/organisations?autoload=true');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/second/projects'),
    );
    // the first test to load the organisation pages' lazy unit: its transform takes a while
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Projects'), 10_000);
    expect(textOf()).toContain('Second Builders');
  }, 20_000);

  it('sends an unknown slug to /organisations and says why', async () => {
    signedIn(makeContext([first, second]));
    const router = await renderApp('/organisations/nobody/clients');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisations'));
    await waitFor(() => expect(textOf()).toContain('Your organisations'));
    expect(textOf()).toContain('Organisation not found');
    expect(textOf()).toContain('“nobody” is not one of your organisations');
  });

  it('shows the not-found page for unknown organisation pages', async () => {
    signedIn(makeContext([first, second]));
    await renderApp('/organisations/first/nowhere');
    await waitFor(() => expect(textOf()).toContain('Page not found'));
  });
});

describe('the error screen', () => {
  it('shows "Oops! Something went wrong" when /me/context answers nonsense', async () => {
    signedIn({ hello: 'world' });
    await renderApp('/organisations/first/projects');
    await waitFor(() => expect(textOf()).toContain('Oops! Something went wrong'));
    for (const label of ['Reload Page', 'Back to Previous Page', 'Speak with us']) {
      expect(textOf()).toContain(label);
    }
  });
});
