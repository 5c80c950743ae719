import { describe, expect, it } from 'vitest';
import { session } from '../../../session/session-state';
import { errorResponse, jsonResponse } from '../../../test/fetch-stub';
import { textOf } from '../../../test/render';
import {
  callsTo,
  click,
  makeDevice,
  openSettings,
  pathOf,
  submit,
  waitFor,
} from '../../settings/test/settings-kit';

const here = makeDevice({
  current: true,
  device_config: { make: null, model: 'Chrome 147', os_name: 'Linux', os_version: null },
});
const phone = makeDevice({
  device_config: { make: 'Apple', model: 'iPhone 15', os_name: 'iOS', os_version: '18.1' },
  app_version_code: '412',
});
const old = makeDevice({
  device_config: { make: null, model: 'Firefox 140', os_name: 'Windows', os_version: '11' },
  logged_out_at: '2026-01-03T00:00:00.000Z',
});

describe('DevicesPage', () => {
  it('lists active and inactive devices with browser, system and "This device"', async () => {
    await openSettings('devices', () => jsonResponse({ active: [here, phone], inactive: [old] }));
    await waitFor(() => expect(textOf()).toContain('Apple iPhone 15'));
    expect(textOf()).toContain('iOS 18.1');
    expect(textOf()).toContain('Chrome 147');
    expect(textOf()).toContain('This device');
    expect(textOf()).toContain('Firefox 140');
    expect(textOf()).toContain('Signed out');
  });

  it('logs out another device after confirming', async () => {
    const { calls } = await openSettings('devices', (call) =>
      call.method === 'POST'
        ? jsonResponse({ device: { ...phone, logged_out_at: '2026-01-04T00:00:00.000Z' } })
        : jsonResponse({ active: [here, phone], inactive: [] }),
    );
    await click('Log out Apple iPhone 15');
    await submit('Log out');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/me/devices/${phone.id}/logout`)).toHaveLength(1),
    );
  });

  it('logs out from all devices, ends this session and returns to sign-in', async () => {
    const { calls, router } = await openSettings('devices', (call) =>
      call.method === 'POST'
        ? jsonResponse({ logged_out: 2 })
        : pathOf(call) === '/me/devices'
          ? jsonResponse({ active: [here, phone], inactive: [] })
          : errorResponse(404, 'Not Found'),
    );
    await click('Log out from all devices');
    await submit('Log out everywhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(callsTo(calls, 'POST', '/me/devices/logout_from_all')).toHaveLength(1);
    expect(session.get()).toMatchObject({ connected: false, user: null });
    expect(sessionStorage.getItem('fieldwork.accessToken')).toBeNull();
  });

  it('shows a failed load', async () => {
    await openSettings('devices', () => errorResponse(500, 'Internal Server Error'));
    await waitFor(() => expect(textOf()).toContain('Could not load your devices'), 5000);
  });
});
