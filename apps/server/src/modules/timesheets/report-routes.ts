import {
  idSchema,
  reportAnswerSchema,
  reportContentSchema,
  timesheetsReportBodySchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { defineBuild, registerBuildKind, startBuild, type BuildKind } from '../../platform/builds';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { timesheetsExcel } from './timesheets-excel';
import { periodText, timesheetsPdf } from './timesheets-pdf';
import { managesTime } from './timesheets.resource';

/** The options a timesheets report's build keeps (field-work §7 timesheets_excel). */
const timesheetsOptions = z
  .object({
    from: z.string(),
    to: z.string(),
    user_ids: z.array(idSchema).optional(),
    team_id: idSchema.optional(),
    project_id: idSchema.optional(),
  })
  .extend(reportContentSchema.shape);
type TimesheetsOptions = z.output<typeof timesheetsOptions>;

const label = (options: TimesheetsOptions, what: string) => ({
  name: `Timesheets ${what}`,
  description: periodText(options),
  downloadName: `timesheets-${options.from}-to-${options.to}`,
  jobPath: '/timesheets',
});

export const timesheetsExcelReport = defineBuild({
  name: 'report-timesheets-excel',
  format: 'xlsx',
  options: timesheetsOptions,
  label: (_ctx, options) => label(options, 'Excel report'),
  write: (ctx, options, progress) => timesheetsExcel(ctx, options, progress),
});

export const timesheetsPdfReport = defineBuild({
  name: 'report-timesheets-pdf',
  format: 'pdf',
  options: timesheetsOptions,
  label: (_ctx, options) => label(options, 'PDF for payroll'),
  write: (ctx, options, progress) => timesheetsPdf(ctx, options, progress),
});

/** The members, team and project named must be the organisation's (a 422 naming the field). */
async function checkScope(
  ctx: OrganisationContext,
  body: z.output<typeof timesheetsReportBodySchema>,
) {
  const errors: Array<{ field: string; message: string; code: string }> = [];
  if (body.user_ids?.length) {
    const { rows } = await ctx.db.query<{ user_id: string }>(
      `SELECT user_id FROM memberships WHERE organisation_id = $1 AND user_id = ANY($2::text[])`,
      [ctx.organisationId, body.user_ids],
    );
    const found = new Set(rows.map((row) => row.user_id));
    body.user_ids.forEach((id, index) => {
      if (!found.has(id)) {
        errors.push({
          field: `user_ids.${index}`,
          message: 'Member not found.',
          code: 'not_found',
        });
      }
    });
  }
  const exists = async (table: 'teams' | 'projects', id: string) =>
    (
      await ctx.db.query(`SELECT 1 FROM ${table} WHERE organisation_id = $1 AND id = $2`, [
        ctx.organisationId,
        id,
      ])
    ).rows.length > 0;
  if (body.team_id && !(await exists('teams', body.team_id))) {
    errors.push({ field: 'team_id', message: 'Team not found.', code: 'not_found' });
  }
  if (body.project_id && !(await exists('projects', body.project_id))) {
    errors.push({ field: 'project_id', message: 'Project not found.', code: 'not_found' });
  }
  const days = (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 + 1;
  if (days > 366) errors.push({ field: 'to', message: 'At most 366 days.', code: 'too_long' });
  if (errors.length) throw validationFailure(errors);
}

const reportRoute = (name: 'timesheets_excel' | 'timesheets_pdf', kind: BuildKind) =>
  route({
    method: 'POST',
    path: `/reports/build/${name}`,
    access: 'organisation',
    minRole: 'OPERATIVE',
    accessNote: 'OPERATIVE: the report holds only their own time; MANAGER and above: everyone’s',
    tags: ['Reports'],
    summary:
      name === 'timesheets_excel'
        ? 'Build an Excel workbook of the time entries of a period (a worksheet per week, totals per member) in the background; answers the report and its link'
        : 'Build a payroll PDF of a period: per member their entries, daily totals and signature lines; answers the report and its link',
    body: timesheetsReportBodySchema,
    response: reportAnswerSchema,
    handler: async (ctx, { body }) => {
      await checkScope(ctx, body);
      const options: TimesheetsOptions = {
        from: body.from,
        to: body.to,
        ...(body.user_ids?.length ? { user_ids: body.user_ids } : {}),
        ...(body.team_id ? { team_id: body.team_id } : {}),
        ...(body.project_id ? { project_id: body.project_id } : {}),
        include_photos: body.include_photos,
        photo_size: body.photo_size,
        include_approvals: body.include_approvals,
        one_sheet_per_page: body.one_sheet_per_page,
      };
      // an operative's report is theirs alone whatever they ask (the writer scopes it too)
      if (!managesTime(ctx)) options.user_ids = [ctx.user.id];
      const answer = await startBuild(ctx, kind, options, {
        notify: body.notify,
        emails: body.emails,
      });
      return { ...answer, data: answer.build };
    },
  });

/** POST /reports/build/timesheets_excel and timesheets_pdf (their kinds registered here). */
export function timesheetReportRoutes(): RouteDef[] {
  registerBuildKind(timesheetsExcelReport);
  registerBuildKind(timesheetsPdfReport);
  return [
    reportRoute('timesheets_excel', timesheetsExcelReport),
    reportRoute('timesheets_pdf', timesheetsPdfReport),
  ];
}
