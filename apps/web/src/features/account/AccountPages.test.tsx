import type { Organisation, OrganisationOptions } from '@fieldwork/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { makeMemberContext, makeOrganisation, makeUser } from '../../test/fixtures';
import { textOf, waitFor } from '../../test/render';
import { openSignedIn } from '../../test/render-app';
import { choose, click, fill, queryButton, toggle } from '../settings/test/settings-kit';
import { optionsOf } from './organisation-options';

const me = makeUser({ name: 'Ada Builder' });
const LOGO = {
  name: 'logo.png',
  content_type: 'image/png',
  size: 20480,
  width: 400,
  height: 200,
  url: 'http://api.test/files/logo.png?expires=1&signature=x',
  uploaded_at: '2026-01-02T00:00:00.000Z',
};

const acme = makeOrganisation({ slug: 'acme', name: 'Acme Surveys' });

const withOptions = (organisation: Organisation, patch: Partial<OrganisationOptions>) => ({
  ...organisation,
  options: { ...optionsOf(organisation), ...patch },
});

const pathOf = (call: RecordedCall) =>
  new URL(call.url).pathname.replace(`/organisations/${acme.id}`, '');
const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && pathOf(call) === path);

/** Answers the reference lists and GET /organisation; `other` answers the rest. */
function api(other: (call: RecordedCall) => Response, organisation: Organisation = acme) {
  return (call: RecordedCall) => {
    const path = pathOf(call);
    if (path === '/currencies')
      return jsonResponse({
        data: [
          { code: 'EUR', name: 'Euro', prefix: '€', suffix: '' },
          { code: 'GBP', name: 'Pound Sterling', prefix: '£', suffix: '' },
        ],
      });
    if (path === '/countries')
      return jsonResponse({
        data: [
          { code: 'GB', name: 'United Kingdom' },
          { code: 'IE', name: 'Ireland' },
        ],
      });
    if (path === '/timezones') return jsonResponse({ data: ['Europe/Dublin', 'Europe/London'] });
    if (path === '/organisation' && call.method === 'GET') return jsonResponse({ organisation });
    return other(call);
  };
}

async function open(
  page: string,
  answer: (call: RecordedCall) => Response,
  role: 'ADMIN' | 'OPERATIVE' = 'ADMIN',
) {
  return openSignedIn(
    makeMemberContext(acme, me, { role }),
    `/organisations/acme/account/${page}`,
    answer,
  );
}

describe('account organisation page', () => {
  it('changes the currency and time zone (PUT /organisation)', async () => {
    const saved = withOptions(acme, { currency_code: 'EUR', timezone: 'Europe/Dublin' });
    const { calls } = await open(
      'organisation',
      api((call) =>
        call.method === 'PUT'
          ? jsonResponse({ organisation: saved })
          : errorResponse(404, 'Not Found'),
      ),
    );
    await waitFor(() => expect(callsTo(calls, 'GET', '/currencies')).toHaveLength(1));
    await choose('Currency', 'EUR · Euro (€)');
    await choose('Time zone', 'Europe/Dublin');
    await click('Save organisation');
    await waitFor(() => expect(textOf()).toContain('Organisation saved'));
    expect(jsonBodyOf(callsTo(calls, 'PUT', '/organisation')[0])).toEqual({
      name: 'Acme Surveys',
      options: { currency_code: 'EUR', country: 'GB', timezone: 'Europe/Dublin' },
    });
  });

  it('shows a refused time zone next to its field', async () => {
    await open(
      'organisation',
      api(() =>
        errorResponse(422, 'Validation Failure', {
          errors: [{ field: 'options.timezone', message: 'Unknown time zone', code: 'invalid' }],
        }),
      ),
    );
    await click('Save organisation');
    await waitFor(() => expect(textOf()).toContain('Unknown time zone'));
  });

  it('saves report details and settings through their own calls', async () => {
    const { calls } = await open(
      'organisation',
      api((call) => jsonResponse({ organisation: acme, method: call.method })),
    );
    await fill('Company name', ' Acme Surveys Ltd ');
    await fill('Report email', 'reports@acme.test');
    act(() => toggle("Show people's e-mail addresses").click());
    await click('Save report details');
    await waitFor(() => expect(callsTo(calls, 'PUT', '/options/report_options')).toHaveLength(1));
    expect(jsonBodyOf(callsTo(calls, 'PUT', '/options/report_options')[0])).toEqual({
      company_name: 'Acme Surveys Ltd',
      address: null,
      telephone: null,
      email: 'reports@acme.test',
      show_job_sheet_timestamps: true,
      show_photo_timestamps: true,
      show_emails: true,
    });

    act(() => toggle('Project reference field').click());
    await fill('Location reference name', 'Room');
    await click('Save settings');
    await waitFor(() => expect(callsTo(calls, 'PUT', '/options/settings')).toHaveLength(1));
    expect(jsonBodyOf(callsTo(calls, 'PUT', '/options/settings')[0])).toEqual({
      project_reference_field_enabled: false,
      location_reference_field_name: 'Room',
      complete_job_without_sheets: 'ALLOW_WITH_NOTE',
    });
  });

  it('shows customers no internal switches, only settings that change what they see', async () => {
    await open(
      'organisation',
      api(() => jsonResponse({ organisation: acme })),
    );
    await waitFor(() => expect(textOf()).toContain('Project reference field'));
    for (const internal of [
      'New query engine',
      'Beta features',
      'clerk_migration',
      'New jobs experience',
      'API management',
      'Save features',
    ]) {
      expect(textOf()).not.toContain(internal);
    }
  });

  it('uploads a report logo as multipart and shows it', async () => {
    const withLogo = withOptions(acme, { files: { report_logo: LOGO, report_cover_image: null } });
    const { calls } = await open(
      'organisation',
      api((call) =>
        call.method === 'POST'
          ? jsonResponse({ organisation: withLogo })
          : errorResponse(404, 'Not Found'),
      ),
    );
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no file input');
      return found;
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await act(async () => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() =>
      expect(document.querySelector('img[alt="Report logo"]')?.getAttribute('src')).toBe(LOGO.url),
    );
    const body = callsTo(calls, 'POST', '/options/report_logo')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
    expect(textOf()).toContain('400 × 200 px');
  });

  it('refuses a file that is too large before sending it', async () => {
    const { calls } = await open(
      'organisation',
      api(() => errorResponse(404, 'Not Found')),
    );
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no file input');
      return found;
    });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await act(async () => {
      Object.defineProperty(input, 'files', { value: [big], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(textOf()).toContain('larger than 10 MB'));
    expect(callsTo(calls, 'POST', '/options/report_logo')).toHaveLength(0);
  });

  it('shows everything read-only to members who are not admins', async () => {
    await open(
      'organisation',
      api(() => errorResponse(404, 'Not Found')),
      'OPERATIVE',
    );
    await waitFor(() => expect(textOf()).toContain('Only admins can change these'));
    expect(queryButton('Save organisation')).toBeNull();
    expect(queryButton('Upload report logo')).toBeNull();
  });
});

describe('account support page', () => {
  it('offers the chat and the support address', async () => {
    await open('support', () => errorResponse(404, 'Not Found'), 'OPERATIVE');
    await waitFor(() => expect(textOf()).toContain('Open the chat'));
    expect(document.querySelector('a[href="mailto:support@fieldwork.app"]')).not.toBeNull();
    expect(textOf()).toContain(acme.id);
  });

  it('opens the chat widget when it is there', async () => {
    await open('support', () => errorResponse(404, 'Not Found'));
    const { session } = await import('../../session/session-state');
    let opened = 0;
    session.update({ supportChat: { showMessages: () => (opened += 1) } });
    await click('Open the chat');
    expect(opened).toBe(1);
  });
});
