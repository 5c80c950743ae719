import { z } from 'zod';
import { idSchema, optionalText, recordSchema, timestampSchema } from './common';

const localDaySchema = z.iso.date('Must be a date (YYYY-MM-DD)');

/**
 * A daily job plan (field-work §3): what one operative does on one local day, shown to them in
 * operative_view_order among their plans of that day (reordered with POST /daily_job_plans/reorder).
 */
export const dailyJobPlanSchema = recordSchema
  .extend({
    operative_id: idSchema,
    local_day: z.string().describe('The operative’s calendar day, YYYY-MM-DD'),
    reference: z.string().nullable(),
    form_ids: z.array(idSchema),
    instructions: z.string().nullable(),
    operative_view_order: z.number().int(),
  })
  .meta({ id: 'DailyJobPlan' });
export type DailyJobPlan = z.infer<typeof dailyJobPlanSchema>;

const dailyJobPlanFields = {
  operative_id: idSchema,
  local_day: localDaySchema,
  reference: optionalText(255),
  form_ids: z.array(idSchema).max(100).optional(),
  instructions: optionalText(10_000),
};
export const dailyJobPlanCreateSchema = z
  .object(dailyJobPlanFields)
  .meta({ id: 'DailyJobPlanCreate' });
export const dailyJobPlanUpdateSchema = z
  .object(dailyJobPlanFields)
  .partial()
  .meta({ id: 'DailyJobPlanUpdate' });
export type DailyJobPlanInput = z.infer<typeof dailyJobPlanCreateSchema>;

/**
 * A visit (field-work §3; its fields are this product's choice, see docs/jobs.md): one trip to a
 * project's site that jobs belong to (job.visit_id). Soft-deleted with restore.
 */
export const visitSchema = recordSchema
  .extend({
    reference: z.string().nullable(),
    project_id: idSchema.nullable(),
    site_id: idSchema.nullable(),
    date: z.string().nullable(),
    notes: z.string().nullable(),
    job_count: z.number().int().describe('Jobs that name this visit'),
    deleted_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Visit' });
export type Visit = z.infer<typeof visitSchema>;

const visitFields = {
  reference: optionalText(255),
  project_id: idSchema.nullish(),
  site_id: idSchema.nullish(),
  date: localDaySchema.nullish(),
  notes: optionalText(10_000),
};
export const visitCreateSchema = z.object(visitFields).meta({ id: 'VisitCreate' });
export const visitUpdateSchema = z.object(visitFields).partial().meta({ id: 'VisitUpdate' });
export type VisitInput = z.infer<typeof visitCreateSchema>;
