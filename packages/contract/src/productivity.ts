import { z } from 'zod';
import { ID_PATTERN } from './ids';
import { buildNoticeSchema } from './builds';
import type { MaterialInputTypeKey } from './material-keys';

/**
 * Productivity (field-work §7 `GET /productivity` with timeframe and filter; docs/productivity.md):
 * per member, project and period, the job sheets submitted and approved, the locations
 * completed, the hours worked and the materials installed with their measure and value.
 */

/** The period each row covers (weeks start on Monday). */
export const PRODUCTIVITY_TIMEFRAMES = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type ProductivityTimeframe = (typeof PRODUCTIVITY_TIMEFRAMES)[number];
export const PRODUCTIVITY_TIMEFRAME_LABELS: Record<ProductivityTimeframe, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

/** What rows are split by besides the period. */
export const PRODUCTIVITY_GROUPINGS = ['member', 'project'] as const;
export type ProductivityGrouping = (typeof PRODUCTIVITY_GROUPINGS)[number];

/** The widest period one answer covers (in days), and the most days one answer splits by day. */
export const PRODUCTIVITY_MAX_DAYS = 3 * 366;
export const PRODUCTIVITY_MAX_DAY_ROWS = 366;

/**
 * What materials are measured in: each input type is charged in its min_measure_unit
 * (MATERIAL_INPUT_TYPES), so materials are summed per unit.
 */
export const PRODUCTIVITY_UNITS = [
  'square_metres',
  'linear_metres',
  'cubic_metres',
  'items',
  'openings',
] as const;
export type ProductivityUnit = (typeof PRODUCTIVITY_UNITS)[number];
export const PRODUCTIVITY_UNIT_MEASURES: Record<ProductivityUnit, string> = {
  square_metres: 'm²',
  linear_metres: 'm',
  cubic_metres: 'm³',
  items: 'items',
  openings: 'openings',
};
export const PRODUCTIVITY_UNIT_OF: Record<MaterialInputTypeKey, ProductivityUnit> = {
  SQUARE_METRES: 'square_metres',
  SQUARE_METRES_ALL_SIDES: 'square_metres',
  SQUARE_METRES_FOUR_SIDES: 'square_metres',
  LINEAR_METRES: 'linear_metres',
  LINEAR_METRES_AND_JOINT_SIZE: 'linear_metres',
  LENGTH_AND_DIAMETER: 'linear_metres',
  CUBIC_METRES: 'cubic_metres',
  QUANTITY: 'items',
  QUANTITY_AND_DIAMETER: 'items',
  AVERAGE_SIDE: 'openings',
};

const dateText = z.iso.date('Must be a date (YYYY-MM-DD)');
const idList = z
  .string()
  .refine(
    (text) => text.split(',').every((part) => ID_PATTERN.test(part.trim())),
    'Must be 24-character hex ids, comma-separated',
  )
  .transform((text) => [...new Set(text.split(',').map((part) => part.trim()))]);

/** The query grammar (the list grammar's filter[field]=a,b); unknown parameters are refused. */
export const productivityQuerySchema = z
  .strictObject({
    timeframe: z
      .enum(PRODUCTIVITY_TIMEFRAMES, `Must be one of ${PRODUCTIVITY_TIMEFRAMES.join(', ')}`)
      .default('month')
      .describe('The period each row covers'),
    group_by: z
      .string()
      .default('member')
      .refine(
        (text) =>
          text === '' ||
          text
            .split(',')
            .every((part) => (PRODUCTIVITY_GROUPINGS as readonly string[]).includes(part)),
        `Must be empty or member, project, or both comma-separated`,
      )
      .transform((text) =>
        PRODUCTIVITY_GROUPINGS.filter((grouping) => text.split(',').includes(grouping)),
      )
      .describe('member, project, both (member,project), or empty for period totals only'),
    'filter[from]': dateText
      .optional()
      .describe('First day (YYYY-MM-DD); default the start of the period 11 periods back'),
    'filter[to]': dateText.optional().describe('Last day (YYYY-MM-DD); default today'),
    'filter[project_id]': idList.optional().describe('Only these projects'),
    'filter[user_id]': idList.optional().describe('Only these members'),
    'filter[team_id]': idList.optional().describe('Only the members of these teams'),
  })
  .meta({ id: 'ProductivityQuery' });
export type ProductivityQuery = z.input<typeof productivityQuerySchema>;

export const productivityMaterialSchema = z
  .object({
    unit: z.enum(PRODUCTIVITY_UNITS),
    measure: z.string().describe('The unit people read, e.g. m²'),
    quantity: z.number().describe('The charged measure installed, in the unit'),
    value: z.number().int().describe('Minor units: the first rate group’s price'),
  })
  .meta({ id: 'ProductivityMaterial' });
export type ProductivityMaterial = z.infer<typeof productivityMaterialSchema>;

const figures = {
  job_sheets_submitted: z.number().int(),
  job_sheets_approved: z.number().int(),
  locations_completed: z.number().int(),
  hours_worked: z.number().describe('Hours, two decimals'),
  seconds_worked: z.number().int(),
  materials: z.array(productivityMaterialSchema),
};

export const productivityFiguresSchema = z.object(figures).meta({ id: 'ProductivityFigures' });
export type ProductivityFigures = z.infer<typeof productivityFiguresSchema>;

export const productivityRowSchema = z
  .object({
    period_start: z.string().describe('First day of the period (YYYY-MM-DD)'),
    user_id: z.string().nullable().describe('Null when not grouped by member, or no member'),
    user_name: z.string().nullable(),
    project_id: z.string().nullable().describe('Null when not grouped by project, or no project'),
    project_name: z.string().nullable(),
    ...figures,
  })
  .meta({ id: 'ProductivityRow' });
export type ProductivityRow = z.infer<typeof productivityRowSchema>;

export const productivityAnswerSchema = z
  .object({
    data: z.array(productivityRowSchema),
    totals: productivityFiguresSchema,
    meta: z.object({
      timeframe: z.enum(PRODUCTIVITY_TIMEFRAMES),
      group_by: z.array(z.enum(PRODUCTIVITY_GROUPINGS)),
      from: z.string(),
      to: z.string(),
      /** Every period's first day in the range, for charts (rows exist only for non-empty ones). */
      periods: z.array(z.string()),
    }),
  })
  .meta({ id: 'ProductivityAnswer' });
export type ProductivityAnswer = z.infer<typeof productivityAnswerSchema>;

/** POST /reports/build/productivity_excel: the same filter as GET /productivity. */
export const productivityReportBodySchema = z
  .object({
    timeframe: z
      .enum(PRODUCTIVITY_TIMEFRAMES, `Must be one of ${PRODUCTIVITY_TIMEFRAMES.join(', ')}`)
      .default('month'),
    filter: z
      .strictObject({
        from: dateText.optional(),
        to: dateText.optional(),
        project_id: z.union([z.string(), z.array(z.string())]).optional(),
        user_id: z.union([z.string(), z.array(z.string())]).optional(),
        team_id: z.union([z.string(), z.array(z.string())]).optional(),
      })
      .optional(),
  })
  .extend(buildNoticeSchema.shape)
  .meta({ id: 'ProductivityReportBody' });
export type ProductivityReportBody = z.input<typeof productivityReportBodySchema>;
