import { describe, expect, it } from 'vitest';
import { organisationPageOf } from '../../app/area-return-path';
import { describeDevice } from '../identity/devices/describe-device';
import { qualificationBody } from '../qualifications/qualifications-api';
import { expiryText } from '../qualifications/ExpiryBadge';
import { makeDevice } from './test/settings-kit';

describe('expiryText', () => {
  const now = new Date(2026, 0, 10);
  it('names the days left or gone', () => {
    expect(expiryText('EXPIRING', '2026-01-11', now)).toBe('Expires in 1 day');
    expect(expiryText('EXPIRING', '2026-02-09', now)).toBe('Expires in 30 days');
    expect(expiryText('EXPIRING', '2026-01-10', now)).toBe('Expires today');
    expect(expiryText('EXPIRED', '2026-01-09', now)).toBe('Expired 1 day ago');
    expect(expiryText('VALID', '2027-01-01', now)).toBe('Valid');
    expect(expiryText('NO_EXPIRY', null, now)).toBe('No expiry');
  });
});

describe('describeDevice', () => {
  it('names a browser sign-in and a phone app', () => {
    expect(describeDevice(makeDevice())).toEqual({
      title: 'Chrome 147',
      system: 'Linux',
      mobile: false,
    });
    const phone = makeDevice({
      device_config: { make: 'Apple', model: 'iPhone 15', os_name: 'iOS', os_version: '18' },
    });
    expect(describeDevice(phone)).toEqual({
      title: 'Apple iPhone 15',
      system: 'iOS 18',
      mobile: true,
    });
    expect(
      describeDevice(
        makeDevice({ device_config: { make: null, model: null, os_name: null, os_version: null } }),
      ).title,
    ).toBe('Unknown device');
  });
});

describe('qualificationBody', () => {
  it('leaves out what was not given, and sends multipart only with files', () => {
    expect(
      qualificationBody({ name: 'IPAF', reference: undefined, expiry_date: null }, []),
    ).toEqual({
      name: 'IPAF',
      expiry_date: null,
    });
    const form = qualificationBody({ name: 'IPAF', expiry_date: null }, [new File(['x'], 'a.pdf')]);
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('expiry_date')).toBe('');
    expect((form as FormData).get('reference')).toBeNull();
  });
});

describe('organisationPageOf', () => {
  it('reads the page below an organisation', () => {
    expect(organisationPageOf('/organisations/acme/clients', 'acme')).toBe('clients');
    expect(organisationPageOf('/organisations/acme/settings/members', 'acme')).toBe('settings');
    expect(organisationPageOf('/organisations/other/clients', 'acme')).toBeNull();
  });
});
