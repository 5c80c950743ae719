import { z } from 'zod';
import {
  idSchema,
  optionalText,
  recordPermissionsSchema,
  recordSchema,
  timestampSchema,
  typedValueFields,
} from './common';

/** A job's lifecycle (docs/jobs.md): AWAITING → IN_PROGRESS → COMPLETED, or CANCELLED. */
export const JOB_STATUSES = ['AWAITING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

const dateSchema = z.iso.date('Must be a date (YYYY-MM-DD)');

/** One value of a project job attribute; which value_* is used follows the attribute's type. */
export const attributeValueInputSchema = z
  .object({
    attribute_id: idSchema,
    value_string: z.string().max(10_000).nullish(),
    value_number: z.number().nullish(),
    value_boolean: z.boolean().nullish(),
    value_date: z.string().nullish(),
    value_option: z.string().nullish(),
    value_options: z.array(z.string()).nullish(),
  })
  .meta({ id: 'AttributeValueInput' });

export const attributeValueSchema = z
  .object({
    attribute_id: idSchema,
    name: z.string(),
    type: z.string(),
    ...typedValueFields,
  })
  .meta({ id: 'AttributeValue' });

export const jobSchema = recordSchema
  .extend({
    number: z.number().int(),
    reference: z.string().nullable(),
    client_id: idSchema.nullable(),
    project_id: idSchema,
    site_id: idSchema.nullable(),
    operative_id: idSchema.nullable(),
    form_ids: z.array(idSchema),
    date: z.string().nullable(),
    instructions: z.string().nullable(),
    contact_id: idSchema.nullable(),
    visit_id: idSchema.nullable(),
    status: z.enum(JOB_STATUSES),
    cancelled_at: timestampSchema.nullable(),
    started_at: timestampSchema.nullable(),
    completed_at: timestampSchema.nullable(),
    locked_by_device_id: z.string().nullable(),
    locked_by_user_name: z.string().nullable(),
    locked_at: timestampSchema.nullable(),
    attribute_values: z.array(attributeValueSchema),
    form_names: z.array(z.string()),
    job_sheet_count: z.number().int(),
    job_sheet_ids: z.array(idSchema),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

const jobFields = {
  reference: optionalText(255),
  project_id: idSchema,
  site_id: idSchema.nullish(),
  operative_id: idSchema.nullish(),
  form_ids: z.array(idSchema).max(100).optional(),
  date: dateSchema.nullish(),
  instructions: optionalText(10_000),
  contact_id: idSchema.nullish(),
  visit_id: idSchema.nullish(),
  attribute_values: z.array(attributeValueInputSchema).max(200).optional(),
};
export const jobCreateSchema = z.object(jobFields).meta({ id: 'JobCreate' });
export const jobUpdateSchema = z.object(jobFields).partial().meta({ id: 'JobUpdate' });

export const jobReassignSchema = z.object({ operative_id: idSchema }).meta({ id: 'JobReassign' });
export const jobRescheduleSchema = z.object({ date: dateSchema }).meta({ id: 'JobReschedule' });

export const PERFORMED_BY_TYPES = ['USER', 'API_KEY', 'DEVICE'] as const;

/** One audit entry of a job (GET /job_activity_logs): who did what to it, when, what changed. */
export const jobActivityLogSchema = recordSchema
  .extend({
    job_id: idSchema,
    action: z.string(),
    performed_at: timestampSchema,
    performed_by_type: z.enum(PERFORMED_BY_TYPES),
    performed_by_user_id: idSchema.nullable(),
    performed_by_user_name: z.string().nullable(),
    performed_by_api_key_id: idSchema.nullable(),
    performed_by_device_id: z.string().nullable(),
    changes: z.unknown().nullable(),
  })
  .meta({ id: 'JobActivityLog' });
