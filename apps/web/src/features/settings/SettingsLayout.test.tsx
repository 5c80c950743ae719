import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../test/fetch-stub';
import { textOf } from '../../test/render';
import { button, listOf, openSettings, pathOf, queryButton, waitFor } from './test/settings-kit';

const answer = () => jsonResponse({ active: [], inactive: [], invited: [] });
const settingsNav = () => {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Settings"]');
  if (!nav) throw new Error('no settings navigation');
  return nav;
};

describe('the settings area', () => {
  it('opens the profile page from /settings and offers every page to an admin', async () => {
    const { router } = await openSettings('', answer);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/settings/profile'),
    );
    await waitFor(() => expect(textOf(settingsNav())).toContain('API keys'));
    for (const page of [
      'Profile',
      'Password',
      'Devices',
      'Members',
      'Guests',
      'Teams',
      'Qualifications',
    ]) {
      expect(button(page, settingsNav())).toBeTruthy();
    }
  });

  it('hides API keys from an operative, and explains the page when opened directly', async () => {
    const { calls } = await openSettings('api-keys', answer, { role: 'OPERATIVE' });
    await waitFor(() => expect(textOf()).toContain('API keys are managed by admins'));
    expect(queryButton('API keys', settingsNav())).toBeNull();
    expect(button('Members', settingsNav())).toBeTruthy();
    expect(calls.some((call) => pathOf(call).startsWith('/api_keys'))).toBe(false);
    const select = document.querySelector<HTMLSelectElement>('select[aria-label="Settings page"]');
    expect(select?.value).toBe('api-keys');
  });

  it('shows a guest only their own account pages', async () => {
    await openSettings('members', answer, { role: 'GUEST' });
    await waitFor(() => expect(textOf()).toContain('For members of the organisation'));
    expect(queryButton('Members', settingsNav())).toBeNull();
    expect(button('Devices', settingsNav())).toBeTruthy();
  });

  it('remembers the page the user came from and leads back to it', async () => {
    const { router } = await openSettings('profile', (call) =>
      pathOf(call).startsWith('/clients') ? listOf([]) : errorResponse(404, 'Not Found'),
    );
    await waitFor(() => expect(textOf()).toContain('Back to projects'));
    await act(() => router.navigate('/organisations/acme/clients?x=1'));
    await waitFor(() => expect(textOf()).toContain('No clients yet'));
    await act(() => router.navigate('/organisations/acme/settings/password'));
    await waitFor(() => expect(textOf()).toContain('Back to clients'));
    act(() => button('Back to clients').click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisations/acme/clients'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('is reached from the main navigation', async () => {
    await openSettings('profile', answer);
    await waitFor(() => expect(button('Settings')).toBeTruthy());
    expect(button('Settings').getAttribute('href')).toBe('/organisations/acme/settings');
  });
});
