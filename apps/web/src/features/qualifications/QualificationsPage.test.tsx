import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { firstThen, forbidden } from '../../test/answers';
import { textOf } from '../../test/render';
import {
  button,
  callsTo,
  choose,
  click,
  dialog,
  field,
  fill,
  listOf,
  makeMember,
  makeQualification,
  me,
  openSettings,
  pathOf,
  queryButton,
  submit,
  waitFor,
} from '../settings/test/settings-kit';

const olu = makeMember({ name: 'Olu Operative' });
const expired = makeQualification({
  name: 'CSCS card',
  user_id: olu.id,
  user_name: 'Olu Operative',
  reference: 'CS-991',
  expiry_date: '2020-01-31',
  expiry_status: 'EXPIRED',
});
const expiring = makeQualification({
  name: 'First aid at work',
  expiry_date: '2099-01-01',
  expiry_status: 'EXPIRING',
  attachments: [
    {
      id: 'a1',
      name: 'certificate.pdf',
      size: 1000,
      content_type: 'application/pdf',
      url: 'http://files.test/c.pdf',
    },
  ],
});

function qualificationsAnswer(extra?: (call: RecordedCall) => Response | undefined) {
  return (call: RecordedCall) => {
    const answered = extra?.(call);
    if (answered) return answered;
    const path = pathOf(call);
    if (path === '/members') return jsonResponse({ active: [olu], inactive: [], invited: [] });
    if (path.includes('filter[expiry_status]=EXPIRED') && path.includes('page[size]=1'))
      return listOf([expired]);
    if (path.includes('filter[expiry_status]=EXPIRING') && path.includes('page[size]=1'))
      return listOf([expiring], { total: 2 });
    if (path.startsWith('/qualifications?')) return listOf([expired, expiring]);
    return errorResponse(404, 'Not Found');
  };
}

const bodies = (calls: RecordedCall[], method: string, path: string) =>
  callsTo(calls, method, path).map((call) => call.body);

describe('QualificationsPage', () => {
  it('flags expired and expiring qualifications with badges and counts', async () => {
    const { calls } = await openSettings('qualifications', qualificationsAnswer());
    await waitFor(() => expect(textOf()).toContain('CSCS card'));
    expect(textOf()).toMatch(/Expired \d+ days ago/);
    expect(textOf()).toMatch(/Expires in \d+ days/);
    expect(textOf()).toContain('Ref. CS-991');
    expect(textOf()).toContain('certificate.pdf');
    await waitFor(() => expect(document.querySelector('[aria-label="1 expired"]')).not.toBeNull());
    expect(document.querySelector('[aria-label="2 expiring soon"]')).not.toBeNull();
    expect(calls.map(pathOf)).toContain(
      '/qualifications?sort=expiry_date&page[number]=1&page[size]=25',
    );
  });

  it('filters by expiry status with a chip', async () => {
    const { calls } = await openSettings('qualifications', qualificationsAnswer());
    await waitFor(() => expect(textOf()).toContain('CSCS card'));
    await waitFor(() => act(() => field('Expiring soon2').click()));
    await waitFor(() =>
      expect(calls.map(pathOf)).toContain(
        '/qualifications?filter[expiry_status]=EXPIRING&sort=expiry_date&page[number]=1&page[size]=25',
      ),
    );
  });

  it('adds a qualification as JSON, sending reference and expiry only when given', async () => {
    const { calls } = await openSettings(
      'qualifications',
      qualificationsAnswer((call) =>
        call.method === 'POST'
          ? jsonResponse({ data: makeQualification({ name: 'Asbestos awareness' }) }, 201)
          : undefined,
      ),
    );
    await click('New qualification');
    await choose('Member', 'Olu Operative');
    await fill('Name', 'Asbestos awareness', dialog);
    await submit('Add qualification');
    await waitFor(() => expect(textOf()).toContain('Asbestos awareness added'));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/qualifications')[0])).toEqual({
      name: 'Asbestos awareness',
      user_id: olu.id,
    });
  });

  it('adds a qualification with files as multipart form data', async () => {
    const { calls } = await openSettings(
      'qualifications',
      qualificationsAnswer((call) =>
        call.method === 'POST'
          ? jsonResponse({ data: makeQualification({ name: 'IPAF' }) }, 201)
          : undefined,
      ),
    );
    await click('New qualification');
    await fill('Name', 'IPAF', dialog);
    await fill('Reference', 'IP-1', dialog);
    await fill('Expiry date', '2027-03-31', dialog);
    const file = new File(['%PDF-1.4'], 'ipaf.pdf', { type: 'application/pdf' });
    const input = dialog().querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    await act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
    await waitFor(() => expect(textOf(dialog())).toContain('ipaf.pdf'));
    await submit('Add qualification');
    await waitFor(() => expect(callsTo(calls, 'POST', '/qualifications')).toHaveLength(1));
    const [body] = bodies(calls, 'POST', '/qualifications');
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('name')).toBe('IPAF');
    expect(form.get('reference')).toBe('IP-1');
    expect(form.get('expiry_date')).toBe('2027-03-31');
    expect(form.get('user_id')).toBe(me.id);
    expect((form.getAll('files')[0] as File).name).toBe('ipaf.pdf');
    expect(callsTo(calls, 'POST', '/qualifications')[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('edits, clearing the reference with null, and deletes', async () => {
    const { calls } = await openSettings(
      'qualifications',
      qualificationsAnswer((call) => {
        if (call.method === 'PUT') return jsonResponse({ data: expired });
        if (call.method === 'DELETE') return new Response(null, { status: 204 });
        return undefined;
      }),
    );
    await click('Actions for CSCS card');
    await click('Edit');
    await fill('Reference', '', dialog);
    await submit('Save');
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', `/qualifications/${expired.id}`)).toHaveLength(1),
    );
    expect(jsonBodyOf(callsTo(calls, 'PUT', `/qualifications/${expired.id}`)[0])).toEqual({
      name: 'CSCS card',
      reference: null,
    });
    await click('Actions for CSCS card');
    await click('Delete');
    await submit('Delete');
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', `/qualifications/${expired.id}`)).toHaveLength(1),
    );
  });

  it('lets an operative add and edit only their own, without picking a member', async () => {
    await openSettings('qualifications', qualificationsAnswer(), { role: 'OPERATIVE' });
    await waitFor(() => expect(button('Actions for First aid at work')).toBeTruthy());
    expect(queryButton('Actions for CSCS card')).toBeNull();
    expect(document.querySelector('input[aria-label="Filter by member"]')).toBeNull();
    await click('New qualification');
    await waitFor(() => expect(textOf(dialog())).toContain('Name'));
    expect(textOf(dialog())).not.toContain('Member');
    expect(me.id).toBe(expiring.user_id);
  });

  it('shows the empty and the failed list', async () => {
    const qualifications = firstThen(forbidden, () => listOf([]));
    await openSettings('qualifications', (call) => {
      const path = pathOf(call);
      if (path === '/members') return jsonResponse({ active: [], inactive: [], invited: [] });
      if (path.includes('page[size]=1')) return listOf([]);
      return path.startsWith('/qualifications')
        ? qualifications()
        : errorResponse(404, 'Not Found');
    });
    await waitFor(() => expect(textOf()).toContain('Could not load qualifications'));
    await click('Try again');
    await waitFor(() => expect(textOf()).toContain('No qualifications yet'));
  });
});
