import type { Report, ReportAnswer, ReportContent, ReportPhotoSize } from '@fieldwork/contract';
import { request } from '../../api/request';
import { resourceApi } from '../../api/resource';

/** GET /reports, GET/DELETE /reports/{id}: the caller's reports (managers: anyone's). */
export const reportsApi = resourceApi<Report, never>('reports');

/** What a report is of: one job (or some of its sheets), the sheets a list filter matches, a project. */
export type ReportSelection =
  | { kind: 'job'; jobId: string; sheetIds?: string[] }
  | { kind: 'sheets'; filter: Record<string, string | number | boolean>; sort?: string }
  | { kind: 'project'; projectId: string }
  | { kind: 'locations'; projectId: string; filter: Record<string, string>; sort?: string }
  | { kind: 'specifications'; projectId: string }
  | {
      kind: 'timesheets';
      from: string;
      to: string;
      userIds?: string[];
      teamId?: string;
      projectId?: string;
    }
  | {
      kind: 'productivity';
      timeframe: string;
      filter: {
        from?: string;
        to?: string;
        project_id?: string;
        user_id?: string;
        team_id?: string;
      };
    };

export type ReportFormat = 'pdf' | 'xlsx';

export interface ReportRequest {
  format: ReportFormat;
  content: ReportContent;
  /** Project reports: the days sheets were submitted on (YYYY-MM-DD, both optional). */
  from?: string;
  to?: string;
  notify: boolean;
  emails: string[];
}

export const DEFAULT_CONTENT: ReportContent = {
  include_photos: true,
  photo_size: 'MEDIUM' satisfies ReportPhotoSize,
  include_approvals: true,
  one_sheet_per_page: true,
};

/** Which formats a selection can be built as (a list of sheets: Excel only). */
export const formatsOf = (selection: ReportSelection): ReportFormat[] =>
  selection.kind === 'sheets' || selection.kind === 'productivity'
    ? ['xlsx']
    : selection.kind === 'timesheets'
      ? ['xlsx', 'pdf']
      : ['pdf', 'xlsx'];

/** POST /reports/build/{…}: starts the build, answers the report and the link to its file. */
export function startReport(
  selection: ReportSelection,
  { format, content, from, to, notify, emails }: ReportRequest,
): Promise<ReportAnswer> {
  const notice = { notify, ...(emails.length ? { emails } : {}) };
  const pdfOnly = format === 'pdf' ? content : pick(content);
  switch (selection.kind) {
    case 'job':
      return request<ReportAnswer>({
        method: 'post',
        url: `/reports/build/${format === 'pdf' ? 'job_pdf' : 'job_excel'}`,
        body: {
          job_id: selection.jobId,
          ...(selection.sheetIds ? { job_sheet_ids: selection.sheetIds } : {}),
          ...pdfOnly,
          ...notice,
        },
      });
    case 'sheets':
      return request<ReportAnswer>({
        method: 'post',
        url: '/reports/build/job_sheets_excel',
        body: { filter: selection.filter, sort: selection.sort, ...notice },
      });
    case 'timesheets':
      return request<ReportAnswer>({
        method: 'post',
        url: `/reports/build/${format === 'pdf' ? 'timesheets_pdf' : 'timesheets_excel'}`,
        body: timesheetsBody(selection, notice),
      });
    case 'productivity':
      return request<ReportAnswer>({
        method: 'post',
        url: '/reports/build/productivity_excel',
        body: { timeframe: selection.timeframe, filter: selection.filter, ...notice },
      });
    case 'locations':
      return request<ReportAnswer>({
        method: 'post',
        url: '/reports/build/project_locations',
        body: {
          project_id: selection.projectId,
          format,
          filter: selection.filter,
          ...(selection.sort ? { sort: selection.sort } : {}),
          ...notice,
        },
      });
    case 'specifications':
      return request<ReportAnswer>({
        method: 'post',
        url: '/reports/build/project_specifications',
        body: { project_id: selection.projectId, format, ...notice },
      });
    case 'project':
      return request<ReportAnswer>({
        method: 'post',
        url: '/reports/build/project_job_sheets',
        body: {
          project_id: selection.projectId,
          format,
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          ...pdfOnly,
          ...notice,
        },
      });
  }
}

/** A timesheets report's body: the period, and only the filters chosen. */
const timesheetsBody = (
  selection: Extract<ReportSelection, { kind: 'timesheets' }>,
  extra: Record<string, unknown> = {},
) => ({
  from: selection.from,
  to: selection.to,
  ...(selection.userIds?.length ? { user_ids: selection.userIds } : {}),
  ...(selection.teamId ? { team_id: selection.teamId } : {}),
  ...(selection.projectId ? { project_id: selection.projectId } : {}),
  ...extra,
});

/** Excel shows no photos or pages: only the approvals choice matters to it. */
const pick = (content: ReportContent) => ({ include_approvals: content.include_approvals });

/** A rebuild's request: the recorded format, told to nobody (the list shows the new build). */
const again = (report: Report): ReportRequest => ({
  format: report.format === 'xlsx' ? 'xlsx' : 'pdf',
  content: DEFAULT_CONTENT,
  notify: false,
  emails: [],
});

/** The same report again (its kind and options as recorded): the Reports page's "Rebuild". */
export function rebuildReport(report: Report): Promise<ReportAnswer> {
  const options = report.options;
  const content = {
    include_photos: options.include_photos,
    photo_size: options.photo_size,
    include_approvals: options.include_approvals,
    one_sheet_per_page: options.one_sheet_per_page,
  };
  const defined = Object.fromEntries(
    Object.entries(content).filter(([, value]) => value !== undefined),
  );
  switch (report.kind) {
    case 'report-job-pdf':
    case 'report-job-excel':
      return request<ReportAnswer>({
        method: 'post',
        url: `/reports/build/${report.kind === 'report-job-pdf' ? 'job_pdf' : 'job_excel'}`,
        body: {
          job_id: options.job_id,
          ...(options.job_sheet_ids ? { job_sheet_ids: options.job_sheet_ids } : {}),
          ...defined,
        },
      });
    case 'report-job-sheets-excel':
      return request<ReportAnswer>({
        method: 'post',
        url: `/reports/build/job_sheets_excel?${typeof options.query === 'string' ? options.query : ''}`,
        body: defined,
      });
    case 'report-timesheets-excel':
    case 'report-timesheets-pdf':
      return request<ReportAnswer>({
        method: 'post',
        url: `/reports/build/${report.kind === 'report-timesheets-pdf' ? 'timesheets_pdf' : 'timesheets_excel'}`,
        body: timesheetsBody({
          kind: 'timesheets',
          from: String(options.from),
          to: String(options.to),
          ...(Array.isArray(options.user_ids) ? { userIds: options.user_ids as string[] } : {}),
          ...(typeof options.team_id === 'string' ? { teamId: options.team_id } : {}),
          ...(typeof options.project_id === 'string' ? { projectId: options.project_id } : {}),
        }),
      });
    case 'report-productivity-excel': {
      const list = (value: unknown) => (Array.isArray(value) ? value.join(',') : undefined);
      return request<ReportAnswer>({
        method: 'post',
        url: '/reports/build/productivity_excel',
        body: {
          timeframe: options.timeframe,
          filter: {
            from: options.from,
            to: options.to,
            project_id: list(options.project_ids),
            user_id: list(options.user_ids),
            team_id: list(options.team_ids),
          },
        },
      });
    }
    case 'report-drawing-pdf':
      return request<ReportAnswer>({
        method: 'post',
        url: '/reports/build/drawing_pdf',
        body: { drawing_id: options.drawing_id },
      });
    case 'report-project-locations-pdf':
    case 'report-project-locations-excel': {
      const query = new URLSearchParams(typeof options.query === 'string' ? options.query : '');
      const filter = Object.fromEntries(
        [...query.entries()].flatMap(([name, value]) => {
          const field = /^filter\[(\w+)\]$/.exec(name)?.[1];
          return field ? [[field, value]] : [];
        }),
      );
      const sort = query.get('sort') ?? undefined;
      return startReport(
        { kind: 'locations', projectId: String(options.project_id), filter, sort },
        again(report),
      );
    }
    case 'report-project-specifications-pdf':
    case 'report-project-specifications-excel':
      return startReport(
        { kind: 'specifications', projectId: String(options.project_id) },
        again(report),
      );
    default:
      return request<ReportAnswer>({
        method: 'post',
        url: '/reports/build/project_job_sheets',
        body: {
          project_id: options.project_id,
          format: report.format === 'xlsx' ? 'xlsx' : 'pdf',
          ...(options.from ? { from: options.from } : {}),
          ...(options.to ? { to: options.to } : {}),
          ...defined,
        },
      });
  }
}

export const FORMAT_LABELS: Record<string, string> = { pdf: 'PDF', xlsx: 'Excel', csv: 'CSV' };
