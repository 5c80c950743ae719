import { recordAudit } from '../../platform/audit';
import type { OrganisationContext } from '../../platform/http/context';

/** Adds members to a team (those already in it stay), audited ADD_MEMBER on the team. */
export async function addMembers(ctx: OrganisationContext, teamId: string, userIds: string[]) {
  const { rows } = await ctx.db.query<{ user_id: string }>(
    `INSERT INTO team_members (organisation_id, team_id, user_id)
     SELECT $1, $2, user_id FROM unnest($3::text[]) AS user_id
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [ctx.organisationId, teamId, [...new Set(userIds)]],
  );
  const added = rows.map((row) => row.user_id);
  if (added.length) await recordAudit(ctx, 'teams', [teamId], 'ADD_MEMBER', { user_ids: added });
}

export async function removeMembers(
  ctx: OrganisationContext,
  teamId: string,
  keep: string[] | null,
  remove: string[] = [],
) {
  const { rows } = await ctx.db.query<{ user_id: string }>(
    keep
      ? `DELETE FROM team_members WHERE organisation_id = $1 AND team_id = $2 AND user_id <> ALL($3::text[]) RETURNING user_id`
      : `DELETE FROM team_members WHERE organisation_id = $1 AND team_id = $2 AND user_id = ANY($3::text[]) RETURNING user_id`,
    [ctx.organisationId, teamId, keep ?? remove],
  );
  const removed = rows.map((row) => row.user_id);
  if (removed.length) {
    await recordAudit(ctx, 'teams', [teamId], 'REMOVE_MEMBER', { user_ids: removed });
  }
}

/** The members become exactly userIds. */
export async function setMembers(ctx: OrganisationContext, teamId: string, userIds: string[]) {
  await removeMembers(ctx, teamId, userIds);
  await addMembers(ctx, teamId, userIds);
}
