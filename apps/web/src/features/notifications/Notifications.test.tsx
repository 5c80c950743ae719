import type { Notification } from '@fieldwork/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { textOf } from '../../test/render';
import {
  callsTo,
  click,
  field,
  openSettings,
  pathOf,
  waitFor,
} from '../settings/test/settings-kit';

/** The body of the one PUT /me/preferences, once it is sent. */
async function sentPreferences(calls: RecordedCall[]) {
  const puts = () =>
    calls.filter((call) => call.method === 'PUT' && call.url.includes('/me/preferences'));
  await waitFor(() => expect(puts()).toHaveLength(1));
  return jsonBodyOf(puts()[0]);
}

const notice = (overrides: Partial<Notification> = {}): Notification => ({
  id: '64b000000000000000000001',
  kind: 'job_sheet_rejected',
  title: 'Job sheet 7 (Door inspection) is rejected: please fix it and submit it again',
  body: 'Maya Manager wrote: “The hinge photo is missing”',
  link: '/organisations/acme/job_sheets/64b0000000000000000000aa',
  read_at: null,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...overrides,
});

/** Answers GET /notifications (the bell's count and the page's list) and mark_read. */
function api(list: Notification[]) {
  return (call: RecordedCall) => {
    const path = pathOf(call);
    if (path.startsWith('/notifications/mark_read')) return jsonResponse({ marked: 1, unread: 0 });
    if (path.startsWith('/notifications')) {
      const unread = list.filter((n) => !n.read_at).length;
      const sizeZero = path.includes('page%5Bsize%5D=0') || path.includes('page[size]=0');
      return jsonResponse({ data: sizeZero ? [] : list, meta: { unread, total: list.length } });
    }
    if (path.startsWith('/me/preferences')) return jsonResponse({ preferences: {} });
    return jsonResponse({ data: [] });
  };
}

describe('notifications', () => {
  it('shows the unread count on the header’s bell, which opens the list', async () => {
    await openSettings('profile', api([notice(), notice({ id: '64b000000000000000000002' })]));
    const bell = await waitFor(() => {
      const found = document.querySelector<HTMLAnchorElement>(
        'a[aria-label="Notifications: 2 unread"]',
      );
      if (!found) throw new Error('no bell yet');
      return found;
    });
    expect(bell.getAttribute('href')).toBe('/organisations/acme/notifications');
  });

  it('lists notices with their words and marks one read (POST /notifications/mark_read)', async () => {
    const { calls, router } = await openSettings('profile', api([notice()]));
    await act(() => router.navigate('/organisations/acme/notifications'));
    await waitFor(() => expect(textOf()).toContain('is rejected: please fix it'));
    expect(textOf()).toContain('“The hinge photo is missing”');
    expect(textOf()).toContain('5 minutes ago');
    expect(textOf()).not.toMatch(/JOB_SHEET|job_sheet_rejected|\d{4}-\d{2}-\d{2}/);
    await click('Mark read');
    await waitFor(() => expect(callsTo(calls, 'POST', '/notifications/mark_read')).toHaveLength(1));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/notifications/mark_read')[0])).toEqual({
      ids: ['64b000000000000000000001'],
    });
  });

  it('saves a channel of one kind in the settings (PUT /me/preferences)', async () => {
    const { calls } = await openSettings('notifications', api([]));
    const email = await waitFor(() => field('My job sheet is approved: E-mail'));
    expect(email.checked).toBe(true);
    act(() => email.click());
    expect(await sentPreferences(calls)).toMatchObject({
      notifications: { job_sheet_approved: { email: false } },
    });
  });

  it('lets a manager turn on the daily digest, and shows it to no operative', async () => {
    const { calls } = await openSettings('notifications', api([]), { role: 'MANAGER' });
    const digest = await waitFor(() => field('E-mail me a daily digest'));
    expect(digest.checked).toBe(false);
    act(() => digest.click());
    expect(await sentPreferences(calls)).toEqual({
      organisation_id: expect.any(String),
      daily_digest: true,
    });
  });

  it('shows no daily digest to an operative', async () => {
    await openSettings('notifications', api([]), { role: 'OPERATIVE' });
    await waitFor(() => field('My job sheet is approved: E-mail'));
    expect(() => field('E-mail me a daily digest')).toThrow();
  });
});
