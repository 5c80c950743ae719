import { type FieldError, type ProjectGuests, type ProjectMember } from '@fieldwork/contract';
import { recordAudit } from '../../platform/audit';
import { conflict, forbidden, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { addGuestProjects, selectMembers } from '../people/members';
import { loadProjectMembers } from './members';
import { projectsResource } from './projects.resource';
import { policyOf } from '../../platform/resource-kit';

/**
 * The people of one project: its members (members and guests of the organisation, each with
 * can_start_jobs and can_edit) and its guests with their open invites. Rows live in
 * project_members, which the people screens and /me/context read too.
 */

/** What a member added without permissions gets (the table's defaults). */
const DEFAULT_PERMISSIONS = { can_start_jobs: true, can_edit: false };

interface LiveProject {
  id: string;
  owner_id: string | null;
}

/** A live (not deleted) project of the organisation, else 404. */
export async function requireLiveProject(
  ctx: OrganisationContext,
  projectId: string,
): Promise<LiveProject> {
  const { rows } = await ctx.db.query<LiveProject>(
    `SELECT id, owner_id FROM projects
      WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [ctx.organisationId, projectId],
  );
  if (!rows[0]) throw notFound('Project');
  return rows[0];
}

const projectPolicy = (() => {
  let policy: ReturnType<typeof policyOf> | undefined;
  return () => (policy ??= policyOf(projectsResource));
})();

/** Managers and above change any project's people; others only as a member with can_edit. */
export async function assertMayEditProject(ctx: OrganisationContext, projectId: string) {
  const { failed } = await projectPolicy().permitted(ctx, 'manage_members', [projectId]);
  if (failed.length) {
    throw forbidden(
      'Only managers, and members of this project who may edit it, may change its people.',
      'project_edit_required',
    );
  }
}

export async function listProjectMembers(
  ctx: OrganisationContext,
  projectId: string,
): Promise<ProjectMember[]> {
  const members = await loadProjectMembers(ctx.db, ctx.organisationId, [projectId]);
  return members.map(({ member }) => member);
}

/** 422 naming user_ids.<i> for each id that is not an active membership matching `condition`. */
async function checkUsers(
  ctx: OrganisationContext,
  userIds: string[],
  condition: string,
  message: string,
) {
  const { rows } = await ctx.db.query<{ user_id: string }>(
    `SELECT user_id FROM memberships
      WHERE organisation_id = $1 AND user_id = ANY($2::text[])
        AND active AND deleted_at IS NULL${condition}`,
    [ctx.organisationId, userIds],
  );
  const found = new Set(rows.map((row) => row.user_id));
  const errors: FieldError[] = userIds.flatMap((id, index) =>
    found.has(id) ? [] : [{ field: `user_ids.${index}`, message, code: 'not_found' }],
  );
  if (errors.length) throw validationFailure(errors);
}

/** Adds members and guests of the organisation; those already on the project keep their row. */
export async function addMembersToProject(
  ctx: OrganisationContext,
  projectId: string,
  input: {
    user_ids: string[];
    can_start_jobs?: boolean | undefined;
    can_edit?: boolean | undefined;
  },
) {
  await checkUsers(
    ctx,
    input.user_ids,
    '',
    'Must be an active member or guest of the organisation.',
  );
  const permissions = {
    can_start_jobs: input.can_start_jobs ?? DEFAULT_PERMISSIONS.can_start_jobs,
    can_edit: input.can_edit ?? DEFAULT_PERMISSIONS.can_edit,
  };
  const { rows } = await ctx.db.query<{ user_id: string }>(
    `INSERT INTO project_members (organisation_id, project_id, user_id, can_start_jobs, can_edit)
     SELECT $1, $2, user_id, $4, $5 FROM unnest($3::text[]) AS user_id
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [
      ctx.organisationId,
      projectId,
      [...new Set(input.user_ids)],
      permissions.can_start_jobs,
      permissions.can_edit,
    ],
  );
  const added = rows.map((row) => row.user_id);
  if (added.length) {
    await recordAudit(ctx, 'projects', [projectId], 'ADD_MEMBERS', {
      user_ids: added,
      ...permissions,
    });
  }
  return listProjectMembers(ctx, projectId);
}

async function requireProjectMember(ctx: OrganisationContext, projectId: string, userId: string) {
  const member = (await listProjectMembers(ctx, projectId)).find((m) => m.user_id === userId);
  if (!member) throw notFound('Project member');
  return member;
}

export async function updateProjectMember(
  ctx: OrganisationContext,
  projectId: string,
  userId: string,
  change: { can_start_jobs?: boolean | undefined; can_edit?: boolean | undefined },
): Promise<ProjectMember> {
  const before = await requireProjectMember(ctx, projectId, userId);
  const after = {
    can_start_jobs: change.can_start_jobs ?? before.can_start_jobs,
    can_edit: change.can_edit ?? before.can_edit,
  };
  if (after.can_start_jobs === before.can_start_jobs && after.can_edit === before.can_edit) {
    return before;
  }
  await ctx.db.query(
    `UPDATE project_members SET can_start_jobs = $4, can_edit = $5, updated_at = now()
      WHERE organisation_id = $1 AND project_id = $2 AND user_id = $3`,
    [ctx.organisationId, projectId, userId, after.can_start_jobs, after.can_edit],
  );
  await recordAudit(
    ctx,
    'projects',
    [projectId],
    'UPDATE_MEMBER',
    {
      user_id: userId,
      can_start_jobs: { from: before.can_start_jobs, to: after.can_start_jobs },
      can_edit: { from: before.can_edit, to: after.can_edit },
    },
    new Map([[projectId, { project_member: before }]]),
  );
  return requireProjectMember(ctx, projectId, userId);
}

/**
 * Takes a member off a project. The project's owner stays unless forced (409 in_use); forcing
 * leaves the project without an owner.
 */
export async function removeProjectMember(
  ctx: OrganisationContext,
  project: LiveProject,
  userId: string,
  force: boolean,
) {
  const member = await requireProjectMember(ctx, project.id, userId);
  const owner = project.owner_id === userId;
  if (owner && !force) {
    throw conflict(
      `${member.name} owns this project: make someone else its owner first, or remove them with force=true (the project is then left without an owner).`,
      'in_use',
    );
  }
  await ctx.db.query(
    `DELETE FROM project_members WHERE organisation_id = $1 AND project_id = $2 AND user_id = $3`,
    [ctx.organisationId, project.id, userId],
  );
  if (owner) {
    await ctx.db.query(
      `UPDATE projects SET owner_id = NULL, updated_at = now() WHERE organisation_id = $1 AND id = $2`,
      [ctx.organisationId, project.id],
    );
  }
  await recordAudit(
    ctx,
    'projects',
    [project.id],
    force ? 'FORCE_REMOVE_MEMBER' : 'REMOVE_MEMBER',
    {
      user_id: userId,
      owner_cleared: owner,
    },
    new Map([[project.id, { project_member: member, owner_id: project.owner_id }]]),
  );
}

/** The project's guests, and the open guest invites that would add someone to it. */
export async function projectGuests(
  ctx: OrganisationContext,
  projectId: string,
): Promise<ProjectGuests> {
  const guests = await ctx.db.query<{
    user_id: string;
    name: string;
    email: string;
    created_at: Date;
  }>(
    `SELECT pm.user_id, u.name, u.email, pm.created_at
       FROM project_members pm
       JOIN users u ON u.id = pm.user_id
       JOIN memberships m ON m.organisation_id = pm.organisation_id AND m.user_id = pm.user_id
      WHERE pm.organisation_id = $1 AND pm.project_id = $2
        AND m.guest AND m.active AND m.deleted_at IS NULL
      ORDER BY lower(u.name), u.id`,
    [ctx.organisationId, projectId],
  );
  const invites = await ctx.db.query<{
    id: string;
    email: string;
    created_at: Date;
    expires_at: Date;
  }>(
    `SELECT id, email, invited_at AS created_at, expires_at FROM membership_invites
      WHERE organisation_id = $1 AND guest AND $2 = ANY(project_ids)
        AND accepted_at IS NULL AND cancelled_at IS NULL
      ORDER BY invited_at DESC, id`,
    [ctx.organisationId, projectId],
  );
  const iso = (value: Date) => new Date(value).toISOString();
  return {
    data: guests.rows.map((row) => ({ ...row, created_at: iso(row.created_at) })),
    invites: invites.rows.map((row) => ({
      ...row,
      created_at: iso(row.created_at),
      expires_at: iso(row.expires_at),
    })),
  };
}

/** Adds guests of the organisation to the project, as the guests screen's add_to_projects does. */
export async function addGuestsToProject(
  ctx: OrganisationContext,
  projectId: string,
  userIds: string[],
) {
  await checkUsers(ctx, userIds, ' AND guest', 'Must be a guest of the organisation.');
  const guests = await selectMembers(ctx, 'm.guest AND m.active AND m.user_id = ANY($2::text[])', [
    [...new Set(userIds)],
  ]);
  const before = new Set((await projectGuests(ctx, projectId)).data.map((g) => g.user_id));
  for (const guest of guests) await addGuestProjects(ctx, guest, [projectId]);
  const after = await projectGuests(ctx, projectId);
  const added = after.data.map((g) => g.user_id).filter((id) => !before.has(id));
  if (added.length)
    await recordAudit(ctx, 'projects', [projectId], 'ADD_GUESTS', { user_ids: added });
  return after;
}
