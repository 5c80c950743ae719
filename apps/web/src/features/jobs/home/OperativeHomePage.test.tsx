import { describe, expect, it } from 'vitest';
import { jsonResponse, type RecordedCall } from '../../../test/fetch-stub';
import { makeMemberContext, makeOrganisation, makeUser, stamped } from '../../../test/fixtures';
import { textOf, waitFor } from '../../../test/render';
import { openSignedIn } from '../../../test/render-app';
import { formatDayShort, localToday } from '../calendar-days';
import { dueLabel } from './OperativeHomePage';

const organisation = makeOrganisation({ slug: 'acme' });
const me = makeUser({ name: 'Olly Operative' });
const meta = (total: number) => ({ total, current_page: 1, per_page: 20, last_page: 1 });
const today = localToday();

const job = (overrides: Record<string, unknown>) => ({
  ...stamped(),
  number: 7,
  reference: 'Flat 12 doors',
  client_id: null,
  project_id: 'a'.repeat(24),
  project: { id: 'a'.repeat(24), name: 'Harbour View', client_id: null },
  site_id: null,
  operative_id: me.id,
  form_ids: ['b'.repeat(24)],
  form_names: ['Fire door check'],
  date: today,
  instructions: 'Keys at the site office',
  contact_id: null,
  visit_id: null,
  status: 'AWAITING',
  cancelled_at: null,
  started_at: null,
  completed_at: null,
  locked_by_device_id: null,
  locked_by_user_name: null,
  locked_at: null,
  attribute_values: [],
  job_sheet_count: 0,
  ...overrides,
});

const sheet = {
  ...stamped(),
  number: 31,
  job_number: 5,
  form_name: 'Snagging',
  status: 'REJECTED',
};

function answer(call: RecordedCall) {
  const url = new URL(call.url);
  const path = url.pathname;
  if (path.endsWith('/jobs')) {
    const upcoming = url.searchParams.has('filter[date_from]');
    return jsonResponse({
      data: upcoming ? [] : [job({})],
      meta: meta(upcoming ? 0 : 1),
    });
  }
  if (path.endsWith('/job_sheets')) return jsonResponse({ data: [sheet], meta: meta(1) });
  if (path.endsWith('/inbox'))
    return jsonResponse({
      awaiting_approval: { count: 0, data: [] },
      rejected: { count: 1, data: [] },
      jobs_due_today: { count: 1, data: [] },
      meta: { total: 2 },
    });
  return jsonResponse({ data: [], meta: meta(0) });
}

describe('An operative’s home', () => {
  it('lands an operative on today’s jobs, sheets to resume and the inbox, with no manager areas', async () => {
    const context = makeMemberContext(organisation, me, { role: 'OPERATIVE', owner: false });
    const { calls, router } = await openSignedIn(context, '/organisations/acme', answer);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisations/acme/home'));
    await waitFor(() => expect(textOf()).toContain('Job 7 · Flat 12 doors'));
    await waitFor(() => expect(textOf()).toContain('Fix Snagging'));
    await waitFor(() => expect(textOf()).toContain('1 sheet to fix and resubmit'));
    const text = textOf();
    expect(text).toContain('Hello, Olly');
    expect(text).toContain('Today · Harbour View');
    expect(text).toContain('Start Fire door check');
    expect(text).toContain(`No jobs in the next 14 days.`);
    expect(text).not.toContain('AWAITING');

    // Today's jobs are the caller's own open ones up to today; the sheets their own open ones.
    const jobsQuery = calls
      .map((call) => new URL(call.url))
      .find((url) => url.pathname.endsWith('/jobs') && !url.searchParams.has('filter[date_from]'));
    expect(jobsQuery?.searchParams.get('filter[operative_id]')).toBe(me.id);
    expect(jobsQuery?.searchParams.get('filter[status]')).toBe('AWAITING,IN_PROGRESS');
    expect(jobsQuery?.searchParams.get('filter[date_to]')).toBe(today);
    const sheetsQuery = calls
      .map((call) => new URL(call.url))
      .find((url) => url.pathname.endsWith('/job_sheets'));
    expect(sheetsQuery?.searchParams.get('filter[status]')).toBe('IN_PROGRESS,REJECTED');

    const nav = [...document.querySelectorAll('nav a')].map((link) => link.textContent?.trim());
    expect(nav).toContain('Home');
    expect(nav).toContain('Jobs');
    for (const area of ['Clients', 'Library', 'Settings']) expect(nav).not.toContain(area);
  });

  it('offers to resume the sheet already in progress on a job, and to start one where none is', async () => {
    const context = makeMemberContext(organisation, me, { role: 'OPERATIVE', owner: false });
    const started = { ...sheet, status: 'IN_PROGRESS', form_id: 'b'.repeat(24) };
    const jobs = [
      job({ id: '1'.repeat(24), number: 7, job_sheet_count: 1 }),
      job({ id: '2'.repeat(24), number: 8, job_sheet_count: 1, form_names: ['Snag list'] }),
      job({ id: '3'.repeat(24), number: 9, form_names: ['Riser check'] }),
    ];
    const { calls } = await openSignedIn(context, '/organisations/acme', (call) => {
      const url = new URL(call.url);
      if (url.pathname.endsWith('/jobs') && !url.searchParams.has('filter[date_from]'))
        return jsonResponse({ data: jobs, meta: meta(jobs.length) });
      const jobId = url.searchParams.get('filter[job_id]');
      if (url.pathname.endsWith('/job_sheets') && jobId)
        return jsonResponse({
          data: jobId === '1'.repeat(24) ? [started] : [],
          meta: meta(jobId === '1'.repeat(24) ? 1 : 0),
        });
      return answer(call);
    });
    await waitFor(() => expect(textOf()).toContain('Resume Fire door check'));
    const text = textOf();
    expect(text).not.toContain('Start Fire door check');
    // A job whose sheets are none in progress, and a job without sheets (not asked about).
    expect(text).toContain('Start Snag list');
    expect(text).toContain('Start Riser check');
    const asked = calls
      .map((call) => new URL(call.url).searchParams.get('filter[job_id]'))
      .filter(Boolean);
    expect(asked).not.toContain('3'.repeat(24));
  });

  it('keeps the projects page as a manager’s landing page, with every area', async () => {
    const context = makeMemberContext(organisation, me, { role: 'MANAGER', owner: false });
    const { router } = await openSignedIn(context, '/organisations/acme', answer);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organisations/acme/projects'),
    );
    const nav = [...document.querySelectorAll('nav a')].map((link) => link.textContent?.trim());
    expect(nav).not.toContain('Home');
    for (const area of ['Clients', 'Library', 'Settings']) expect(nav).toContain(area);
  });

  it('says when a job is due in words', () => {
    expect(dueLabel(today, today)).toBe('Today');
    expect(dueLabel(null, today)).toBe('No date');
    expect(dueLabel('2026-01-05', '2026-01-07')).toBe(`Was due ${formatDayShort('2026-01-05')}`);
    expect(dueLabel('2026-01-09', '2026-01-07')).toBe(formatDayShort('2026-01-09'));
  });
});
