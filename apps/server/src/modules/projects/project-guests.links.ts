import {
  projectGuestSchema,
  projectGuestsAddSchema,
  projectGuestsSchema,
  type ProjectGuest,
} from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { OrganisationContext } from '../../platform/http/context';
import { defineLinks } from '../../platform/resource-kit';
import { openGuestInvitesNaming } from '../people';
import { projectMembersLinks } from './project-members.links';

const userColumn = (column: 'name' | 'email') =>
  `(SELECT u.${column} FROM users u WHERE u.id = l.user_id)`;

/** The rows of the project's people whose membership is an active guest's. */
const ACTIVE_GUEST = `EXISTS (SELECT 1 FROM memberships m
  WHERE m.organisation_id = l.organisation_id AND m.user_id = l.user_id
    AND m.guest AND m.active AND m.deleted_at IS NULL)`;

/** As the guests screen's add_to_projects writes it: on each added guest's membership. */
async function auditOnMemberships(ctx: OrganisationContext, projectId: string, userIds: string[]) {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM memberships WHERE organisation_id = $1 AND user_id = ANY($2::text[])`,
    [ctx.organisationId, userIds],
  );
  await recordAudit(
    ctx,
    'memberships',
    rows.map((row) => row.id),
    'ADD_TO_PROJECTS',
    { project_ids: [projectId] },
  );
}

/**
 * The project's guests: the project members' rows of its active guests (`created_at` is when the
 * guest joined the project), answered with the open guest invites naming it. Added here, changed
 * and removed as members (project-members.links.ts), under the same project policy.
 */
export const projectGuestsLinks = defineLinks<ProjectGuest>({
  name: 'guests',
  label: 'Project guest',
  tags: ['Project member', 'Guest'],
  table: 'project_members',
  record: projectGuestSchema,
  parent: projectMembersLinks.parent,
  key: {
    ...projectMembersLinks.key,
    target: {
      table: 'memberships',
      column: 'user_id',
      live: 'active AND deleted_at IS NULL AND guest',
      message: 'Must be a guest of the organisation.',
    },
  },
  verbs: ['list', 'add'],
  values: z.object({}),
  add: projectGuestsAddSchema,
  defaults: {},
  select: {
    fields: {
      user_id: 'l.user_id',
      name: userColumn('name'),
      email: userColumn('email'),
      created_at: 'l.created_at',
    },
    visibility: ACTIVE_GUEST,
    order: `lower(${userColumn('name')}), l.user_id`,
  },
  answer: {
    schema: projectGuestsSchema,
    with: async (ctx, projectId) => ({ invites: await openGuestInvitesNaming(ctx, projectId) }),
  },
  afterAdd: auditOnMemberships,
  audit: { add: 'ADD_GUESTS' },
  image: 'project_guest',
  access: { read: 'OPERATIVE', write: 'OPERATIVE', note: projectMembersLinks.access.note },
  summaries: {
    list: "The project's guests ({data: [{user_id, name, email, created_at}]}) and the open guest invites naming it ({invites})",
    add: 'Add guests of the organisation to the project (body {user_ids}); answers its guests',
  },
});
