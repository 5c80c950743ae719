import {
  addToProjectsBodySchema,
  changeToMemberBodySchema,
  guestSchema,
  guestUpdateSchema,
  memberSchema,
} from '@fieldwork/contract';
import { recordAudit } from '../../platform/audit';
import type { OrganisationContext } from '../../platform/http/context';
import { defineResource, reader, type ResourceDeclaration } from '../../platform/resource-kit';
import { membershipFields, membershipRows } from './membership-rows';
// import-cycle-allowed -- a guest changed to a member is answered as a member (and back), at call time
import { membersResource } from './members.resource';
import { addProjectMembers, checkProjects, projectsOf, removeMemberships } from './members';

/** A guest answered as a member (change_to_member's answer). */
const memberOf = (ctx: OrganisationContext, id: string) =>
  reader(membersResource)
    .findMany(ctx, [id])
    .then((rows) => rows[0]);

/**
 * Guests: memberships with the guest flag (role GUEST), invited by e-mail to projects, addressed
 * by user id or membership id like members; members who are not guests are not found here.
 * PUT /guests/{id} sets their projects (`project_ids` replaces those they had); DELETE removes
 * them from the organisation and every project (a soft delete of the membership: their past
 * records keep their name, which is their account's).
 */
export const guestsResource: ResourceDeclaration = defineResource({
  ...membershipRows,
  name: 'guests',
  label: 'Guest',
  record: guestSchema,
  update: guestUpdateSchema,
  fields: {
    ...membershipFields,
    guest_since: { type: 'timestamp', sql: 't.created_at', sort: true },
  },
  filters: {
    // The guests list shows active guests; a deactivated guest is still found by id.
    active: { sql: (values, params) => `t.active = ${params.add(values[0] !== 'false')}` },
  },
  visibility: () => 't.guest',
  verbs: ['get', 'update', 'delete'],
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
    update: { role: 'MANAGER' },
    delete: { role: 'MANAGER' },
  },
  access: { read: 'OPERATIVE', write: 'ADMIN' },
  rules: {
    // project_ids is not a column: checked here, written by afterUpdate.
    async beforeWrite(ctx, values) {
      await checkProjects(ctx, values.project_ids as string[], 'project_ids');
      return {};
    },
    async afterUpdate(ctx, existing, _values, input) {
      const projectIds = [...new Set(input.project_ids as string[])];
      const { rows: removed } = await ctx.db.query<{ project_id: string }>(
        `DELETE FROM project_members WHERE organisation_id = $1 AND user_id = $2
            AND NOT (project_id = ANY($3::text[])) RETURNING project_id`,
        [ctx.organisationId, existing.id, projectIds],
      );
      const added = await addProjectMembers(ctx.db, ctx.organisationId, existing.id, projectIds);
      await recordAudit(ctx, 'memberships', [existing.membership_id as string], 'UPDATE', {
        project_ids: { added, removed: removed.map((row) => row.project_id) },
      });
    },
    // Deleting is a soft delete that also ends access and removes their project rows.
    afterDelete: (ctx, ids) => removeMemberships(ctx, ids),
  },
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
