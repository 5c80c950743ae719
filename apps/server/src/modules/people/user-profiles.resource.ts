import {
  QUALIFICATION_EXPIRING_DAYS,
  userProfileSchema,
  userProfileUpdateSchema,
} from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { defineResource, type Params, type ResourceDeclaration } from '../../platform/resource-kit';
import { membershipFields, membershipRows } from './membership-rows';

/** How many qualifications the person holds here, how many expire within 30 days, how many have. */
const QUALIFICATIONS = `(SELECT json_build_object(
    'count', count(*)::int,
    'expiring', (count(*) FILTER (WHERE q.expiry_date >= current_date
      AND q.expiry_date <= current_date + ${QUALIFICATION_EXPIRING_DAYS}))::int,
    'expired', (count(*) FILTER (WHERE q.expiry_date < current_date))::int)
  FROM qualifications q WHERE q.organisation_id = t.organisation_id AND q.user_id = t.user_id
    AND q.archived_at IS NULL)`;

const isGuest = (ctx: OrganisationContext) =>
  ctx.membership.guest || ctx.membership.role === 'GUEST';

/** A guest sees the people on their projects (and themself); everyone else the organisation. */
const onCallersProjects = (ctx: OrganisationContext, params: Params) =>
  `(t.user_id = ${params.add(ctx.user.id)} OR t.user_id IN (
     SELECT pm.user_id FROM project_members pm WHERE pm.organisation_id = t.organisation_id
        AND pm.project_id IN (SELECT own.project_id FROM project_members own
          WHERE own.organisation_id = t.organisation_id AND own.user_id = ${params.add(ctx.user.id)})))`;

/**
 * User profiles (field-work §7 "user profiles"): each person's profile in the organisation, kept
 * on their membership and addressed by user id (or membership id) like members: name and e-mail
 * (their account's), job title, telephone, an avatar image through the files platform, and their
 * qualifications' summary. A person edits their own; managers and admins anyone's.
 */
export const userProfilesResource: ResourceDeclaration = defineResource({
  ...membershipRows,
  name: 'user_profiles',
  label: 'User profile',
  record: userProfileSchema,
  update: userProfileUpdateSchema,
  fields: {
    ...membershipFields,
    role: { type: 'text', filter: true },
    job_title: { type: 'text', filter: true, sort: true },
    telephone: { type: 'text' },
    avatar: { type: 'json' },
    qualifications: { type: 'json', sql: QUALIFICATIONS },
  },
  visibility: (ctx, params) => (isGuest(ctx) ? onCallersProjects(ctx, params) : null),
  verbs: ['list', 'get', 'update'],
  files: {
    column: 'avatar',
    field: 'avatar',
    max: 1,
    label: 'Avatar',
    param: 'avatarId',
    accept: ['jpeg', 'png', 'webp', 'avif', 'gif'],
    acceptMessage: 'Must be a JPEG, PNG, WebP, AVIF or GIF image.',
  },
  access: {
    read: 'GUEST',
    write: 'GUEST',
    note: 'guests see only the people on their projects',
  },
  policy: {
    update: {
      role: 'MANAGER',
      rule: {
        role: 'GUEST',
        note: 'only their own profile',
        sql: (ctx, params) => `t.user_id = ${params.add(ctx.user.id)}`,
      },
    },
  },
});
