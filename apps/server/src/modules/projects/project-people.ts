import { type FieldError, type ProjectGuests } from '@fieldwork/contract';
import { recordAudit } from '../../platform/audit';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';

/**
 * A project's guests with their open invites. The guests are project_members rows too (the kit's
 * link set project-members.links.ts serves the members); adding one goes through the guest's
 * membership, as the guests screen's add_to_projects does.
 */

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
  const { rows } = await ctx.db.query<{ user_id: string; membership_id: string }>(
    `WITH added AS (
       INSERT INTO project_members (organisation_id, project_id, user_id)
       SELECT $1, $2, user_id FROM unnest($3::text[]) AS user_id
       ON CONFLICT DO NOTHING RETURNING user_id)
     SELECT a.user_id, m.id AS membership_id FROM added a
       JOIN memberships m ON m.organisation_id = $1 AND m.user_id = a.user_id`,
    [ctx.organisationId, projectId, [...new Set(userIds)]],
  );
  const added = rows.map((row) => row.user_id);
  // as the guests screen's add_to_projects writes it, on each guest's membership
  await recordAudit(
    ctx,
    'memberships',
    rows.map((row) => row.membership_id),
    'ADD_TO_PROJECTS',
    { project_ids: [projectId] },
  );
  if (added.length)
    await recordAudit(ctx, 'projects', [projectId], 'ADD_GUESTS', { user_ids: added });
  return projectGuests(ctx, projectId);
}
