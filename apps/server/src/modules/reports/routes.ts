import {
  drawingPdfReportBodySchema,
  jobReportBodySchema,
  jobSheetsReportBodySchema,
  projectJobSheetsReportBodySchema,
  projectLocationsReportBodySchema,
  projectSpecificationsReportBodySchema,
  REPORT_MAX_SHEETS,
  reportAnswerSchema,
  ROLE_RANK,
  type BuildNotice,
  type ReportAnswer,
  type ReportContent,
} from '@fieldwork/contract';
import type { z, ZodType } from 'zod';
import { startBuild, type BuildKind } from '../../platform/builds';
import { notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route } from '../../platform/http/route';
import { resourceRoutes, withBodyQuery } from '../../platform/resource-kit';
import {
  drawingPdfReport,
  jobExcelReport,
  jobPdfReport,
  jobQuery,
  jobSheetsExcelReport,
  projectJobSheetsExcelReport,
  projectJobSheetsPdfReport,
  projectLocationsExcelReport,
  projectLocationsPdfReport,
  projectQuery,
  projectSpecificationsExcelReport,
  projectSpecificationsPdfReport,
  registerReportKinds,
  visibleJob,
} from './kinds';
import { checkLocationsQuery, locationsQuery } from './project-lists';
import { reportsResource } from './reports.resource';
import { checkSheetsQuery, countSheets, projectHeaders } from './source';

const tags = ['Reports'];

/** Starts a report's build and answers the report record (with its progress) and its link. */
async function reportOf<S extends ZodType>(
  ctx: OrganisationContext,
  kind: BuildKind<S>,
  options: z.output<S>,
  notice: BuildNotice,
): Promise<ReportAnswer> {
  const answer = await startBuild(ctx, kind, options, notice);
  return { ...answer, data: answer.build };
}

/** reportOf for a report of job sheets: refused up front when it would hold too many. */
async function startReport<S extends ZodType>(
  ctx: OrganisationContext,
  kind: BuildKind<S>,
  options: z.output<S>,
  notice: BuildNotice,
  query: string,
): Promise<ReportAnswer> {
  const count = await countSheets(ctx, query);
  if (count > REPORT_MAX_SHEETS)
    throw validationFailure(
      [],
      `This report would hold ${count} job sheets; at most ${REPORT_MAX_SHEETS} fit one report. Narrow it down.`,
    );
  return reportOf(ctx, kind, options, notice);
}

const notice = (body: BuildNotice) => ({ notify: body.notify, emails: body.emails });
const contentOf = (body: ReportContent): ReportContent => ({
  include_photos: body.include_photos,
  photo_size: body.photo_size,
  include_approvals: body.include_approvals,
  one_sheet_per_page: body.one_sheet_per_page,
});

const jobReportRoute = (name: 'job_pdf' | 'job_excel', kind: typeof jobPdfReport) =>
  route({
    method: 'POST',
    path: `/reports/build/${name}`,
    access: 'organisation',
    minRole: 'GUEST',
    accessNote: 'only jobs the caller sees; the report holds only the sheets they see',
    tags,
    summary: `Build a job's ${name === 'job_pdf' ? 'PDF' : 'Excel'} report in the background; answers the report and its link`,
    body: jobReportBodySchema,
    response: reportAnswerSchema,
    handler: async (ctx, { body }) => {
      const job = await visibleJob(ctx, body.job_id);
      const options = {
        job_id: job.id,
        ...(body.job_sheet_ids ? { job_sheet_ids: body.job_sheet_ids } : {}),
        ...contentOf(body),
      };
      return startReport(ctx, kind, options, notice(body), jobQuery(job.id, body.job_sheet_ids));
    },
  });

export const reportRoutes = () => {
  registerReportKinds();
  return [
    ...resourceRoutes(reportsResource),
    jobReportRoute('job_pdf', jobPdfReport),
    jobReportRoute('job_excel', jobExcelReport),
    route({
      method: 'POST',
      path: '/reports/build/drawing_pdf',
      access: 'organisation',
      minRole: 'OPERATIVE',
      tags,
      summary:
        'Build a drawing’s PDF in the background: the sheet at print resolution with every pin coloured and iconed by its status and numbered, a legend with counts, and the organisation’s report options',
      body: drawingPdfReportBodySchema,
      response: reportAnswerSchema,
      handler: async (ctx, { body }) => {
        const { rows } = await ctx.db.query<{ image_key: string | null }>(
          `SELECT image_key FROM drawings WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
          [ctx.organisationId, body.drawing_id],
        );
        if (!rows[0]) {
          throw validationFailure([
            { field: 'drawing_id', message: 'Drawing not found.', code: 'not_found' },
          ]);
        }
        if (!rows[0].image_key) {
          throw validationFailure([
            {
              field: 'drawing_id',
              message: 'The drawing is still being processed.',
              code: 'not_ready',
            },
          ]);
        }
        return reportOf(ctx, drawingPdfReport, { drawing_id: body.drawing_id }, notice(body));
      },
    }),
    route({
      method: 'POST',
      path: '/reports/build/job_sheets_excel',
      access: 'organisation',
      minRole: 'GUEST',
      accessNote: 'the report holds only the sheets the caller sees',
      tags,
      summary:
        'Build an Excel report of the job sheets matching the list filters (query or body {filter, sort}); answers the report and its link',
      body: jobSheetsReportBodySchema,
      response: reportAnswerSchema,
      handler: async (ctx, { body, search }) => {
        const merged = withBodyQuery(search, { filter: body.filter, sort: body.sort });
        const query = merged.toString();
        // a bad filter or sort is the caller's 400 now, not a failed build later
        checkSheetsQuery(ctx, query);
        return startReport(
          ctx,
          jobSheetsExcelReport,
          { query, ...contentOf(body) },
          notice(body),
          query,
        );
      },
    }),
    route({
      method: 'POST',
      path: '/reports/build/project_job_sheets',
      access: 'organisation',
      minRole: 'GUEST',
      accessNote: 'guests only their projects; the report holds only the sheets the caller sees',
      tags,
      summary:
        "Build a project's job sheets report (PDF or Excel) over a period of submission; answers the report and its link",
      body: projectJobSheetsReportBodySchema,
      response: reportAnswerSchema,
      handler: async (ctx, { body }) => {
        await checkProject(ctx, body.project_id);
        const options = {
          project_id: body.project_id,
          from: body.from ?? null,
          to: body.to ?? null,
          ...contentOf(body),
        };
        const kind =
          body.format === 'xlsx' ? projectJobSheetsExcelReport : projectJobSheetsPdfReport;
        return startReport(ctx, kind, options, notice(body), projectQuery(options));
      },
    }),
    route({
      method: 'POST',
      path: '/reports/build/project_locations',
      access: 'organisation',
      minRole: 'OPERATIVE',
      tags,
      summary:
        "Build a project's locations report (PDF or Excel): each location's number, reference, status, where it is, zone, specification, job sheets and attribute values, all or those a list filter matches; answers the report and its link",
      body: projectLocationsReportBodySchema,
      response: reportAnswerSchema,
      handler: async (ctx, { body }) => {
        await checkProject(ctx, body.project_id);
        const query = withBodyQuery(new URLSearchParams(), {
          filter: body.filter,
          sort: body.sort,
        }).toString();
        // a bad filter or sort is the caller's 400 now, not a failed build later
        checkLocationsQuery(ctx, locationsQuery(body.project_id, query));
        const kind =
          body.format === 'xlsx' ? projectLocationsExcelReport : projectLocationsPdfReport;
        return reportOf(ctx, kind, { project_id: body.project_id, query }, notice(body));
      },
    }),
    route({
      method: 'POST',
      path: '/reports/build/project_specifications',
      access: 'organisation',
      minRole: 'OPERATIVE',
      tags,
      summary:
        "Build a project's specifications report (PDF or Excel): each specification's code, name, price, materials, attribute values and price items with totals; answers the report and its link",
      body: projectSpecificationsReportBodySchema,
      response: reportAnswerSchema,
      handler: async (ctx, { body }) => {
        await checkProject(ctx, body.project_id);
        const kind =
          body.format === 'xlsx'
            ? projectSpecificationsExcelReport
            : projectSpecificationsPdfReport;
        return reportOf(ctx, kind, { project_id: body.project_id, query: '' }, notice(body));
      },
    }),
  ];
};

/** The project must exist here and, for a guest, be one of theirs. */
async function checkProject(ctx: OrganisationContext, projectId: string) {
  const found = await projectHeaders(ctx, [projectId]);
  if (!found.has(projectId)) throw notFound('Project');
  const guest = ctx.membership.guest || ROLE_RANK[ctx.membership.role] < ROLE_RANK.OPERATIVE;
  if (!guest) return;
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM project_members WHERE organisation_id = $1 AND project_id = $2 AND user_id = $3`,
    [ctx.organisationId, projectId, ctx.user.id],
  );
  if (!rows.length) throw notFound('Project');
}
