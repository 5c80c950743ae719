import {
  addToProjectsBodySchema,
  changeToMemberBodySchema,
  guestSchema,
  memberSchema,
} from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { defineResource, reader, type ResourceDeclaration } from '../../platform/resource-kit';
import { membershipFields, membershipRows } from './membership-rows';
// eslint-disable-next-line import-x/no-cycle -- a guest changed to a member is answered as a member (and back), at call time
import { membersResource } from './members.resource';
import { addProjectMembers, checkProjects, projectsOf } from './members';

/** A guest answered as a member (change_to_member's answer). */
const memberOf = (ctx: OrganisationContext, id: string) =>
  reader(membersResource)
    .findMany(ctx, [id])
    .then((rows) => rows[0]);

/**
 * Guests: memberships with the guest flag (role GUEST), invited by e-mail to projects, addressed
 * by user id or membership id like members; members who are not guests are not found here.
 */
export const guestsResource: ResourceDeclaration = defineResource({
  ...membershipRows,
  name: 'guests',
  label: 'Guest',
  record: guestSchema,
  fields: {
    ...membershipFields,
    guest_since: { type: 'timestamp', sql: 't.created_at', sort: true },
  },
  filters: {
    // The guests list shows active guests; a deactivated guest is still found by id.
    active: { sql: (values, params) => `t.active = ${params.add(values[0] !== 'false')}` },
  },
  visibility: () => 't.guest',
  verbs: ['get'],
  actions: [
    {
      name: 'add_to_projects',
      past: 'added',
      audit: 'ADD_TO_PROJECTS',
      summary: 'Give a guest more projects',
      role: 'MANAGER',
      noApiKeys: true,
      body: addToProjectsBodySchema,
      validate: async (ctx, _rows, body) => {
        await checkProjects(ctx, body.project_ids as string[], 'project_ids');
        return new Map();
      },
      after: async (ctx, ids, body) => {
        for (const id of ids)
          await addProjectMembers(ctx.db, ctx.organisationId, id, body.project_ids as string[]);
      },
    },
    {
      name: 'change_to_member',
      past: 'changed',
      audit: 'CHANGE_TO_MEMBER',
      summary: 'Make a guest a member with a role (their projects stay)',
      body: changeToMemberBodySchema,
      sets: { guest: false },
      setsFromBody: ['role'],
      answer: { schema: memberSchema, load: memberOf },
    },
  ],
  policy: {
    add_to_projects: { role: 'MANAGER' },
    change_to_member: { role: 'ADMIN' },
  },
  access: { read: 'OPERATIVE', write: 'ADMIN' },
  finish: async (ctx, rows) => {
    const projects = await projectsOf(
      ctx,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      ...row,
      projects: (projects.get(row.id) ?? []).map(({ project_id, project_name }) => ({
        project_id,
        project_name,
      })),
    }));
  },
});
