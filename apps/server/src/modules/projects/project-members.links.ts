import {
  projectMemberAddSchema,
  projectMemberPermissionsSchema,
  projectMemberSchema,
  type ProjectMember,
} from '@fieldwork/contract';
import { conflict } from '../../platform/errors';
import { extensionList } from '../../platform/extension-point';
import type { OrganisationContext } from '../../platform/http/context';
import { defineLinks, linkKit } from '../../platform/resource-kit';
import { loadProjectMembers } from './members';
import { projectsResource } from './projects.resource';

/**
 * What a later area does when people join a project (the documents' automatic signed documents
 * ask them to sign): registered in src/modules.ts, so projects never import it.
 */
export const projectMembersJoined =
  extensionList<
    (ctx: OrganisationContext, projectId: string, userIds: string[]) => Promise<void>
  >();

/** The project's members and guests of the organisation, each with can_start_jobs and can_edit. */
export const projectMembersLinks = defineLinks<ProjectMember>({
  name: 'members',
  label: 'Project member',
  table: 'project_members',
  record: projectMemberSchema,
  parent: {
    resource: projectsResource,
    column: 'project_id',
    param: 'id',
    live: 'p.deleted_at IS NULL',
    change: {
      action: 'manage_members',
      message: 'Only managers, and members of this project who may edit it, may change its people.',
      code: 'project_edit_required',
    },
  },
  key: {
    column: 'user_id',
    param: 'userId',
    body: 'user_ids',
    target: {
      table: 'memberships',
      column: 'user_id',
      live: 'active AND deleted_at IS NULL',
      message: 'Must be an active member or guest of the organisation.',
    },
  },
  values: projectMemberPermissionsSchema,
  add: projectMemberAddSchema,
  defaults: { can_start_jobs: true, can_edit: false },
  load: async (ctx, projectId) =>
    (await loadProjectMembers(ctx.db, ctx.organisationId, [projectId])).map(({ member }) => member),
  audit: {
    add: 'ADD_MEMBERS',
    update: 'UPDATE_MEMBER',
    remove: 'REMOVE_MEMBER',
    forceRemove: 'FORCE_REMOVE_MEMBER',
  },
  image: 'project_member',
  async afterAdd(ctx, projectId, added) {
    for (const joined of projectMembersJoined.all()) await joined(ctx, projectId, added);
  },
  access: {
    read: 'OPERATIVE',
    write: 'OPERATIVE',
    forceDelete: 'ADMIN',
    note: 'OPERATIVE: only as a member of the project with can_edit; MANAGER and above: any project',
  },
  summaries: {
    list: "The project's members and guests with their permissions (can_start_jobs, can_edit)",
    add: 'Add members or guests of the organisation to the project (body {user_ids, can_start_jobs?, can_edit?}); those already on it are left as they are. Answers the members',
    update: "Change a project member's permissions (body {can_start_jobs?, can_edit?})",
    remove:
      "Take a member off the project; the project's owner only with ?force=true (409 in_use otherwise), which leaves the project without an owner",
  },
  // The project's owner stays unless forced; forcing leaves the project without an owner.
  async beforeRemove(ctx, { parent, link, force }) {
    const owner = parent.owner_id === link.user_id;
    if (owner && !force) {
      throw conflict(
        `${link.name} owns this project: make someone else its owner first, or remove them with force=true (the project is then left without an owner).`,
        'in_use',
      );
    }
    if (owner) {
      await ctx.db.query(
        `UPDATE projects SET owner_id = NULL, updated_at = now() WHERE organisation_id = $1 AND id = $2`,
        [ctx.organisationId, parent.id],
      );
    }
    return { changes: { owner_cleared: owner }, image: { owner_id: parent.owner_id } };
  },
});

/** Reads and writes of a project's members outside a request to the routes (the demo seed). */
export const projectMembers = linkKit(projectMembersLinks);
