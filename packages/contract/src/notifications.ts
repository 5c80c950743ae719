import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

/**
 * What a person is told about (issue 22, item 12). The spec names only `PUT /me/preferences`;
 * the kinds and the preference keys are ours (docs/decisions.md, "Notifications").
 */
export const NOTIFICATION_KINDS = [
  'job_assigned',
  'job_rescheduled',
  'job_sheet_submitted',
  'job_sheet_approved',
  'job_sheet_rejected',
  'approval_stage_waiting',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How each kind is named to a person (the preferences page, an e-mail's footer). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  job_assigned: 'A job is assigned to me',
  job_rescheduled: 'One of my jobs is moved to another day',
  job_sheet_submitted: 'A job sheet is submitted for my approval',
  job_sheet_approved: 'My job sheet is approved',
  job_sheet_rejected: 'My job sheet is rejected',
  approval_stage_waiting: 'A job sheet reaches an approval stage of mine',
};

export const notificationChannelsSchema = z
  .object({ email: z.boolean(), in_app: z.boolean() })
  .meta({ id: 'NotificationChannels' });
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

export const notificationPreferencesSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, notificationChannelsSchema])) as {
      [K in NotificationKind]: typeof notificationChannelsSchema;
    },
  )
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A change to some kinds' channels: each kind and each channel optional. */
export const notificationPreferencesChangeSchema = z.object(
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, notificationChannelsSchema.partial().optional()]),
  ) as {
    [K in NotificationKind]: z.ZodOptional<ReturnType<typeof notificationChannelsSchema.partial>>;
  },
);

/** Everything on, for a membership that never chose. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, { email: true, in_app: true }]),
) as NotificationPreferences;

/** A stored (possibly partial, possibly old) preferences object with every kind filled in. */
export function withNotificationDefaults(stored: unknown): NotificationPreferences {
  const source = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const value = (source[kind] ?? {}) as Partial<NotificationChannels>;
      return [
        kind,
        {
          email: typeof value.email === 'boolean' ? value.email : true,
          in_app: typeof value.in_app === 'boolean' ? value.in_app : true,
        },
      ];
    }),
  ) as NotificationPreferences;
}

/** One in-app notice: a sentence, a line of detail, and the web app's page it is about. */
export const notificationSchema = z
  .object({
    id: idSchema,
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string().nullable(),
    /** The web app's path of the record (no host), e.g. /organisations/acme/jobs/… */
    link: z.string(),
    read_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z
  .object({
    data: z.array(notificationSchema),
    meta: z.object({ unread: z.number().int(), total: z.number().int() }),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  unread: z.enum(['true', 'false']).optional(),
  'page[size]': z.coerce.number().int().min(0).max(100).optional(),
});

export const markNotificationsReadBodySchema = z
  .object({
    /** The notices to mark read; omitted: every unread notice of the organisation. */
    ids: z.array(idSchema).max(500).optional(),
  })
  .meta({ id: 'MarkNotificationsReadBody' });
