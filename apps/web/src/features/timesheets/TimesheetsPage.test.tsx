import { describe, expect, it } from 'vitest';
import { jsonBodyOf, jsonResponse, type RecordedCall } from '../../test/fetch-stub';
import { makeMemberContext, makeOrganisation, makeUser, stamped } from '../../test/fixtures';
import { click } from '../../test/interact';
import { textOf, waitFor } from '../../test/render';
import { openSignedIn } from '../../test/render-app';

const organisation = makeOrganisation({ slug: 'acme' });
const me = makeUser({ name: 'Olly Operative' });
const meta = (total: number) => ({ total, current_page: 1, per_page: 20, last_page: 1 });
const dates = [
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
];

const summary = (userId: string, name: string) => ({
  data: {
    from: dates[0],
    to: dates[6],
    time_zone: 'UTC',
    dates,
    members: [
      {
        user_id: userId,
        user_name: name,
        days: dates.map((date, index) => ({
          date,
          seconds: index === 0 ? 30_600 : 0,
          formatted: index === 0 ? '8h 30m' : '0h 00m',
        })),
        total_seconds: 30_600,
        total_formatted: '8h 30m',
        entries_count: 1,
        open_entry: null,
      },
    ],
    total_seconds: 30_600,
    total_formatted: '8h 30m',
  },
});

const entry = (open: boolean) => ({
  ...stamped(),
  user_id: me.id,
  user_name: me.name,
  client_id: null,
  client_name: null,
  project_id: null,
  project_name: null,
  site_id: null,
  site_name: null,
  started_at: '2026-03-02T08:00:00.000Z',
  started_at_override: null,
  started_override_user_id: null,
  started_override_user_name: null,
  started_location_permission_granted: false,
  started_location: null,
  ended_at: open ? null : '2026-03-02T16:30:00.000Z',
  ended_at_override: null,
  ended_override_user_id: null,
  ended_override_user_name: null,
  ended_location_permission_granted: false,
  ended_location: null,
  effective_started_at: '2026-03-02T08:00:00.000Z',
  effective_ended_at: open ? null : '2026-03-02T16:30:00.000Z',
  open,
  duration: 30_600,
  duration_formatted: '8h 30m',
  override_reason: null,
  notes: null,
  manual_entry: false,
  created_by_user_id: me.id,
  created_by_user_name: me.name,
});

function answer(call: RecordedCall) {
  const url = new URL(call.url);
  if (url.pathname.endsWith('/timesheets/summary')) return jsonResponse(summary(me.id, me.name));
  if (url.pathname.endsWith('/timesheets/start')) return jsonResponse({ data: entry(true) }, 201);
  if (url.pathname.endsWith('/timesheets')) {
    const openOnly = url.searchParams.get('filter[open]') === 'true';
    return jsonResponse({ data: openOnly ? [] : [entry(false)], meta: meta(openOnly ? 0 : 1) });
  }
  return jsonResponse({ data: [], meta: meta(0) });
}

describe('The Timesheets page', () => {
  it('gives an operative the clock and their week; Start work sends whether the location was allowed', async () => {
    const context = makeMemberContext(organisation, me, { role: 'OPERATIVE', owner: false });
    const { calls } = await openSignedIn(
      context,
      '/organisations/acme/timesheets?week=2026-03-04',
      answer,
    );
    await waitFor(() => expect(textOf()).toContain('Not on the clock'));
    await waitFor(() => expect(textOf()).toContain('8h 30m'));
    expect(calls.some((call) => call.url.includes('/timesheets/summary?week=2026-03-02'))).toBe(
      true,
    );
    await click('Start work');
    const start = await waitFor(() => {
      const found = calls.find((call) => call.url.endsWith('/timesheets/start'));
      expect(found).toBeDefined();
      return found;
    });
    expect(jsonBodyOf(start)).toEqual({ location_permission_granted: false });
  });

  it('shows a manager the week per member with the filters in the address', async () => {
    const manager = makeUser({ name: 'Mona Manager' });
    const context = makeMemberContext(organisation, manager, { role: 'MANAGER', owner: false });
    const { calls } = await openSignedIn(
      context,
      '/organisations/acme/timesheets?week=2026-03-02&project=' + 'c'.repeat(24),
      (call) =>
        new URL(call.url).pathname.endsWith('/timesheets/summary')
          ? jsonResponse(summary('d'.repeat(24), 'Otto Operative'))
          : answer(call),
    );
    await waitFor(() => expect(textOf()).toContain('Otto Operative'));
    expect(textOf()).toContain('Hours this week');
    expect(textOf()).toContain('8h 30m');
    const asked = calls.find((call) => call.url.includes('/timesheets/summary'))!;
    expect(asked.url).toContain(`project_id=${'c'.repeat(24)}`);
  });
});
