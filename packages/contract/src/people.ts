import { z } from 'zod';
import { membershipDocumentMetricsSchema } from './identity';
import {
  collectionPermissionsSchema,
  idSchema,
  optionalText,
  recordPermissionsSchema,
  recordSchema,
  requiredName,
  timestampSchema,
} from './common';
import { ROLES } from './enums';

/** People (field-work §3, docs/identity-and-people.md "People"): members, guests, invites, teams, qualifications. */

/** Invites (by e-mail) stay open this long. */
export const INVITE_EXPIRY_DAYS = 14;
/** Invite links default to this life, and may live at most MAX days. */
export const ORGANISATION_INVITE_DEFAULT_DAYS = 7;
export const ORGANISATION_INVITE_MAX_DAYS = 90;
/** A qualification expiring within this many days is EXPIRING. */
export const QUALIFICATION_EXPIRING_DAYS = 30;
export const QUALIFICATION_EXPIRY_STATUSES = ['VALID', 'EXPIRING', 'EXPIRED', 'NO_EXPIRY'] as const;
export type QualificationExpiryStatus = (typeof QUALIFICATION_EXPIRY_STATUSES)[number];
/** Multipart uploads: per file, and files per request. */
export const MAX_UPLOAD_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 10;
/** The roles a (non-guest) member may hold; GUEST comes with the guest flag only. */
export const MEMBER_ROLES = ['ADMIN', 'MANAGER', 'OPERATIVE'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Must be a valid e-mail address').max(255));
const memberRole = z.enum(MEMBER_ROLES);
const projectIds = z.array(idSchema).max(1000);

/** An optional text that a partial update may leave out (unchanged) or clear with null or "". */
const clearableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
const clearableAmount = z
  .number('Must be a number')
  .min(0, 'Must not be negative')
  .max(1_000_000_000)
  .nullish();

// Members ------------------------------------------------------------------------------------

export const memberProjectSchema = z.object({
  project_id: idSchema,
  project_name: z.string(),
  can_start_jobs: z.boolean(),
  can_edit: z.boolean(),
});

export const employmentInfoSchema = z.object({
  employee_number: z.string().nullable(),
  tax_number: z.string().nullable(),
  hourly_rate: z.number().nullable(),
  daily_rate: z.number().nullable(),
});

export const memberSchema = recordSchema
  .extend({
    id: idSchema.describe("The user's id"),
    membership_id: idSchema,
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    owner: z.boolean(),
    active: z.boolean(),
    guest: z.boolean(),
    team_ids: z.array(idSchema),
    team_names: z.array(z.string()),
    projects: z.array(memberProjectSchema),
    employment_info: employmentInfoSchema,
    member_since: timestampSchema,
    /** Signed documents asked of the member, those outstanding, their last interaction. */
    metrics: membershipDocumentMetricsSchema.optional(),
    deactivated_at: timestampSchema.nullable(),
    /** What the caller may do with this member: update_role, deactivate, delete, … */
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

/** What every pending invitation shows: who was asked, when and by whom, until when. */
const pendingInviteFields = {
  id: idSchema,
  email: z.string(),
  invited_at: timestampSchema,
  expires_at: timestampSchema,
  invited_by_user_id: idSchema.nullable(),
  invited_by_name: z.string().nullable(),
  permissions: recordPermissionsSchema.optional(),
};

export const memberInviteSchema = z
  .object({
    ...pendingInviteFields,
    role: z.enum(ROLES),
    /** The teams the member joins on accepting. */
    team_ids: z.array(idSchema),
  })
  .meta({ id: 'MemberInvite' });
export type MemberInvite = z.infer<typeof memberInviteSchema>;

export const membersOverviewSchema = z
  .object({
    active: z.array(memberSchema),
    inactive: z.array(memberSchema),
    invited: z.array(memberInviteSchema),
    /** What the caller may do with the list: invite, and each member verb on some member. */
    meta: z.object({ permissions: collectionPermissionsSchema }).optional(),
  })
  .meta({ id: 'MembersOverview' });
export type MembersOverview = z.infer<typeof membersOverviewSchema>;

export const memberInviteBodySchema = z
  .object({ email: emailField, role: memberRole })
  .meta({ id: 'MemberInviteBody' });
export type MemberInviteBody = z.input<typeof memberInviteBodySchema>;

/** POST /members: an invite by e-mail with a role and, optionally, the teams to join. */
export const memberCreateSchema = z
  .object({
    email: emailField,
    role: memberRole,
    team_ids: z.array(idSchema).max(1000).optional(),
  })
  .meta({ id: 'MemberCreate' });
export type MemberCreate = z.input<typeof memberCreateSchema>;

/** PUT /members/invites/{id}: an open invite's role. */
export const memberInviteUpdateSchema = z
  .object({ role: memberRole })
  .meta({ id: 'MemberInviteUpdate' });

export const memberRoleBodySchema = z.object({ role: memberRole }).meta({ id: 'MemberRoleBody' });

export const employmentInfoBodySchema = z
  .object({
    employee_number: clearableText(100),
    tax_number: clearableText(100),
    hourly_rate: clearableAmount,
    daily_rate: clearableAmount,
  })
  .meta({ id: 'EmploymentInfoBody' });
export type EmploymentInfoBody = z.input<typeof employmentInfoBodySchema>;

/**
 * PUT /members/{id}: role, employment info and teams in one call; what is not sent stays.
 * `team_ids` replaces the member's teams.
 */
export const memberUpdateSchema = z
  .object({
    role: memberRole.optional(),
    employment_info: employmentInfoBodySchema.optional(),
    team_ids: z.array(idSchema).max(1000).optional(),
  })
  .meta({ id: 'MemberUpdate' });
export type MemberUpdate = z.input<typeof memberUpdateSchema>;

export const addToTeamsBodySchema = z
  .object({ team_ids: z.array(idSchema).min(1, 'Name at least one team').max(1000) })
  .meta({ id: 'AddToTeamsBody' });

export const changeToGuestBodySchema = z
  .object({ project_ids: projectIds.optional() })
  .meta({ id: 'ChangeToGuestBody' });

// Guests -------------------------------------------------------------------------------------

export const guestProjectSchema = z.object({ project_id: idSchema, project_name: z.string() });

export const guestSchema = recordSchema
  .extend({
    id: idSchema.describe("The user's id"),
    membership_id: idSchema,
    name: z.string(),
    email: z.string(),
    projects: z.array(guestProjectSchema),
    guest_since: timestampSchema,
    /** What the caller may do with this guest: add_to_projects, change_to_member. */
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Guest' });
export type Guest = z.infer<typeof guestSchema>;

export const guestInviteSchema = z
  .object({ ...pendingInviteFields, projects: z.array(guestProjectSchema) })
  .meta({ id: 'GuestInvite' });
export type GuestInvite = z.infer<typeof guestInviteSchema>;

export const guestsOverviewSchema = z
  .object({
    active: z.array(guestSchema),
    invited: z.array(guestInviteSchema),
    /** What the caller may do with the list: invite, add_to_projects, change_to_member. */
    meta: z.object({ permissions: collectionPermissionsSchema }).optional(),
  })
  .meta({ id: 'GuestsOverview' });
export type GuestsOverview = z.infer<typeof guestsOverviewSchema>;

export const guestInviteBodySchema = z
  .object({ email: emailField, project_ids: projectIds.min(1, 'Name at least one project') })
  .meta({ id: 'GuestInviteBody' });
export type GuestInviteBody = z.input<typeof guestInviteBodySchema>;

/** PUT /guests/{id} and /guests/invites/{id}: the projects, replacing those they had. */
export const guestUpdateSchema = z
  .object({ project_ids: projectIds.min(1, 'Name at least one project') })
  .meta({ id: 'GuestUpdate' });
export type GuestUpdate = z.input<typeof guestUpdateSchema>;

export const addToProjectsBodySchema = z
  .object({ project_ids: projectIds.min(1, 'Name at least one project') })
  .meta({ id: 'AddToProjectsBody' });

export const changeToMemberBodySchema = z
  .object({ role: memberRole })
  .meta({ id: 'ChangeToMemberBody' });

// Invite acceptance ----------------------------------------------------------------------------

export const membershipInvitePublicSchema = z
  .object({
    id: idSchema,
    organisation_id: idSchema,
    organisation_name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    guest: z.boolean(),
    projects: z.array(guestProjectSchema),
    invited_by_name: z.string().nullable(),
    invited_at: timestampSchema,
    expires_at: timestampSchema,
    user_exists: z
      .boolean()
      .describe('Whether an account with this e-mail exists (sign in, or sign up)'),
  })
  .meta({ id: 'MembershipInvitePublic' });
export type MembershipInvitePublic = z.infer<typeof membershipInvitePublicSchema>;

export const acceptMembershipInviteBodySchema = z
  .object({ token: z.string().trim().min(1).max(200).optional() })
  .optional()
  .meta({ id: 'AcceptMembershipInviteBody' });

export const organisationInviteSchema = recordSchema
  .extend({
    role: memberRole,
    expires_at: timestampSchema,
    revoked_at: timestampSchema.nullable(),
    use_count: z.number().int(),
    created_by_user_id: idSchema.nullable(),
    created_by_name: z.string().nullable(),
  })
  .meta({ id: 'OrganisationInvite' });
export type OrganisationInvite = z.infer<typeof organisationInviteSchema>;

export const organisationInviteCreatedSchema = organisationInviteSchema
  .extend({
    token: z.string().describe('Shown only in this answer'),
    url: z.string().describe('The link to share'),
  })
  .meta({ id: 'OrganisationInviteCreated' });
export type OrganisationInviteCreated = z.infer<typeof organisationInviteCreatedSchema>;

export const organisationInviteBodySchema = z
  .object({
    role: memberRole,
    expires_in_days: z
      .number()
      .int()
      .min(1)
      .max(ORGANISATION_INVITE_MAX_DAYS)
      .optional()
      .describe(`Default ${ORGANISATION_INVITE_DEFAULT_DAYS}`),
  })
  .meta({ id: 'OrganisationInviteBody' });
export type OrganisationInviteBody = z.input<typeof organisationInviteBodySchema>;

export const organisationInvitePublicSchema = z
  .object({
    organisation_id: idSchema,
    organisation_name: z.string(),
    role: memberRole,
    expires_at: timestampSchema,
  })
  .meta({ id: 'OrganisationInvitePublic' });
export type OrganisationInvitePublic = z.infer<typeof organisationInvitePublicSchema>;

// Teams --------------------------------------------------------------------------------------

export const teamSchema = recordSchema
  .extend({
    name: z.string(),
    shortname: z.string().nullable(),
    user_ids: z.array(idSchema),
    team_lead_id: idSchema.nullable(),
    team_lead_name: z.string().nullable(),
    member_count: z.number().int(),
    archived_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof teamSchema>;

const teamFields = {
  name: requiredName,
  shortname: optionalText(50),
  team_lead_id: idSchema.nullish(),
};
/** The team's own columns (what duplicate copies). */
export const teamColumnsSchema = z.object(teamFields);
export const teamCreateSchema = z
  .object({
    ...teamFields,
    user_ids: z.array(idSchema).max(1000).optional().describe('The members (active members only)'),
  })
  .meta({ id: 'TeamCreate' });
export type TeamCreate = z.input<typeof teamCreateSchema>;
export const teamUpdateSchema = teamCreateSchema
  .partial()
  .describe('user_ids, when sent, replaces the members')
  .meta({ id: 'TeamUpdate' });
export type TeamUpdate = z.input<typeof teamUpdateSchema>;

export const teamMemberBodySchema = z.object({ user_id: idSchema }).meta({ id: 'TeamMemberBody' });
export const teamMembersBodySchema = z
  .object({ user_ids: z.array(idSchema).min(1).max(1000) })
  .meta({ id: 'TeamMembersBody' });

// Qualifications -----------------------------------------------------------------------------

export const attachmentSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    size: z.number().int(),
    content_type: z.string(),
    url: z.string().describe('Signed download link, valid for an hour'),
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof attachmentSchema>;

export const qualificationSchema = recordSchema
  .extend({
    user_id: idSchema,
    user_name: z.string().nullable(),
    name: z.string(),
    reference: z.string().nullable(),
    expiry_date: z.string().nullable().describe('YYYY-MM-DD'),
    expiry_status: z.enum(QUALIFICATION_EXPIRY_STATUSES),
    attachments: z.array(attachmentSchema),
    archived_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Qualification' });
export type Qualification = z.infer<typeof qualificationSchema>;

// User profiles -------------------------------------------------------------------------------

/** GET /user_profiles/{userId}: a person's profile in the organisation. */
export const userProfileSchema = recordSchema
  .extend({
    id: idSchema.describe("The user's id"),
    membership_id: idSchema,
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    job_title: z.string().nullable(),
    telephone: z.string().nullable(),
    avatar: z.array(attachmentSchema).describe('The avatar image, at most one'),
    qualifications: z
      .object({ count: z.number().int(), expiring: z.number().int(), expired: z.number().int() })
      .describe("Their qualifications' summary: how many, expiring within 30 days, expired"),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;
/** PUT /user_profiles/{userId}: job title and telephone (the avatar through its file routes). */
export const userProfileUpdateSchema = z
  .object({
    job_title: z.string().trim().max(200).nullish(),
    telephone: z.string().trim().max(50).nullish(),
  })
  .meta({ id: 'UserProfileUpdate' });
export type UserProfileUpdate = z.input<typeof userProfileUpdateSchema>;

/** A calendar date; "" (as multipart forms send an empty input) clears it. */
const optionalDate = z
  .union([z.iso.date('Must be a date (YYYY-MM-DD)'), z.literal('')])
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

const qualificationFields = {
  user_id: idSchema.optional().describe('Whose qualification; the caller when left out'),
  name: requiredName,
  reference: clearableText(255),
  expiry_date: optionalDate,
};
export const qualificationCreateSchema = z
  .object(qualificationFields)
  .meta({ id: 'QualificationCreate' });
export type QualificationCreate = z.input<typeof qualificationCreateSchema>;
export const qualificationUpdateSchema = z
  .object(qualificationFields)
  .partial()
  .meta({ id: 'QualificationUpdate' });
export type QualificationUpdate = z.input<typeof qualificationUpdateSchema>;
