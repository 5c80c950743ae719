import type { Member } from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { present } from '../../platform/resource-kit';
import { memberDocumentMetrics } from './metrics';

type MemberRow = Record<string, unknown> & { id: string; membership_id: string };

/** Teams, projects and employment details for a page of members: two queries per page. */
export async function presentMembers(
  ctx: OrganisationContext,
  rows: MemberRow[],
): Promise<Member[]> {
  if (rows.length === 0) return [];
  const userIds = rows.map((row) => row.id);
  const teams = await ctx.db.query<{ user_id: string; id: string; name: string }>(
    `SELECT tm.user_id, t.id, t.name FROM team_members tm
       JOIN teams t ON t.organisation_id = tm.organisation_id AND t.id = tm.team_id
      WHERE tm.organisation_id = $1 AND tm.user_id = ANY($2::text[])
      ORDER BY lower(t.name), t.id`,
    [ctx.organisationId, userIds],
  );
  const teamsOf = groupBy(teams.rows, (row) => row.user_id);
  const projectsOfUser = await projectsOf(ctx, userIds);
  const metrics = await memberDocumentMetrics.get()(ctx.db, ctx.organisationId, userIds);
  // Employment details are for admins and the member themself.
  const seesEmployment = (userId: string) =>
    ctx.membership.role === 'ADMIN' || userId === ctx.user.id;
  return rows.map((raw) => {
    const { employee_number, tax_number, hourly_rate, daily_rate, ...row } = present(
      raw,
    ) as MemberRow;
    const shown = seesEmployment(row.id);
    const memberTeams = teamsOf.get(row.id) ?? [];
    return {
      ...(row as unknown as Omit<
        Member,
        'team_ids' | 'team_names' | 'projects' | 'employment_info' | 'metrics'
      >),
      team_ids: memberTeams.map((team) => team.id),
      team_names: memberTeams.map((team) => team.name),
      projects: (projectsOfUser.get(row.id) ?? []).map(({ user_id: _, ...project }) => project),
      metrics: metrics.get(row.id)!,
      employment_info: {
        employee_number: shown ? ((employee_number as string | null) ?? null) : null,
        tax_number: shown ? ((tax_number as string | null) ?? null) : null,
        hourly_rate: shown && hourly_rate !== null ? Number(hourly_rate) : null,
        daily_rate: shown && daily_rate !== null ? Number(daily_rate) : null,
      },
    };
  });
}

/** The live projects of each user, with their permissions there: one query. */
export async function projectsOf(ctx: OrganisationContext, userIds: string[]) {
  const { rows } = await ctx.db.query<{
    user_id: string;
    project_id: string;
    project_name: string;
    can_start_jobs: boolean;
    can_edit: boolean;
  }>(
    `SELECT pm.user_id, pm.project_id, p.name AS project_name, pm.can_start_jobs, pm.can_edit
       FROM project_members pm
       JOIN projects p ON p.organisation_id = pm.organisation_id AND p.id = pm.project_id
      WHERE pm.organisation_id = $1 AND pm.user_id = ANY($2::text[]) AND p.deleted_at IS NULL
      ORDER BY lower(p.name), p.id`,
    [ctx.organisationId, userIds],
  );
  return groupBy(rows, (row) => row.user_id);
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Teams of this organisation, in the order given; unknown ones are a 422 naming the entry. */
export async function checkTeams(ctx: OrganisationContext, teamIds: string[], field: string) {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM teams WHERE organisation_id = $1 AND id = ANY($2::text[])`,
    [ctx.organisationId, teamIds],
  );
  const found = new Set(rows.map((row) => row.id));
  const errors = teamIds.flatMap((id, index) =>
    found.has(id)
      ? []
      : [{ field: `${field}.${index}`, message: 'Team not found.', code: 'not_found' }],
  );
  if (errors.length) throw validationFailure(errors);
}

/**
 * Only active (non-guest) members may be in a team or lead one: anyone else is a 422 on the
 * field (`field` for one id, `field.N` for a list).
 */
export async function checkActiveMembers(
  ctx: OrganisationContext,
  userIds: string[],
  field: string,
  list = true,
) {
  if (userIds.length === 0) return;
  const { rows } = await ctx.db.query<{ user_id: string }>(
    `SELECT user_id FROM memberships
      WHERE organisation_id = $1 AND user_id = ANY($2::text[])
        AND active AND NOT guest AND deleted_at IS NULL`,
    [ctx.organisationId, userIds],
  );
  const found = new Set(rows.map((row) => row.user_id));
  const errors = userIds.flatMap((id, index) =>
    found.has(id)
      ? []
      : [
          {
            field: list ? `${field}.${index}` : field,
            message: 'Must be an active member of the organisation.',
            code: 'not_found',
          },
        ],
  );
  if (errors.length) throw validationFailure(errors);
}

/** Live projects of this organisation; unknown or deleted ones are a 422 naming the entry. */
export async function checkProjects(ctx: OrganisationContext, projectIds: string[], field: string) {
  if (projectIds.length === 0) return;
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM projects
      WHERE organisation_id = $1 AND id = ANY($2::text[]) AND deleted_at IS NULL`,
    [ctx.organisationId, projectIds],
  );
  const found = new Set(rows.map((row) => row.id));
  const errors = projectIds.flatMap((id, index) =>
    found.has(id)
      ? []
      : [{ field: `${field}.${index}`, message: 'Project not found.', code: 'not_found' }],
  );
  if (errors.length) throw validationFailure(errors);
}

/** Adds project_members rows (default permissions); projects deleted since are skipped. */
export async function addProjectMembers(
  db: Queryable,
  organisationId: string,
  userId: string,
  projectIds: string[],
): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const { rows } = await db.query<{ project_id: string }>(
    `INSERT INTO project_members (organisation_id, project_id, user_id)
     SELECT p.organisation_id, p.id, $3 FROM projects p
      WHERE p.organisation_id = $1 AND p.id = ANY($2::text[]) AND p.deleted_at IS NULL
     ON CONFLICT DO NOTHING RETURNING project_id`,
    [organisationId, [...new Set(projectIds)], userId],
  );
  return rows.map((row) => row.project_id);
}

/** Leaves every team (and stops leading any): teams are for members, not guests or leavers. */
export async function leaveTeams(ctx: OrganisationContext, userIds: string[]) {
  await ctx.db.query(
    `DELETE FROM team_members WHERE organisation_id = $1 AND user_id = ANY($2::text[])`,
    [ctx.organisationId, userIds],
  );
  await ctx.db.query(
    `UPDATE teams SET team_lead_id = NULL, updated_at = now()
      WHERE organisation_id = $1 AND team_lead_id = ANY($2::text[])`,
    [ctx.organisationId, userIds],
  );
}

/** What each member still holds that a deletion would orphan: owned clients, teams they lead. */
export async function heldRecords(ctx: OrganisationContext, userIds: string[]) {
  const { rows } = await ctx.db.query<{ user_id: string; clients: number; teams: number }>(
    `SELECT u.user_id,
            (SELECT count(*)::int FROM clients WHERE organisation_id = $1 AND owner_id = u.user_id) AS clients,
            (SELECT count(*)::int FROM teams WHERE organisation_id = $1 AND team_lead_id = u.user_id) AS teams
       FROM unnest($2::text[]) AS u (user_id)`,
    [ctx.organisationId, userIds],
  );
  return rows;
}

/** After the soft delete: access ends, and the leavers' team and project rows go. */
export async function removeMemberships(ctx: OrganisationContext, userIds: string[]) {
  await leaveTeams(ctx, userIds);
  await ctx.db.query(
    `DELETE FROM project_members WHERE organisation_id = $1 AND user_id = ANY($2::text[])`,
    [ctx.organisationId, userIds],
  );
  await ctx.db.query(
    `UPDATE memberships SET active = false, deactivated_at = coalesce(deactivated_at, now())
      WHERE organisation_id = $1 AND user_id = ANY($2::text[])`,
    [ctx.organisationId, userIds],
  );
}
