import { z } from 'zod';
import { idSchema, recordSchema, timestampSchema } from './common';
import { MEMBER_ROLES } from './people';
import {
  BETA_FEATURE_PATTERN,
  CHANGELOG_STATUSES,
  LEAD_SOURCES,
  MAX_BETA_FEATURES,
  MAX_PREBOARDING_INVITES,
  MAX_QUESTIONNAIRE_LIST,
  OFFICE_EMPLOYEE_RANGES,
  PREBOARDING_CHECKPOINTS,
  SITE_EMPLOYEE_RANGES,
} from './organisation-setup-constants';

/**
 * Organisation setup (platform §3 Organisation.options and .preboarding, §7 account calls),
 * preboarding, changelogs and geocoding. The routes are listed in docs/organisation-setup.md.
 * Its zod-free constants are in organisation-setup-constants.ts (see there why).
 */

// Reference data -----------------------------------------------------------------------------

export const currencySchema = z
  .object({
    code: z.string().describe('ISO 4217 code, e.g. GBP'),
    name: z.string(),
    prefix: z.string().describe('Written before an amount, e.g. "£"; "" when none'),
    suffix: z
      .string()
      .describe('Written after an amount, e.g. " kr" (a no-break space before kr); "" when none'),
  })
  .meta({ id: 'Currency' });
export type Currency = z.infer<typeof currencySchema>;

export const countrySchema = z
  .object({ code: z.string().describe('ISO 3166-1 alpha-2'), name: z.string() })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof countrySchema>;

// Organisation options -----------------------------------------------------------------------

export const featuresSchema = z
  .object({
    approvals: z.boolean(),
    jobs_experience: z.boolean(),
    beta_features: z.array(z.string()),
    use_new_query_api: z.boolean(),
    api_management: z.boolean(),
  })
  .meta({ id: 'OrganisationFeatures' });
export type OrganisationFeatures = z.infer<typeof featuresSchema>;

/**
 * Completing a job whose forms have no submitted job sheet (docs/jobs.md): refused with
 * 422 naming what is missing, or allowed with an audit entry recording it (the default).
 */
export const JOB_COMPLETION_RULES = ['ALLOW_WITH_NOTE', 'REFUSE'] as const;
export type JobCompletionRule = (typeof JOB_COMPLETION_RULES)[number];

export const organisationSettingsSchema = z
  .object({
    project_reference_field_enabled: z.boolean(),
    location_reference_field_name: z.string().nullable(),
    complete_job_without_sheets: z.enum(JOB_COMPLETION_RULES),
  })
  .meta({ id: 'OrganisationSettings' });
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;

export const reportOptionsSchema = z
  .object({
    company_name: z.string().nullable(),
    address: z.string().nullable(),
    telephone: z.string().nullable(),
    email: z.string().nullable(),
    show_job_sheet_timestamps: z.boolean(),
    show_photo_timestamps: z.boolean(),
    show_emails: z.boolean(),
  })
  .meta({ id: 'ReportOptions' });
export type ReportOptions = z.infer<typeof reportOptionsSchema>;

/** An image the server stored (normalised), with a signed download link valid for an hour. */
export const storedImageSchema = z
  .object({
    name: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    url: z.string().describe('Signed link, valid one hour'),
    uploaded_at: timestampSchema,
  })
  .meta({ id: 'StoredImage' });
export type StoredImage = z.infer<typeof storedImageSchema>;

export const organisationOptionsSchema = z
  .object({
    currency_code: z.string(),
    currency: currencySchema,
    country: z.string().describe('ISO 3166-1 alpha-2'),
    timezone: z.string().describe('IANA time zone'),
    features: featuresSchema,
    settings: organisationSettingsSchema,
    report_options: reportOptionsSchema,
    files: z.object({
      report_logo: storedImageSchema.nullable(),
      report_cover_image: storedImageSchema.nullable(),
    }),
  })
  .meta({ id: 'OrganisationOptions' });
export type OrganisationOptions = z.infer<typeof organisationOptionsSchema>;

// Bodies: every field optional; what is not sent stays as it is.

const text = (max: number) =>
  z
    .string('Must be text')
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const flag = z.boolean('Must be true or false').optional();

export const featuresBodySchema = z
  .strictObject({
    approvals: flag,
    jobs_experience: flag,
    beta_features: z
      .array(
        z
          .string('Must be text')
          .regex(BETA_FEATURE_PATTERN, 'Must be a snake_case feature name (a-z, 0-9, _)'),
      )
      .max(MAX_BETA_FEATURES, `At most ${MAX_BETA_FEATURES} beta features`)
      .transform((names) => [...new Set(names)])
      .optional(),
    use_new_query_api: flag,
    api_management: flag,
  })
  .meta({ id: 'FeaturesBody' });

export const settingsBodySchema = z
  .strictObject({
    project_reference_field_enabled: flag,
    location_reference_field_name: text(100),
    complete_job_without_sheets: z
      .enum(JOB_COMPLETION_RULES, 'Must be ALLOW_WITH_NOTE or REFUSE')
      .optional(),
  })
  .meta({ id: 'SettingsBody' });
export type SettingsBody = z.input<typeof settingsBodySchema>;

export const reportOptionsBodySchema = z
  .strictObject({
    company_name: text(255),
    address: text(1000),
    telephone: text(50),
    email: z
      .string('Must be text')
      .trim()
      .max(255)
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null))
      .pipe(z.email('Must be a valid e-mail address').nullish()),
    show_job_sheet_timestamps: flag,
    show_photo_timestamps: flag,
    show_emails: flag,
  })
  .meta({ id: 'ReportOptionsBody' });
export type ReportOptionsBody = z.input<typeof reportOptionsBodySchema>;

/**
 * PUT /organisation. currency_code, country and timezone are checked by the server against its
 * lists (GET /currencies, GET /countries, GET /timezones): 422 on the field when unknown.
 */
export const updateOrganisationBodySchema = z
  .strictObject({
    name: z.string('Must be text').trim().min(1, 'Required').max(255).optional(),
    options: z
      .strictObject({
        currency_code: z.string('Must be text').trim().toUpperCase().optional(),
        country: z.string('Must be text').trim().toUpperCase().optional(),
        timezone: z.string('Must be text').trim().optional(),
        features: featuresBodySchema.optional(),
        settings: settingsBodySchema.optional(),
        report_options: reportOptionsBodySchema.optional(),
      })
      .optional(),
  })
  .meta({ id: 'UpdateOrganisationBody' });
export type UpdateOrganisationBody = z.input<typeof updateOrganisationBodySchema>;

// Preboarding --------------------------------------------------------------------------------

export const questionnaireSchema = z
  .object({
    number_of_site_employees: z.enum(SITE_EMPLOYEE_RANGES).nullable(),
    number_of_office_employees: z.enum(OFFICE_EMPLOYEE_RANGES).nullable(),
    trades: z.array(z.string()),
    services: z.array(z.string()),
    accreditations: z.array(z.string()),
    lead_source: z.enum(LEAD_SOURCES).nullable(),
  })
  .meta({ id: 'PreboardingQuestionnaire' });
export type PreboardingQuestionnaire = z.infer<typeof questionnaireSchema>;

export const preboardingSchema = z
  .object({
    questionnaire: questionnaireSchema,
    checkpoint: z.enum(PREBOARDING_CHECKPOINTS).nullable(),
    completed_at: timestampSchema.nullable(),
    bypass: z.boolean(),
    bypassed_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Preboarding' });
export type Preboarding = z.infer<typeof preboardingSchema>;

const freeList = z
  .array(
    z.string('Must be text').trim().min(1, 'Must not be empty').max(100, 'At most 100 characters'),
  )
  .max(MAX_QUESTIONNAIRE_LIST, `At most ${MAX_QUESTIONNAIRE_LIST} entries`)
  // the same entry twice (ignoring case) is kept once, first spelling wins
  .transform((items) => {
    const seen = new Set<string>();
    return items.filter((item) => {
      const key = item.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values, `Must be one of ${values.join(', ')}`)
    .nullable()
    .optional();

export const questionnaireBodySchema = z
  .strictObject({
    number_of_site_employees: choice(SITE_EMPLOYEE_RANGES),
    number_of_office_employees: choice(OFFICE_EMPLOYEE_RANGES),
    trades: freeList.optional(),
    services: freeList.optional(),
    accreditations: freeList.optional(),
    lead_source: choice(LEAD_SOURCES),
  })
  .meta({ id: 'QuestionnaireBody' });
export type QuestionnaireBody = z.input<typeof questionnaireBodySchema>;

const inviteEmail = z
  .string('Must be text')
  .trim()
  .toLowerCase()
  .pipe(z.email('Must be a valid e-mail address').max(255));

export const preboardingInviteBodySchema = z
  .strictObject({
    invites: z
      .array(z.strictObject({ email: inviteEmail, role: z.enum(MEMBER_ROLES) }))
      .min(1, 'Invite at least one person')
      .max(MAX_PREBOARDING_INVITES, `At most ${MAX_PREBOARDING_INVITES} invites at once`)
      .superRefine((invites, context) => {
        const seen = new Set<string>();
        invites.forEach((invite, index) => {
          if (seen.has(invite.email)) {
            context.addIssue({
              code: 'custom',
              path: [index, 'email'],
              message: 'This address is already in the list',
            });
          }
          seen.add(invite.email);
        });
      }),
  })
  .meta({ id: 'PreboardingInviteBody' });
export type PreboardingInviteBody = z.input<typeof preboardingInviteBodySchema>;

export const checkpointBodySchema = z
  .strictObject({ checkpoint: z.enum(PREBOARDING_CHECKPOINTS) })
  .meta({ id: 'CheckpointBody' });

export const bypassBodySchema = z
  .strictObject({ bypass: z.boolean('Must be true or false').optional() })
  .optional()
  .meta({ id: 'BypassBody' });

// Changelogs ---------------------------------------------------------------------------------

export const changelogSchema = recordSchema
  .extend({
    title: z.string(),
    date: z.string().describe('YYYY-MM-DD'),
    icon: z.string().nullable().describe('An icon name (e.g. "users"), or an emoji'),
    tag: z.string().nullable(),
    content: z.string().describe('Markdown'),
    status: z.enum(CHANGELOG_STATUSES),
    files: z.object({ hero: storedImageSchema.nullable() }),
    videoEmbedHtml: z.string().nullable().describe('Sanitised: one iframe from a known host'),
    published_at: timestampSchema.nullable(),
    last_viewed_at_by_user: timestampSchema.nullable(),
    viewed: z.boolean().optional().describe('With expand[]=viewed'),
    content_html: z
      .string()
      .optional()
      .describe('With expand[]=content_html: the content rendered and sanitised'),
  })
  .meta({ id: 'Changelog' });
export type Changelog = z.infer<typeof changelogSchema>;

const changelogFields = {
  title: z.string('Must be text').trim().min(1, 'Required').max(200),
  date: z.iso.date('Must be a date (YYYY-MM-DD)'),
  icon: text(50),
  tag: text(50),
  content: z.string('Must be text').max(50_000, 'At most 50000 characters'),
  status: z.enum(CHANGELOG_STATUSES),
  videoEmbedHtml: text(2000),
};

/** Create (support staff): JSON, or multipart with a `hero` image file. */
export const changelogCreateSchema = z
  .object({
    ...changelogFields,
    status: changelogFields.status.default('DRAFT'),
    content: changelogFields.content.default(''),
  })
  .meta({ id: 'ChangelogCreate' });
export type ChangelogCreate = z.input<typeof changelogCreateSchema>;

export const changelogUpdateSchema = z
  .object({
    title: changelogFields.title.optional(),
    date: changelogFields.date.optional(),
    icon: changelogFields.icon,
    tag: changelogFields.tag,
    content: changelogFields.content.optional(),
    status: changelogFields.status.optional(),
    videoEmbedHtml: changelogFields.videoEmbedHtml,
  })
  .meta({ id: 'ChangelogUpdate' });
export type ChangelogUpdate = z.input<typeof changelogUpdateSchema>;

export const changelogListSchema = z
  .object({
    data: z.array(changelogSchema),
    meta: z.object({
      total: z.number(),
      current_page: z.number(),
      per_page: z.number(),
      last_page: z.number(),
    }),
  })
  .meta({ id: 'ChangelogList' });
export type ChangelogList = z.infer<typeof changelogListSchema>;

// Geocoding ----------------------------------------------------------------------------------

export const coordinatesSchema = z
  .object({
    address: z.string().describe('The address asked for'),
    formatted_address: z.string(),
    lat: z.number(),
    lng: z.number(),
  })
  .meta({ id: 'Coordinates' });
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** POST /preboarding/invite answers this plus `organisation` (the Organisation of /me/context). */
export const preboardingInviteResultSchema = z.object({
  invited: z.array(
    z.object({
      id: idSchema,
      email: z.string(),
      role: z.enum(MEMBER_ROLES),
      expires_at: z.string(),
    }),
  ),
  failed: z.array(z.object({ email: z.string(), reason: z.string(), code: z.string() })),
});
export type PreboardingInviteResult = z.infer<typeof preboardingInviteResultSchema>;
