import type { Report } from '@fieldwork/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/api-config';
import { session } from '../../session/session-state';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { DEFAULT_CONTENT, rebuildReport, startReport } from './reports-api';

const ORGANISATION = '0123456789abcdef01234567';
const BASE = `http://api.test/organisations/${ORGANISATION}`;
const JOB = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const request = { content: DEFAULT_CONTENT, notify: false, emails: [] as string[] };

beforeEach(() => {
  configureApi({ apiUrl: 'http://api.test' });
  session.update({ tokenGetter: () => 't', organisationId: ORGANISATION });
});

describe('reports api', () => {
  it('asks for a job PDF with its options, an Excel file without the PDF-only ones', async () => {
    const calls = stubFetch(() => jsonResponse({ url: 'u', build: {}, data: {} }));
    await startReport({ kind: 'job', jobId: JOB }, { ...request, format: 'pdf', notify: true });
    await startReport(
      { kind: 'job', jobId: JOB, sheetIds: ['b'.repeat(24)] },
      { ...request, format: 'xlsx', emails: ['client@example.com'] },
    );
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST ${BASE}/reports/build/job_pdf`,
      `POST ${BASE}/reports/build/job_excel`,
    ]);
    expect(jsonBodyOf(calls[0])).toEqual({ job_id: JOB, ...DEFAULT_CONTENT, notify: true });
    expect(jsonBodyOf(calls[1])).toEqual({
      job_id: JOB,
      job_sheet_ids: ['b'.repeat(24)],
      include_approvals: true,
      notify: false,
      emails: ['client@example.com'],
    });
  });

  it('sends the list filters of the sheets and the period of a project', async () => {
    const calls = stubFetch(() => jsonResponse({ url: 'u', build: {}, data: {} }));
    await startReport(
      { kind: 'sheets', filter: { status: 'SUBMITTED' }, sort: '-number' },
      { ...request, format: 'xlsx' },
    );
    await startReport(
      { kind: 'project', projectId: JOB },
      { ...request, format: 'pdf', from: '2026-11-01', to: '2026-11-30' },
    );
    expect(jsonBodyOf(calls[0])).toEqual({
      filter: { status: 'SUBMITTED' },
      sort: '-number',
      notify: false,
    });
    expect(jsonBodyOf(calls[1])).toMatchObject({
      project_id: JOB,
      format: 'pdf',
      from: '2026-11-01',
      to: '2026-11-30',
      photo_size: 'MEDIUM',
    });
  });

  it('rebuilds a report from its kind and recorded options', async () => {
    const calls = stubFetch(() => jsonResponse({ url: 'u', build: {}, data: {} }));
    const report = (kind: string, options: Record<string, unknown>, format = 'xlsx') =>
      ({ kind, options, format }) as unknown as Report;
    await rebuildReport(
      report('report-job-sheets-excel', {
        query: 'filter[status]=APPROVED',
        include_approvals: true,
      }),
    );
    await rebuildReport(
      report('report-project-job-sheets-pdf', { project_id: JOB, from: null, to: null }, 'pdf'),
    );
    expect(calls.map((call) => call.url)).toEqual([
      `${BASE}/reports/build/job_sheets_excel?filter[status]=APPROVED`,
      `${BASE}/reports/build/project_job_sheets`,
    ]);
    expect(jsonBodyOf(calls[1])).toEqual({ project_id: JOB, format: 'pdf' });
  });

  it('asks for and rebuilds a timesheets Excel or payroll PDF with its period and filters', async () => {
    const calls = stubFetch(() => jsonResponse({ url: 'u', build: {}, data: {} }));
    const selection = {
      kind: 'timesheets' as const,
      from: '2026-03-02',
      to: '2026-03-08',
      userIds: [JOB],
    };
    await startReport(selection, { ...request, format: 'xlsx' });
    await startReport(selection, { ...request, format: 'pdf', notify: true });
    await rebuildReport({
      kind: 'report-timesheets-pdf',
      format: 'pdf',
      options: { from: '2026-03-02', to: '2026-03-08', team_id: JOB },
    } as unknown as Report);
    expect(calls.map((call) => call.url)).toEqual([
      `${BASE}/reports/build/timesheets_excel`,
      `${BASE}/reports/build/timesheets_pdf`,
      `${BASE}/reports/build/timesheets_pdf`,
    ]);
    expect(jsonBodyOf(calls[0])).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
      user_ids: [JOB],
      notify: false,
    });
    expect(jsonBodyOf(calls[1])).toMatchObject({ notify: true, user_ids: [JOB] });
    expect(jsonBodyOf(calls[2])).toEqual({ from: '2026-03-02', to: '2026-03-08', team_id: JOB });
  });

  it('asks for and rebuilds a project’s locations with the list’s filters, its specifications and a drawing', async () => {
    const calls = stubFetch(() => jsonResponse({ url: 'u', build: {}, data: {} }));
    await startReport(
      { kind: 'locations', projectId: JOB, filter: { status_id: 'done' }, sort: '-number' },
      { ...request, format: 'xlsx' },
    );
    await startReport({ kind: 'specifications', projectId: JOB }, { ...request, format: 'pdf' });
    const report = (kind: string, options: Record<string, unknown>, format = 'pdf') =>
      ({ kind, options, format }) as unknown as Report;
    await rebuildReport(
      report(
        'report-project-locations-excel',
        { project_id: JOB, query: 'filter[status_id]=done&sort=-number' },
        'xlsx',
      ),
    );
    await rebuildReport(
      report('report-project-specifications-pdf', { project_id: JOB, query: '' }),
    );
    await rebuildReport(report('report-drawing-pdf', { drawing_id: JOB }));
    expect(calls.map((call) => call.url)).toEqual([
      `${BASE}/reports/build/project_locations`,
      `${BASE}/reports/build/project_specifications`,
      `${BASE}/reports/build/project_locations`,
      `${BASE}/reports/build/project_specifications`,
      `${BASE}/reports/build/drawing_pdf`,
    ]);
    const locations = {
      project_id: JOB,
      format: 'xlsx',
      filter: { status_id: 'done' },
      sort: '-number',
    };
    expect(jsonBodyOf(calls[0])).toEqual({ ...locations, notify: false });
    expect(jsonBodyOf(calls[1])).toEqual({ project_id: JOB, format: 'pdf', notify: false });
    expect(jsonBodyOf(calls[2])).toEqual({ ...locations, notify: false });
    expect(jsonBodyOf(calls[3])).toEqual({ project_id: JOB, format: 'pdf', notify: false });
    expect(jsonBodyOf(calls[4])).toEqual({ drawing_id: JOB });
  });
});
