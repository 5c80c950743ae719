import { z } from 'zod';
import { idSchema, recordSchema, timestampSchema } from './common';
import { PLAN_STATUSES, ROLES } from './enums';
import {
  notificationPreferencesChangeSchema,
  notificationPreferencesSchema,
} from './notifications';

export const registerUserBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Required').max(255),
    email: z.string().trim().toLowerCase().pipe(z.email('Must be a valid e-mail address')),
    password: z.string().min(8, 'Must be at least 8 characters').max(200),
    phone: z.string().trim().max(50).nullish(),
  })
  .meta({ id: 'RegisterUserBody' });

const optionalText = z.string().trim().max(255).nullish();

export const deviceInfoSchema = z
  .object({
    device_guid: optionalText,
    app_version_id: optionalText,
    app_version_code: optionalText,
    device_config: z
      .object({
        make: optionalText,
        model: optionalText,
        os_name: optionalText,
        os_version: optionalText,
      })
      .optional(),
  })
  .meta({ id: 'DeviceInfo' });

export const signInBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().min(1, 'Required'),
    password: z.string().min(1, 'Required'),
    remember: z.boolean().optional().describe('false: a 1-day session; otherwise 30 days'),
    device: deviceInfoSchema.optional(),
  })
  .meta({ id: 'SignInBody' });

export const sessionTokensSchema = z
  .object({
    accessToken: z.string().describe('Short-lived (5 minutes) bearer token'),
    refreshToken: z.string().describe('Revocable token for POST /auth/refresh'),
    expiresIn: z.number().int().describe('Seconds until the access token expires'),
  })
  .meta({ id: 'SessionTokens' });
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

export const deviceSchema = recordSchema
  .extend({
    device_guid: z.string(),
    user_id: idSchema,
    user_name: z.string(),
    app_version_id: z.string().nullable(),
    app_version_code: z.string().nullable(),
    device_config: z.object({
      make: z.string().nullable(),
      model: z.string().nullable(),
      os_name: z.string().nullable(),
      os_version: z.string().nullable(),
    }),
    logged_in_at: timestampSchema,
    last_activity_at: timestampSchema,
    logged_out_at: timestampSchema.nullable(),
    current: z.boolean(),
    impersonated: z.boolean(),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof deviceSchema>;

const newPassword = z.string().min(8, 'Must be at least 8 characters').max(200);

export const updatePasswordBodySchema = z
  .object({ current_password: z.string().min(1, 'Required'), password: newPassword })
  .meta({ id: 'UpdatePasswordBody' });

/** POST /support/impersonation_tokens (support staff): whom to act as, by e-mail or id. */
export const impersonationTokenBodySchema = z
  .object({ email: z.string().trim().toLowerCase().optional(), user_id: idSchema.optional() })
  .refine((value) => value.email || value.user_id, {
    message: 'Give an email or a user_id',
    path: ['email'],
  });

/** POST /password/request_reset_link: the e-mail to send a reset link to. */
export const requestResetLinkBodySchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Required').max(255),
});

export const resetPasswordBodySchema = z
  .object({ token: z.string().min(1, 'Required').max(200), password: newPassword })
  .meta({ id: 'ResetPasswordBody' });

export const updateUserBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Required').max(255).optional(),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email('Must be a valid e-mail address'))
      .optional(),
    phone: z.string().trim().max(50).nullish(),
  })
  .meta({ id: 'UpdateUserBody' });

export const preferencesSchema = z
  .object({
    new_jobs_experience_enabled: z.boolean(),
    auto_proceed_on_approval: z.boolean(),
    /** Per kind of notice, whether it comes by e-mail and in the app (issue 22). */
    notifications: notificationPreferencesSchema,
    /**
     * One e-mail each morning summing up the day before (issue 22, item 12): sheets submitted,
     * awaiting one's approval, approved and rejected, jobs due. Sent to managers and above only.
     */
    daily_digest: z.boolean(),
  })
  .meta({ id: 'Preferences' });

export const updatePreferencesBodySchema = preferencesSchema
  .omit({ notifications: true })
  .partial()
  .extend({
    organisation_id: idSchema.optional(),
    notifications: notificationPreferencesChangeSchema.optional(),
  })
  .meta({ id: 'UpdatePreferencesBody' });
export type Preferences = z.infer<typeof preferencesSchema>;
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;

export const userSchema = recordSchema
  .extend({
    _id: idSchema,
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    email_verified_at: timestampSchema.nullable(),
    password_updated_at: timestampSchema.nullable(),
    ids: z.record(z.string(), z.string()),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** Membership metrics (platform §3): the signed documents asked of a member. */
export const membershipDocumentMetricsSchema = z
  .object({
    signed_documents: z.number().int(),
    signed_documents_outstanding: z.number().int(),
    signed_documents_last_interaction: timestampSchema.nullable(),
  })
  .meta({ id: 'MembershipDocumentMetrics' });
export type MembershipDocumentMetrics = z.infer<typeof membershipDocumentMetricsSchema>;

export const membershipSchema = recordSchema
  .extend({
    organisation_id: idSchema,
    organisation_name: z.string(),
    user_id: idSchema,
    user_name: z.string(),
    user_email: z.string(),
    role: z.enum(ROLES),
    guest: z.boolean(),
    owner: z.boolean(),
    active: z.boolean(),
    team_ids: z.array(idSchema),
    projects: z.array(
      z.object({
        project_id: idSchema,
        member_permissions: z.object({ can_start_jobs: z.boolean(), can_edit: z.boolean() }),
      }),
    ),
    preferences: preferencesSchema,
    /** Signed documents asked of the member, those outstanding, their last interaction. */
    metrics: membershipDocumentMetricsSchema.optional(),
    deleted_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Membership' });
export type Membership = z.infer<typeof membershipSchema>;

export const planSchema = z.object({
  status: z.enum(PLAN_STATUSES),
  waived: z.boolean(),
  can_edit_seats: z.boolean(),
  trial_id: idSchema.nullable(),
  trial_ends_at: timestampSchema
    .nullable()
    .optional()
    .describe('When the trial ends (or ended); null without a trial'),
  subscription_id: idSchema.nullable(),
  overdue_ignored_until: timestampSchema.nullable(),
  seats: z.object({ total: z.number(), used: z.number(), available: z.number() }),
  customer_success_manager: z.unknown().nullable(),
  subscription: z
    .object({ outstanding_invoices: z.object({ longest_overdue_by_days: z.number() }) })
    .nullable(),
});

export const organisationSchema = recordSchema
  .extend({
    _id: idSchema,
    slug: z.string(),
    name: z.string(),
    ids: z.record(z.string(), z.string()),
    plan: planSchema,
    options: z.record(z.string(), z.unknown()),
    preboarding: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Organisation' });
export type Organisation = z.infer<typeof organisationSchema>;

export const registerOrganisationBodySchema = z
  .object({ name: z.string().trim().min(1, 'Required').max(255) })
  .meta({ id: 'RegisterOrganisationBody' });

export const meContextSchema = z
  .object({
    user: userSchema,
    memberships: z.array(membershipSchema),
    organisations: z.array(organisationSchema),
    legacyTeams: z.array(
      z.object({ id: z.string(), name: z.string(), slug: z.string(), role: z.string() }),
    ),
    intercom: z.object({
      user_id: idSchema,
      user_hash: z.string(),
      name: z.string(),
      email: z.string(),
    }),
    now: z.number().describe('Server time in milliseconds since the epoch'),
    impersonating: z.boolean().describe('Whether support staff are acting as this user'),
    impersonator: z.object({ id: idSchema, name: z.string(), email: z.string() }).nullable(),
    support: z.boolean().describe('Whether the user is support staff (may impersonate)'),
  })
  .meta({ id: 'MeContext' });
export type MeContext = z.infer<typeof meContextSchema>;
