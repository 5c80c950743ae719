import { z } from 'zod';
import { buildNoticeSchema } from './builds';
import { idSchema, recordPermissionsSchema, recordSchema, timestampSchema } from './common';
import { reportContentSchema } from './reports';

/**
 * Timesheets (field-work §3 Time entry, §4 "start and end can be reverted", §7 generic pattern
 * and "Timesheets: summary, start, end, revert"). The times an entry counts are its overrides
 * when a manager set them, else the recorded ones; an entry without an end is open (the member
 * is on the clock), and a member has at most one open entry (held by the database).
 */

/** Where the phone was when it started or ended an entry (WGS84 degrees, accuracy in metres). */
export const timeEntryLocationSchema = z
  .object({
    latitude: z
      .number('Must be a number')
      .min(-90, 'Must be between -90 and 90')
      .max(90, 'Must be between -90 and 90'),
    longitude: z
      .number('Must be a number')
      .min(-180, 'Must be between -180 and 180')
      .max(180, 'Must be between -180 and 180'),
    accuracy: z.number('Must be a number').min(0, 'Must be 0 or more').max(1_000_000).optional(),
  })
  .strict()
  .meta({ id: 'TimeEntryLocation' });
export type TimeEntryLocation = z.infer<typeof timeEntryLocationSchema>;

/** "7h 05m": whole hours and zero-padded minutes (seconds dropped). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const total = Math.max(0, Math.floor(seconds / 60));
  return `${Math.floor(total / 60)}h ${String(total % 60).padStart(2, '0')}m`;
}

/**
 * A time entry as the API answers it. `duration` is in seconds between the effective start and
 * end; while the entry is open it is the running duration up to the moment of the answer (so a
 * phone can show the clock), and `open` is true.
 */
export const timeEntrySchema = recordSchema
  .extend({
    user_id: idSchema,
    user_name: z.string().nullable(),
    client_id: idSchema.nullable(),
    client_name: z.string().nullable(),
    project_id: idSchema.nullable(),
    project_name: z.string().nullable(),
    site_id: idSchema.nullable(),
    site_name: z.string().nullable(),
    started_at: timestampSchema.describe('When the member started (as recorded)'),
    started_at_override: timestampSchema.nullable().describe('A manager’s correction of the start'),
    started_override_user_id: idSchema.nullable(),
    started_override_user_name: z.string().nullable(),
    started_location_permission_granted: z.boolean(),
    started_location: timeEntryLocationSchema.nullable(),
    ended_at: timestampSchema.nullable().describe('When the member ended (null while open)'),
    ended_at_override: timestampSchema.nullable(),
    ended_override_user_id: idSchema.nullable(),
    ended_override_user_name: z.string().nullable(),
    ended_location_permission_granted: z.boolean(),
    ended_location: timeEntryLocationSchema.nullable(),
    effective_started_at: timestampSchema.describe('The override when set, else started_at'),
    effective_ended_at: timestampSchema.nullable().describe('The override when set, else ended_at'),
    open: z.boolean().describe('No end yet: the member is on the clock'),
    duration: z
      .number()
      .int()
      .describe('Seconds from the effective start to the effective end (running while open)'),
    duration_formatted: z.string().describe('The duration as "7h 05m"'),
    override_reason: z.string().nullable(),
    notes: z.string().nullable(),
    manual_entry: z.boolean(),
    created_by_user_id: idSchema.nullable(),
    created_by_user_name: z.string().nullable(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'TimeEntry' });
export type TimeEntry = z.infer<typeof timeEntrySchema>;

const instant = z.iso.datetime({ offset: true, message: 'Must be a date and time (ISO 8601)' });
const optionalId = idSchema.nullish();
const notes = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

/** POST /timesheets: a manual entry (complete: start and end), manual_entry true. */
export const timeEntryCreateSchema = z
  .object({
    user_id: idSchema
      .optional()
      .describe('Whose time; the caller when left out (managers may name anyone)'),
    started_at: instant,
    ended_at: instant,
    client_id: optionalId,
    project_id: optionalId,
    site_id: optionalId,
    notes,
  })
  .meta({ id: 'TimeEntryCreate' });
export type TimeEntryCreate = z.input<typeof timeEntryCreateSchema>;

/**
 * PUT/PATCH /timesheets/{id}: managers set or clear the overrides (override_reason is required
 * whenever an override is set); the entry's owner may change its notes and links.
 */
export const timeEntryUpdateSchema = z
  .object({
    started_at_override: instant.nullish(),
    ended_at_override: instant.nullish(),
    override_reason: notes,
    client_id: optionalId,
    project_id: optionalId,
    site_id: optionalId,
    notes,
  })
  .meta({ id: 'TimeEntryUpdate' });
export type TimeEntryUpdate = z.input<typeof timeEntryUpdateSchema>;

const locationFields = {
  location_permission_granted: z
    .boolean('Must be true or false')
    .optional()
    .describe('Whether the phone allowed its location (false when denied or unavailable)'),
  location: timeEntryLocationSchema
    .nullish()
    .describe('Where the phone was; only with location_permission_granted'),
};

/** POST /timesheets/start: the caller starts work. */
export const timeEntryStartSchema = z
  .object({
    client_id: optionalId,
    project_id: optionalId,
    site_id: optionalId,
    notes,
    ...locationFields,
  })
  .strict()
  .meta({ id: 'TimeEntryStart' });
export type TimeEntryStart = z.input<typeof timeEntryStartSchema>;

/** POST /timesheets/end: ends the caller's open entry (a manager may name user_id). */
export const timeEntryEndSchema = z
  .object({
    user_id: idSchema.optional().describe('Whose open entry (managers); the caller when left out'),
    ...locationFields,
  })
  .strict()
  .meta({ id: 'TimeEntryEnd' });
export type TimeEntryEnd = z.input<typeof timeEntryEndSchema>;

export const TIME_ENTRY_REVERTS = ['start', 'end'] as const;
export type TimeEntryRevert = (typeof TIME_ENTRY_REVERTS)[number];

/**
 * PUT /timesheets/{id}/revert: "start" on an open entry removes it as if never started; "end"
 * reopens an ended entry (refused when the member has another open entry).
 */
export const timeEntryRevertSchema = z
  .object({ revert: z.enum(TIME_ENTRY_REVERTS, 'Must be start or end') })
  .strict()
  .meta({ id: 'TimeEntryRevert' });
export type TimeEntryRevertBody = z.input<typeof timeEntryRevertSchema>;

/** What start, end and revert answer: the entry (null once a reverted start removed it). */
export const timeEntryAnswerSchema = z
  .object({ data: timeEntrySchema.nullable() })
  .meta({ id: 'TimeEntryAnswer' });

const calendarDate = z.iso.date('Must be a date (YYYY-MM-DD)');

/**
 * GET /timesheets/summary: the period is from..to (days, the organisation's time zone), or the
 * Monday-to-Sunday week holding `week`, or this week. An entry counts on the day it starts.
 */
export const timesheetSummaryQuerySchema = z
  .object({
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    week: calendarDate.optional().describe('Any day of the week wanted (Monday to Sunday)'),
    user_id: idSchema.optional(),
    team_id: idSchema.optional(),
    project_id: idSchema.optional(),
  })
  .strict()
  .meta({ id: 'TimesheetSummaryQuery' });
export type TimesheetSummaryQuery = z.input<typeof timesheetSummaryQuerySchema>;

export const timesheetDaySchema = z.object({
  date: z.string().describe('YYYY-MM-DD'),
  seconds: z.number().int(),
  formatted: z.string(),
});

export const timesheetMemberSummarySchema = z
  .object({
    user_id: idSchema,
    user_name: z.string().nullable(),
    days: z.array(timesheetDaySchema),
    total_seconds: z.number().int(),
    total_formatted: z.string(),
    entries_count: z.number().int(),
    open_entry: z
      .object({ id: idSchema, started_at: timestampSchema })
      .nullable()
      .describe('The member’s open entry, if they are on the clock now'),
  })
  .meta({ id: 'TimesheetMemberSummary' });
export type TimesheetMemberSummary = z.infer<typeof timesheetMemberSummarySchema>;

export const timesheetSummarySchema = z
  .object({
    data: z.object({
      from: z.string(),
      to: z.string(),
      time_zone: z.string(),
      dates: z.array(z.string()),
      members: z.array(timesheetMemberSummarySchema),
      total_seconds: z.number().int(),
      total_formatted: z.string(),
    }),
  })
  .meta({ id: 'TimesheetSummary' });
export type TimesheetSummary = z.infer<typeof timesheetSummarySchema>['data'];

/** POST /reports/build/timesheets_excel and timesheets_pdf: time entries over a period. */
export const timesheetsReportBodySchema = z
  .object({
    from: calendarDate.describe('First day of the period (YYYY-MM-DD)'),
    to: calendarDate.describe('Last day of the period (YYYY-MM-DD)'),
    user_ids: z.array(idSchema).max(1000).optional().describe('Only these members'),
    team_id: idSchema.optional().describe('Only this team’s members'),
    project_id: idSchema.optional().describe('Only entries of this project'),
  })
  .extend(reportContentSchema.shape)
  .extend(buildNoticeSchema.shape)
  .refine((body) => body.from <= body.to, {
    path: ['to'],
    message: 'Must be on or after the first day',
  })
  .meta({ id: 'TimesheetsReportBody' });
export type TimesheetsReportBody = z.input<typeof timesheetsReportBodySchema>;
