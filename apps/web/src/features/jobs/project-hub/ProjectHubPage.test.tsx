import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, type RecordedCall } from '../../../test/fetch-stub';
import { stamped } from '../../../test/fixtures';
import { textOf } from '../../../test/render';
import {
  listOf,
  makeProject,
  openOrganisationPage,
  pathOf,
  queryButton,
  waitFor,
} from '../../projects/test/projects-kit';

const project = makeProject({ name: 'Harbour Wall' });
const COUNTS: Record<string, number> = {
  IN_PROGRESS: 2,
  SUBMITTED: 1,
  APPROVED: 7,
  REJECTED: 0,
  CANCELLED: 0,
};
const job = {
  ...stamped(),
  number: 12,
  reference: 'Seal risers',
  date: '2026-03-04',
  status: 'IN_PROGRESS',
  project_id: project.id,
  operative: { id: 'a'.repeat(24), name: 'Olu Operative', email: 'olu@example.test' },
  form_ids: [],
  form_names: [],
};
const waiting = {
  ...stamped(),
  number: 31,
  job_number: 12,
  form_name: 'Fire stopping',
  operative_name: 'Olu Operative',
  submitted_at: new Date().toISOString(),
  status: 'SUBMITTED',
  current_approval_stage: { id: 'b'.repeat(24), name: 'Supervisor', order: 0, declaration: null },
};
const activity = [
  {
    id: 'c'.repeat(24),
    collection_name: 'job_sheets',
    document_id: waiting.id,
    document_name: 'Sheet 31',
    action: 'SUBMIT',
    performed_at: new Date().toISOString(),
    performed_by_name: 'Olu Operative',
  },
];

function answer(call: RecordedCall) {
  const url = new URL(call.url);
  const path = pathOf(call);
  const filter = (name: string) => url.searchParams.get(`filter[${name}]`);
  if (path.startsWith(`/projects/${project.id}?`))
    return jsonResponse({ data: { ...project, location_statuses: [], site: null } });
  if (path === `/projects/${project.id}/activity`) return jsonResponse({ data: activity });
  if (path.startsWith(`/projects/${project.id}/forms`))
    return listOf([{ ...stamped(), name: 'Fire stopping', form_id: 'd'.repeat(24), order: 0 }]);
  if (path.startsWith(`/projects/${project.id}/members`)) return jsonResponse({ data: [] });
  if (path.startsWith('/job_sheets/experimental/count'))
    return jsonResponse({ count: COUNTS[filter('status') ?? ''] ?? 0 });
  if (path.startsWith('/job_sheets?')) return listOf([waiting]);
  if (path.startsWith('/jobs?')) return listOf([job], { total: 3, permissions: { create: true } });
  if (path === '/members') return jsonResponse({ active: [], inactive: [], invited: [] });
  if (path.startsWith('/select_options/')) return jsonResponse({ data: [] });
  return errorResponse(404, 'Not Found');
}

/** The status tile: a link to the job sheets list filtered to the project and the status. */
const tile = (status: string) =>
  document.querySelector(
    `a[href="/organisations/acme/job_sheets?project_id=${project.id}&status=${status}"]`,
  );

describe('a project’s hub', () => {
  it('shows its open jobs, sheets by status, approvals waiting, forms and activity, with New job', async () => {
    const { calls } = await openOrganisationPage(`projects/${project.id}`, answer, {
      role: 'MANAGER',
    });
    await waitFor(() => expect(textOf()).toContain('Open jobs (3)'));
    await waitFor(() => expect(textOf()).toContain('Sheet 31: Submitted'));
    await waitFor(() => expect(tile('APPROVED')?.textContent).toBe('Approved7'));
    const text = textOf();
    expect(text).toContain('Job 12 · Seal risers');
    expect(text).toContain('Olu Operative');
    expect(text).toContain('Waiting for approval');
    expect(text).toContain('Sheet 31 · Fire stopping');
    expect(text).toContain('Supervisor');
    expect(text).toContain('Fire stopping');
    expect(text).not.toMatch(/IN_PROGRESS|SUBMITTED/);

    // Each count is the list's own count under the project and the status (its visibility).
    const counted = calls
      .map((call) => new URL(call.url))
      .filter((url) => url.pathname.endsWith('/job_sheets/experimental/count'));
    expect(counted).toHaveLength(5);
    expect(counted.every((url) => url.searchParams.get('filter[project_id]') === project.id)).toBe(
      true,
    );
    expect(tile('IN_PROGRESS')?.textContent).toBe('In progress2');

    // "New job" is offered to whoever may create jobs (the list's answer says); the journey
    // opens it (jsdom cannot lay out the form's autosized text areas).
    expect(queryButton('New job')).not.toBeNull();
  });

  it('gives an operative the work without the activity or New job', async () => {
    const operativeAnswer = (call: RecordedCall) =>
      pathOf(call).startsWith('/jobs?')
        ? listOf([job], { total: 1, permissions: { create: false } })
        : answer(call);
    const { calls } = await openOrganisationPage(`projects/${project.id}`, operativeAnswer, {
      role: 'OPERATIVE',
    });
    await waitFor(() => expect(textOf()).toContain('Open jobs (1)'));
    expect(queryButton('New job')).toBeNull();
    expect(textOf()).not.toContain('Recent activity');
    expect(calls.some((call) => pathOf(call).endsWith('/activity'))).toBe(false);
  });
});
