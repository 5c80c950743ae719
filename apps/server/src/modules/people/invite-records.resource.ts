import {
  guestInviteSchema,
  guestUpdateSchema,
  memberInviteSchema,
  memberInviteUpdateSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import {
  defineResource,
  type FieldDeclaration,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { checkProjects } from './members';

/*
 * Invites by e-mail as records (field-work §3 Member invite, Guest invite): the open rows of
 * membership_invites (expired ones too, so they can be resent), read one by one and updated
 * through the kit. Sending, resending and cancelling stay in invites.ts (each sends or ends a
 * link); an accepted or cancelled invite is not found here.
 */

const OPEN = 't.accepted_at IS NULL AND t.cancelled_at IS NULL';

const inviteFields: Record<string, FieldDeclaration> = {
  id: { type: 'id', filter: true },
  email: { type: 'text', filter: true, sort: true },
  invited_at: { type: 'timestamp', sort: true },
  expires_at: { type: 'timestamp', sort: true },
  invited_by_user_id: { type: 'id', filter: true },
  invited_by_name: {
    type: 'text',
    sql: '(SELECT u.name FROM users u WHERE u.id = t.invited_by_user_id)',
  },
};

/** The invite's live projects, by name, as the guests list answers them. */
const PROJECTS = `(SELECT coalesce(json_agg(json_build_object('project_id', p.id, 'project_name', p.name)
    ORDER BY lower(p.name), p.id), '[]'::json)
  FROM projects p WHERE p.organisation_id = t.organisation_id AND p.id = ANY(t.project_ids)
    AND p.deleted_at IS NULL)`;

const inviteRows = {
  table: 'membership_invites',
  auditCollection: 'membership_invites',
  create: z.object({}),
  defaultSort: '-invited_at',
} as const;

/**
 * Guest invites: GET /guests/invites (the list grammar), GET and PUT /guests/invites/{id} (its
 * projects, replacing those it had). Managers invite guests, so managers change their invites;
 * API keys invite no guests and change no invites.
 */
export const guestInvitesResource: ResourceDeclaration = defineResource({
  ...inviteRows,
  name: 'guests/invites',
  label: 'Invite',
  record: guestInviteSchema,
  update: guestUpdateSchema,
  fields: {
    ...inviteFields,
    projects: { type: 'json', sql: PROJECTS },
  },
  filters: {
    project_id: { sql: (values, params) => `t.project_ids && ${params.add(values)}::text[]` },
  },
  visibility: () => `t.guest AND ${OPEN}`,
  verbs: ['list', 'get', 'update'],
  noApiKeys: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  policy: { update: { role: 'MANAGER' } },
  rules: {
    async beforeWrite(ctx, values) {
      const projectIds = [...new Set(values.project_ids as string[])];
      await checkProjects(ctx, projectIds, 'project_ids');
      return { project_ids: projectIds };
    },
  },
});

/**
 * Member invites: GET /members/invites (the list grammar; with the members at GET /members too),
 * GET and PUT /members/invites/{id} (its role).
 */
export const memberInvitesResource: ResourceDeclaration = defineResource({
  ...inviteRows,
  name: 'members/invites',
  label: 'Invite',
  record: memberInviteSchema,
  update: memberInviteUpdateSchema,
  fields: {
    ...inviteFields,
    role: { type: 'text', filter: true, sort: true },
    team_ids: { type: 'json' },
  },
  visibility: () => `NOT t.guest AND ${OPEN}`,
  verbs: ['list', 'get', 'update'],
  access: { read: 'OPERATIVE', write: 'ADMIN' },
  policy: { update: { role: 'ADMIN' } },
});
