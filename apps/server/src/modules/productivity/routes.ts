import {
  PRODUCTIVITY_TIMEFRAMES,
  PRODUCTIVITY_GROUPINGS,
  productivityAnswerSchema,
  productivityQuerySchema,
  productivityReportBodySchema,
  reportAnswerSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { defineBuild, registerBuildKind, startBuild } from '../../platform/builds';
import { fromZodError } from '../../platform/errors';
import { keptAnswer } from '../../platform/http/kept-answer';
import { route, type RouteDef } from '../../platform/http/route';
import { productivityExcel } from './excel';
import { productivityFigures, settledQuestion, type ProductivitySpec } from './figures';

const tags = ['Productivity'];

const specOf = (query: z.output<typeof productivityQuerySchema>): ProductivitySpec => ({
  timeframe: query.timeframe,
  group_by: query.group_by,
  from: query['filter[from]'],
  to: query['filter[to]'],
  project_ids: query['filter[project_id]'],
  user_ids: query['filter[user_id]'],
  team_ids: query['filter[team_id]'],
});

const reportOptions = z.object({
  timeframe: z.enum(PRODUCTIVITY_TIMEFRAMES),
  group_by: z.array(z.enum(PRODUCTIVITY_GROUPINGS)),
  from: z.string(),
  to: z.string(),
  project_ids: z.array(z.string()).optional(),
  user_ids: z.array(z.string()).optional(),
  team_ids: z.array(z.string()).optional(),
});

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The productivity_excel report: a build of the platform, listed among the reports. */
export const productivityExcelReport = defineBuild({
  name: 'report-productivity-excel',
  format: 'xlsx',
  options: reportOptions,
  label: (_ctx, options) => ({
    name: 'Productivity Excel report',
    description: `${dayLabel(options.from)} to ${dayLabel(options.to)}, by ${options.timeframe}`,
    downloadName: `productivity-${options.from}-to-${options.to}`,
    jobPath: null,
  }),
  write: (ctx, options, progress) => productivityExcel(ctx, options, progress),
});

const text = (value: string | string[] | undefined) =>
  value === undefined ? undefined : Array.isArray(value) ? value.join(',') : value;

export const productivityRoutes = (): RouteDef[] => {
  registerBuildKind(productivityExcelReport);
  return [
    route({
      method: 'GET',
      path: '/productivity',
      access: 'organisation',
      minRole: 'OPERATIVE',
      accessNote: 'operatives only their own figures; MANAGER and above everyone’s',
      tags,
      summary:
        'Job sheets submitted and approved, locations completed, hours worked and materials installed (measure and value), per period and by member and/or project, with totals',
      query: productivityQuerySchema,
      response: productivityAnswerSchema,
      // A year of everyone's figures is what every manager opening the chart asks for: kept
      // until what it reads changes (migration 20261203T0100).
      handler: async (ctx, { query }) => {
        const question = await settledQuestion(ctx, specOf(query), 'filter');
        return keptAnswer(ctx, 'productivity', question, () => productivityFigures(ctx, question));
      },
    }),
    route({
      method: 'POST',
      path: '/reports/build/productivity_excel',
      access: 'organisation',
      minRole: 'OPERATIVE',
      accessNote: 'operatives only their own figures; MANAGER and above everyone’s',
      tags: ['Reports'],
      summary:
        'Build the productivity figures (same timeframe and filter as GET /productivity) as an Excel workbook in the background: a sheet per period, member and project, and the detail; answers the report and its link',
      body: productivityReportBodySchema,
      response: reportAnswerSchema,
      handler: async (ctx, { body }) => {
        const parsed = productivityQuerySchema.safeParse({
          timeframe: body.timeframe,
          'filter[from]': body.filter?.from,
          'filter[to]': body.filter?.to,
          'filter[project_id]': text(body.filter?.project_id),
          'filter[user_id]': text(body.filter?.user_id),
          'filter[team_id]': text(body.filter?.team_id),
        });
        if (!parsed.success) throw fromZodError(parsed.error, 'body');
        const question = await settledQuestion(ctx, specOf(parsed.data), 'filter');
        const options = { ...question, group_by: [...PRODUCTIVITY_GROUPINGS] };
        const answer = await startBuild(ctx, productivityExcelReport, options, {
          notify: body.notify,
          emails: body.emails,
        });
        return { ...answer, data: answer.build };
      },
    }),
  ];
};
