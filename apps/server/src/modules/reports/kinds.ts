import { idSchema, reportContentSchema, type ReportContent } from '@fieldwork/contract';
import { z } from 'zod';
import {
  defineBuild,
  registerBuildKind,
  type BuildKind,
  type BuildProgress,
} from '../../platform/builds';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { reader } from '../../platform/resource-kit';
import { jobsResource } from '../jobs';
import { jobSheetsExcel } from './excel/job-sheets-excel';
import { dateWriter, humanise } from './labels';
import { drawingPdf } from './pdf/drawing-pdf';
import { jobSheetsPdf } from './pdf/job-sheets-pdf';
import { projectLocationsExcel, projectLocationsPdf } from './locations-report';
import { locationsQuery, projectSlug } from './project-lists';
import { projectSpecificationsExcel, projectSpecificationsPdf } from './specifications-report';
import { brandingOf, projectHeaders } from './source';

/** The report kinds (field-work §7 `POST /reports/build/...`): builds of the platform. */

const jobOptions = z
  .object({ job_id: idSchema, job_sheet_ids: z.array(idSchema).optional() })
  .extend(reportContentSchema.shape);
const sheetsOptions = z.object({ query: z.string() }).extend(reportContentSchema.shape);
const projectOptions = z
  .object({
    project_id: idSchema,
    from: z.string().nullish(),
    to: z.string().nullish(),
  })
  .extend(reportContentSchema.shape);

const today = () => new Date().toISOString().slice(0, 10);

/** The job a report is of, as the caller sees it (another's or an invisible job is not found). */
export async function visibleJob(ctx: OrganisationContext, id: string) {
  const [job] = await reader(jobsResource).findMany(ctx, [id]);
  if (!job) throw notFound('Job');
  return job as {
    id: string;
    number: number;
    reference: string | null;
    project_id: string;
    date: string | null;
    status: string;
    operative_id: string | null;
  };
}

/** A job's sheets (or the named ones of them), in the job's order. */
export const jobQuery = (jobId: string, sheetIds?: string[]) =>
  `filter[job_id]=${jobId}${sheetIds?.length ? `&filter[id]=${sheetIds.join(',')}` : ''}&sort=seq_number`;

async function jobDetails(
  ctx: OrganisationContext,
  jobId: string,
): Promise<Array<[string, string]>> {
  const job = await visibleJob(ctx, jobId);
  const brand = await brandingOf(ctx);
  return [
    ['Job', `Job #${job.number}${job.reference ? ` · ${job.reference}` : ''}`],
    ['Date', job.date ? brand.dates.date(job.date) : 'Not scheduled'],
    ['Job status', humanise(job.status)],
  ];
}

async function jobLabel(ctx: OrganisationContext, jobId: string, what: string) {
  const job = await visibleJob(ctx, jobId);
  return {
    name: `Job #${job.number} ${what}`,
    description: job.reference,
    downloadName: `job-${job.number}-report`,
    jobPath: `/jobs/${job.id}`,
  };
}

export const jobPdfReport = defineBuild({
  name: 'report-job-pdf',
  format: 'pdf',
  options: jobOptions,
  label: (ctx, options) => jobLabel(ctx, options.job_id, 'PDF report'),
  async *write(ctx, options, progress) {
    const job = await visibleJob(ctx, options.job_id);
    yield* jobSheetsPdf(
      ctx,
      {
        title: `Job #${job.number} report`,
        details: await jobDetails(ctx, job.id),
        projectId: job.project_id,
        query: jobQuery(job.id, options.job_sheet_ids),
        content: contentOf(options),
      },
      progress,
    );
  },
});

export const jobExcelReport = defineBuild({
  name: 'report-job-excel',
  format: 'xlsx',
  options: jobOptions,
  label: (ctx, options) => jobLabel(ctx, options.job_id, 'Excel report'),
  async *write(ctx, options, progress) {
    const job = await visibleJob(ctx, options.job_id);
    yield* jobSheetsExcel(
      ctx,
      { title: `Job #${job.number} report`, query: jobQuery(job.id, options.job_sheet_ids) },
      progress,
    );
  },
});

export const jobSheetsExcelReport = defineBuild({
  name: 'report-job-sheets-excel',
  format: 'xlsx',
  options: sheetsOptions,
  label: () => ({
    name: 'Job sheets Excel report',
    description: null,
    downloadName: `job-sheets-${today()}`,
  }),
  write: (ctx, options, progress) =>
    jobSheetsExcel(ctx, { title: 'Job sheets report', query: options.query }, progress),
});

/** A project's sheets submitted in the period (whole days, UTC), in number order. */
export function projectQuery(options: {
  project_id: string;
  from?: string | null;
  to?: string | null;
}) {
  const search = new URLSearchParams({ 'filter[project_id]': options.project_id, sort: 'number' });
  if (options.from) search.set('filter[submitted_from]', `${options.from}T00:00:00.000Z`);
  if (options.to) {
    const next = new Date(`${options.to}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    search.set('filter[submitted_to]', next.toISOString());
  }
  return search.toString();
}

function periodText(options: { from?: string | null; to?: string | null }) {
  const dates = dateWriter('UTC');
  if (options.from && options.to) return `${dates.date(options.from)} to ${dates.date(options.to)}`;
  if (options.from) return `From ${dates.date(options.from)}`;
  if (options.to) return `Until ${dates.date(options.to)}`;
  return 'All time';
}

async function projectLabel(
  ctx: OrganisationContext,
  options: z.output<typeof projectOptions>,
  what: string,
) {
  const project = (await projectHeaders(ctx, [options.project_id])).get(options.project_id);
  if (!project) throw notFound('Project');
  const slug = projectSlug(project.name);
  return {
    name: `${project.name} job sheets ${what}`,
    description: periodText(options),
    downloadName: `${slug}-job-sheets-${options.from ?? 'start'}-to-${options.to ?? today()}`,
    jobPath: `/projects/${project.id}`,
  };
}

export const projectJobSheetsPdfReport = defineBuild({
  name: 'report-project-job-sheets-pdf',
  format: 'pdf',
  options: projectOptions,
  label: (ctx, options) => projectLabel(ctx, options, 'PDF report'),
  write: (ctx, options, progress) =>
    jobSheetsPdf(
      ctx,
      {
        title: 'Job sheets report',
        details: [['Period', periodText(options)]],
        projectId: options.project_id,
        query: projectQuery(options),
        content: contentOf(options),
      },
      progress,
    ),
});

export const projectJobSheetsExcelReport = defineBuild({
  name: 'report-project-job-sheets-excel',
  format: 'xlsx',
  options: projectOptions,
  label: (ctx, options) => projectLabel(ctx, options, 'Excel report'),
  write: (ctx, options, progress) =>
    jobSheetsExcel(ctx, { title: 'Job sheets report', query: projectQuery(options) }, progress),
});

const contentOf = (options: ReportContent): ReportContent => ({
  include_photos: options.include_photos,
  photo_size: options.photo_size,
  include_approvals: options.include_approvals,
  one_sheet_per_page: options.one_sheet_per_page,
});

/** A drawing printed with its pins coloured and iconed by status, and a legend with counts. */
export const drawingPdfReport = defineBuild({
  name: 'report-drawing-pdf',
  format: 'pdf',
  options: z.object({ drawing_id: idSchema }),
  async label(ctx, options) {
    const { rows } = await ctx.db.query<{ name: string; project_id: string }>(
      `SELECT d.name, b.project_id FROM drawings d
         JOIN levels l ON l.organisation_id = d.organisation_id AND l.id = d.level_id
         JOIN blocks b ON b.organisation_id = l.organisation_id AND b.id = l.block_id
        WHERE d.organisation_id = $1 AND d.id = $2`,
      [ctx.organisationId, options.drawing_id],
    );
    const drawing = rows[0];
    if (!drawing) throw notFound('Drawing');
    const slug = drawing.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return {
      name: `${drawing.name} drawing PDF`,
      description: null,
      downloadName: `${slug || 'drawing'}-${today()}`,
      jobPath: `/projects/${drawing.project_id}`,
    };
  },
  write: (ctx, options, progress) =>
    drawingPdf(ctx, options.drawing_id, async (done, total) => progress(done, total)),
});

const projectListOptions = z.object({ project_id: idSchema, query: z.string().default('') });

async function projectListLabel(
  ctx: OrganisationContext,
  projectId: string,
  list: 'locations' | 'specifications',
  format: 'PDF' | 'Excel',
) {
  const project = (await projectHeaders(ctx, [projectId])).get(projectId);
  if (!project) throw notFound('Project');
  return {
    name: `${project.name} ${list} ${format} report`,
    description: null,
    downloadName: `${projectSlug(project.name)}-${list}-${today()}`,
    jobPath: `/projects/${project.id}`,
  };
}

/** A project's list as a report of one format, written by `write`. */
const projectListReport = (
  list: 'locations' | 'specifications',
  format: 'pdf' | 'xlsx',
  write: (
    ctx: OrganisationContext,
    options: { project_id: string; query: string },
    progress: BuildProgress,
  ) => AsyncGenerator<Buffer>,
) =>
  defineBuild({
    name: `report-project-${list}-${format === 'pdf' ? 'pdf' : 'excel'}`,
    format,
    options: projectListOptions,
    label: (ctx, options) =>
      projectListLabel(ctx, options.project_id, list, format === 'pdf' ? 'PDF' : 'Excel'),
    write: (ctx, options, progress) =>
      write(
        ctx,
        {
          project_id: options.project_id,
          query:
            list === 'locations'
              ? locationsQuery(options.project_id, options.query)
              : options.query,
        },
        progress,
      ),
  });

export const projectLocationsPdfReport = projectListReport('locations', 'pdf', projectLocationsPdf);
export const projectLocationsExcelReport = projectListReport(
  'locations',
  'xlsx',
  projectLocationsExcel,
);
export const projectSpecificationsPdfReport = projectListReport(
  'specifications',
  'pdf',
  projectSpecificationsPdf,
);
export const projectSpecificationsExcelReport = projectListReport(
  'specifications',
  'xlsx',
  projectSpecificationsExcel,
);

export const REPORT_BUILD_KINDS: BuildKind[] = [
  projectLocationsPdfReport,
  projectLocationsExcelReport,
  projectSpecificationsPdfReport,
  projectSpecificationsExcelReport,
  drawingPdfReport,
  jobPdfReport,
  jobExcelReport,
  jobSheetsExcelReport,
  projectJobSheetsPdfReport,
  projectJobSheetsExcelReport,
];

/** Makes the report kinds known to the build job (as their routes are made). */
export function registerReportKinds() {
  for (const kind of REPORT_BUILD_KINDS) registerBuildKind(kind);
}
