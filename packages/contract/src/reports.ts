import { z } from 'zod';
import { buildAnswerSchema, buildNoticeSchema, buildSchema } from './builds';
import { idSchema } from './common';

const calendarDateSchema = z.iso.date('Must be a date (YYYY-MM-DD)');

/**
 * Reports (field-work §3 Report, §7 `POST /reports/build/...`): branded PDFs and Excel files of
 * jobs and job sheets, built in the background. A report is a build of one of these kinds.
 */
export const REPORT_KINDS = [
  'report-job-pdf',
  'report-job-excel',
  'report-job-sheets-excel',
  'report-project-job-sheets-pdf',
  'report-project-job-sheets-excel',
  'report-drawing-pdf',
  'report-timesheets-excel',
  'report-timesheets-pdf',
  'report-productivity-excel',
  'report-project-locations-pdf',
  'report-project-locations-excel',
  'report-project-specifications-pdf',
  'report-project-specifications-excel',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** How large a photo is drawn in a PDF (and the width of the display copy it is drawn from). */
export const REPORT_PHOTO_SIZES = ['SMALL', 'MEDIUM', 'LARGE'] as const;
export type ReportPhotoSize = (typeof REPORT_PHOTO_SIZES)[number];
export const REPORT_PHOTO_SIZE_LABELS: Record<ReportPhotoSize, string> = {
  SMALL: 'Small (four a row)',
  MEDIUM: 'Medium (two a row)',
  LARGE: 'Large (one a row)',
};

/** The most job sheets one report holds (a PDF of more is better split by period). */
export const REPORT_MAX_SHEETS = 100_000;

/** What a report shows, chosen when it is asked for. */
export const reportContentSchema = z.object({
  include_photos: z.boolean('Must be true or false').default(true),
  photo_size: z
    .enum(REPORT_PHOTO_SIZES, `Must be one of ${REPORT_PHOTO_SIZES.join(', ')}`)
    .default('MEDIUM'),
  include_approvals: z.boolean('Must be true or false').default(true),
  one_sheet_per_page: z.boolean('Must be true or false').default(true),
});
export type ReportContent = z.output<typeof reportContentSchema>;

const id = idSchema;
const listFilter = z.record(
  z.string(),
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.union([z.string(), z.number()])),
  ]),
);

/** POST /reports/build/job_pdf and /job_excel: one job's sheets. */
export const jobReportBodySchema = z
  .object({
    job_id: id,
    job_sheet_ids: z
      .array(id)
      .min(1, 'Name at least one job sheet, or leave it out for all')
      .max(1000, 'At most 1000 job sheets')
      .optional()
      .describe('Only these sheets of the job (one job sheet’s report); all when absent'),
  })
  .extend(reportContentSchema.shape)
  .extend(buildNoticeSchema.shape)
  .meta({ id: 'JobReportBody' });
export type JobReportBody = z.input<typeof jobReportBodySchema>;

/** POST /reports/build/job_sheets_excel: the job sheets a list filter matches. */
export const jobSheetsReportBodySchema = z
  .object({
    filter: listFilter.optional().describe('The job sheets list grammar, as filter[name]=value'),
    sort: z.string().optional(),
  })
  .extend(reportContentSchema.shape)
  .extend(buildNoticeSchema.shape)
  .meta({ id: 'JobSheetsReportBody' });
export type JobSheetsReportBody = z.input<typeof jobSheetsReportBodySchema>;

export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;

/** POST /reports/build/project_job_sheets: a project's job sheets over a period. */
export const projectJobSheetsReportBodySchema = z
  .object({
    project_id: id,
    format: z.enum(REPORT_FORMATS, 'Must be pdf or xlsx').default('pdf'),
    from: calendarDateSchema.nullish().describe('First day of the period (YYYY-MM-DD)'),
    to: calendarDateSchema.nullish().describe('Last day of the period (YYYY-MM-DD)'),
  })
  .extend(reportContentSchema.shape)
  .extend(buildNoticeSchema.shape)
  .refine((body) => !body.from || !body.to || body.from <= body.to, {
    path: ['to'],
    message: 'Must be on or after the first day',
  })
  .meta({ id: 'ProjectJobSheetsReportBody' });
export type ProjectJobSheetsReportBody = z.input<typeof projectJobSheetsReportBodySchema>;

/** POST /reports/build/project_locations: a project's locations, all or those a filter matches. */
export const projectLocationsReportBodySchema = z
  .object({
    project_id: id,
    format: z.enum(REPORT_FORMATS, 'Must be pdf or xlsx').default('pdf'),
    filter: listFilter
      .optional()
      .describe('The locations list grammar, as filter[name]=value (e.g. status_id, drawing_id)'),
    sort: z.string().optional().describe('The locations list grammar; by number when absent'),
  })
  .extend(buildNoticeSchema.shape)
  .meta({ id: 'ProjectLocationsReportBody' });
export type ProjectLocationsReportBody = z.input<typeof projectLocationsReportBodySchema>;

/** POST /reports/build/project_specifications: a project's specifications with their prices. */
export const projectSpecificationsReportBodySchema = z
  .object({
    project_id: id,
    format: z.enum(REPORT_FORMATS, 'Must be pdf or xlsx').default('pdf'),
  })
  .extend(buildNoticeSchema.shape)
  .meta({ id: 'ProjectSpecificationsReportBody' });
export type ProjectSpecificationsReportBody = z.input<typeof projectSpecificationsReportBodySchema>;

/** A report: a build of a report kind (field-work §3 Report's fields, with its progress). */
export const reportSchema = buildSchema.meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;

/** What a report route answers: the report record (`data`, = `build`) and the link to its file. */
export const reportAnswerSchema = buildAnswerSchema
  .extend({ data: reportSchema })
  .meta({ id: 'ReportAnswer' });
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;
