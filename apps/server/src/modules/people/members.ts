import {
  ROLE_RANK,
  type AuditAction,
  type EmploymentInfoBody,
  type Guest,
  type Member,
  type MemberRole,
} from '@fieldwork/contract';
import { recordAudit } from '../../platform/audit';
import type { Queryable } from '../../platform/db/queryable';
import { conflict, forbidden, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { present } from '../../platform/resource-kit';

/** Memberships joined to their users; `m` and `u` are the aliases conditions may use. */
const MEMBER_SELECT = `SELECT m.id AS membership_id, m.user_id AS id, u.name, u.email, m.role,
         m.owner, m.active, m.guest, m.employee_number, m.tax_number, m.hourly_rate,
         m.daily_rate, m.created_at AS member_since, m.deactivated_at, m.created_at, m.updated_at
    FROM memberships m JOIN users u ON u.id = m.user_id`;

const DEFAULT_ORDER = 'lower(u.name), m.id';

type MemberRow = Record<string, unknown> & { id: string; membership_id: string };

/**
 * Members matching a condition over `m`/`u` ($1 is the organisation), with their teams and
 * projects: three queries whatever the number of members.
 */
export async function selectMembers(
  ctx: OrganisationContext,
  condition: string,
  params: unknown[] = [],
  tail = `ORDER BY ${DEFAULT_ORDER}`,
): Promise<Member[]> {
  const { rows } = await ctx.db.query<MemberRow>(
    `${MEMBER_SELECT} WHERE m.organisation_id = $1 AND m.deleted_at IS NULL AND ${condition} ${tail}`,
    [ctx.organisationId, ...params],
  );
  return presentMembers(ctx, rows);
}

/** Teams, projects and employment details for a page of members: two queries per page. */
export async function presentMembers(
  ctx: OrganisationContext,
  rows: MemberRow[],
): Promise<Member[]> {
  if (rows.length === 0) return [];
  const userIds = rows.map((row) => row.id);
  const [teams, projects] = [
    await ctx.db.query<{ user_id: string; id: string; name: string }>(
      `SELECT tm.user_id, t.id, t.name FROM team_members tm
         JOIN teams t ON t.organisation_id = tm.organisation_id AND t.id = tm.team_id
        WHERE tm.organisation_id = $1 AND tm.user_id = ANY($2::text[])
        ORDER BY lower(t.name), t.id`,
      [ctx.organisationId, userIds],
    ),
    await ctx.db.query<{
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
    ),
  ];
  const teamsOf = groupBy(teams.rows, (row) => row.user_id);
  const projectsOf = groupBy(projects.rows, (row) => row.user_id);
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
      projects: (projectsOf.get(row.id) ?? []).map(({ user_id: _, ...project }) => project),
      employment_info: {
        employee_number: shown ? ((employee_number as string | null) ?? null) : null,
        tax_number: shown ? ((tax_number as string | null) ?? null) : null,
        hourly_rate: shown && hourly_rate !== null ? Number(hourly_rate) : null,
        daily_rate: shown && daily_rate !== null ? Number(daily_rate) : null,
      },
      metrics: {
        signed_documents: 0,
        signed_documents_outstanding: 0,
        signed_documents_last_interaction: null,
      },
    };
  });
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

/** `{id}` in a path is the user's id or the membership's. */
export async function findMember(ctx: OrganisationContext, id: string): Promise<Member | null> {
  const [member] = await selectMembers(ctx, '(m.user_id = $2 OR m.id = $2)', [id]);
  return member ?? null;
}

export async function requireMember(ctx: OrganisationContext, id: string): Promise<Member> {
  const member = await findMember(ctx, id);
  if (!member) throw notFound('Member');
  return member;
}

export function presentGuest(member: Member): Guest {
  return {
    id: member.id,
    membership_id: member.membership_id,
    name: member.name,
    email: member.email,
    projects: member.projects.map(({ project_id, project_name }) => ({ project_id, project_name })),
    guest_since: member.member_since,
    created_at: member.created_at,
    updated_at: member.updated_at,
  };
}

/** Nobody changes their own standing, and an owner's cannot be taken away. */
export function guardTarget(ctx: OrganisationContext, member: Member, action: string) {
  if (member.id === ctx.user.id) {
    throw forbidden(`You cannot ${action} yourself.`, 'own_membership');
  }
  if (member.owner) {
    throw forbidden(`An owner of the organisation cannot be ${action}d.`, 'owner_protected');
  }
}

/** An entry about one member, keeping the member as they were before (the before-image). */
const audit = (
  ctx: OrganisationContext,
  member: Member,
  action: AuditAction,
  changes: Record<string, unknown> | null = null,
) =>
  recordAudit(
    ctx,
    'memberships',
    [member.membership_id],
    action,
    changes,
    new Map([[member.membership_id, member]]),
  );

async function touch(
  ctx: OrganisationContext,
  member: Member,
  assignments: string,
  values: unknown[],
) {
  await ctx.db.query(
    `UPDATE memberships SET ${assignments}, updated_at = now() WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, member.membership_id, ...values],
  );
}

export async function changeRole(ctx: OrganisationContext, member: Member, role: MemberRole) {
  if (member.id === ctx.user.id) {
    throw forbidden('You cannot change your own role.', 'own_membership');
  }
  if (member.owner && role !== 'ADMIN') {
    throw forbidden('An owner of the organisation cannot be demoted.', 'owner_protected');
  }
  if (member.guest) {
    throw conflict('This is a guest: use change_to_member to give a role.', 'is_guest');
  }
  if (member.role === role) return;
  await touch(ctx, member, 'role = $3', [role]);
  await audit(ctx, member, 'CHANGE_ROLE', { role: { from: member.role, to: role } });
}

export async function updateEmploymentInfo(
  ctx: OrganisationContext,
  member: Member,
  input: Partial<Record<keyof EmploymentInfoBody, string | number | null | undefined>>,
) {
  const columns = (['employee_number', 'tax_number', 'hourly_rate', 'daily_rate'] as const).filter(
    (column) => input[column] !== undefined,
  );
  if (columns.length === 0) return;
  await touch(
    ctx,
    member,
    columns.map((column, index) => `${column} = $${index + 3}`).join(', '),
    columns.map((column) => input[column]),
  );
  const changes = Object.fromEntries(
    columns.map((column) => [
      column,
      { from: member.employment_info[column], to: input[column] ?? null },
    ]),
  );
  await audit(ctx, member, 'UPDATE_EMPLOYMENT_INFO', changes);
}

export async function setActive(ctx: OrganisationContext, member: Member, active: boolean) {
  guardTarget(ctx, member, active ? 'activate' : 'deactivate');
  if (member.active === active) return;
  // The request pipeline refuses inactive memberships, so access ends with this commit.
  await touch(
    ctx,
    member,
    active ? 'active = true, deactivated_at = NULL' : 'active = false, deactivated_at = now()',
    [],
  );
  await audit(ctx, member, active ? 'ACTIVATE' : 'DEACTIVATE');
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

export async function addToTeams(ctx: OrganisationContext, member: Member, teamIds: string[]) {
  if (!member.active || member.guest) {
    throw conflict('Only active members can join teams.', 'member_inactive');
  }
  const ids = [...new Set(teamIds)];
  await checkTeams(ctx, teamIds, 'team_ids');
  const { rows } = await ctx.db.query<{ team_id: string }>(
    `INSERT INTO team_members (organisation_id, team_id, user_id)
     SELECT $1, team_id, $3 FROM unnest($2::text[]) AS team_id
     ON CONFLICT DO NOTHING RETURNING team_id`,
    [ctx.organisationId, ids, member.id],
  );
  const added = rows.map((row) => row.team_id);
  if (added.length) {
    await recordAudit(ctx, 'teams', added, 'ADD_MEMBER', { user_ids: [member.id] });
    await audit(ctx, member, 'ADD_TO_TEAMS', { team_ids: added });
  }
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

export async function addGuestProjects(
  ctx: OrganisationContext,
  member: Member,
  projectIds: string[],
) {
  await checkProjects(ctx, projectIds, 'project_ids');
  const added = await addProjectMembers(ctx.db, ctx.organisationId, member.id, projectIds);
  if (added.length) await audit(ctx, member, 'ADD_TO_PROJECTS', { project_ids: added });
}

/** Leaves every team (and stops leading any): teams are for members, not guests or leavers. */
async function leaveTeams(ctx: OrganisationContext, userId: string) {
  await ctx.db.query(`DELETE FROM team_members WHERE organisation_id = $1 AND user_id = $2`, [
    ctx.organisationId,
    userId,
  ]);
  await ctx.db.query(
    `UPDATE teams SET team_lead_id = NULL, updated_at = now()
      WHERE organisation_id = $1 AND team_lead_id = $2`,
    [ctx.organisationId, userId],
  );
}

export async function changeToGuest(
  ctx: OrganisationContext,
  member: Member,
  projectIds: string[],
) {
  guardTarget(ctx, member, 'change');
  if (member.guest) throw conflict('This member is already a guest.', 'is_guest');
  await checkProjects(ctx, projectIds, 'project_ids');
  await touch(ctx, member, `guest = true, role = 'GUEST'`, []);
  await leaveTeams(ctx, member.id);
  const added = await addProjectMembers(ctx.db, ctx.organisationId, member.id, projectIds);
  await audit(ctx, member, 'CHANGE_TO_GUEST', {
    role: { from: member.role, to: 'GUEST' },
    project_ids: added,
  });
}

export async function changeToMember(ctx: OrganisationContext, member: Member, role: MemberRole) {
  if (!member.guest) throw conflict('This member is not a guest.', 'not_a_guest');
  await touch(ctx, member, 'guest = false, role = $3', [role]);
  await audit(ctx, member, 'CHANGE_TO_MEMBER', { role: { from: member.role, to: role } });
}

/** What a member still holds that a deletion would orphan: owned clients, teams they lead. */
async function heldRecords(ctx: OrganisationContext, userId: string) {
  const { rows } = await ctx.db.query<{ clients: number; teams: number }>(
    `SELECT (SELECT count(*)::int FROM clients WHERE organisation_id = $1 AND owner_id = $2) AS clients,
            (SELECT count(*)::int FROM teams WHERE organisation_id = $1 AND team_lead_id = $2) AS teams`,
    [ctx.organisationId, userId],
  );
  return rows[0] ?? { clients: 0, teams: 0 };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export async function deleteMember(ctx: OrganisationContext, member: Member, force: boolean) {
  guardTarget(ctx, member, 'delete');
  const held = await heldRecords(ctx, member.id);
  if (!force && (held.clients || held.teams)) {
    const what = [
      held.clients ? `owns ${plural(held.clients, 'client')}` : '',
      held.teams ? `leads ${plural(held.teams, 'team')}` : '',
    ].filter(Boolean);
    throw conflict(
      `The member still ${what.join(' and ')}; delete with force=true to hand the clients to you and clear the team leads.`,
      'member_has_records',
    );
  }
  if (held.clients) {
    await ctx.db.query(
      `UPDATE clients SET owner_id = $3, updated_at = now() WHERE organisation_id = $1 AND owner_id = $2`,
      [ctx.organisationId, member.id, ctx.user.id],
    );
  }
  await leaveTeams(ctx, member.id);
  await ctx.db.query(`DELETE FROM project_members WHERE organisation_id = $1 AND user_id = $2`, [
    ctx.organisationId,
    member.id,
  ]);
  await touch(
    ctx,
    member,
    'deleted_at = now(), active = false, deactivated_at = coalesce(deactivated_at, now())',
    [],
  );
  await audit(ctx, member, force ? 'FORCE_DELETE' : 'DELETE', {
    clients_handed_to: held.clients ? ctx.user.id : null,
    team_leads_cleared: held.teams,
  });
}

/** Whether the caller's role is at least `role` (for answers that depend on it). */
export const atLeast = (ctx: OrganisationContext, role: keyof typeof ROLE_RANK) =>
  ROLE_RANK[ctx.membership.role] >= ROLE_RANK[role];
