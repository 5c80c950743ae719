import {
  ID_PATTERN,
  ROLES,
  addToTeamsBodySchema,
  changeToGuestBodySchema,
  employmentInfoBodySchema,
  guestSchema,
  memberRoleBodySchema,
  memberSchema,
  memberUpdateSchema,
} from '@fieldwork/contract';
import { recordAudit } from '../../platform/audit';
import { badRequest, forbidden, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import {
  defineResource,
  reader,
  type ActionRefusal,
  type PolicyLock,
  type ResourceDeclaration,
  type Row,
} from '../../platform/resource-kit';
// import-cycle-allowed -- a member changed to a guest is answered as a guest (and back), at call time
import { guestsResource } from './guests.resource';
import { membershipFields, membershipRows } from './membership-rows';
import {
  addProjectMembers,
  checkProjects,
  checkTeams,
  heldRecords,
  leaveTeams,
  presentMembers,
  removeMemberships,
} from './members';

/** Roles sort by rank, highest first, as people read a team sheet. */
export const ROLE_ORDER = `CASE t.role WHEN 'ADMIN' THEN 1 WHEN 'MANAGER' THEN 2 WHEN 'OPERATIVE' THEN 3 ELSE 4 END`;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Nobody changes their own standing, and an owner's cannot be taken away: 403 `own_membership`
 * and `owner_protected`, and the records' permissions say false.
 */
const ownMembership = (reason: string): PolicyLock => ({
  note: 'on their own membership',
  code: 'own_membership',
  forbidden: true,
  reasonSql: (params, ctx) =>
    `CASE WHEN t.user_id = ${params.add(ctx.user.id)} THEN ${params.add(reason)} END`,
});
const ownerProtected = (past: string): PolicyLock => ({
  note: 'on an owner',
  code: 'owner_protected',
  forbidden: true,
  reasonSql: (params) =>
    `CASE WHEN t.owner THEN ${params.add(`An owner of the organisation cannot be ${past}.`)} END`,
});
const protectedMembership = (verb: string, past: string) => [
  ownMembership(`You cannot ${verb} yourself.`),
  ownerProtected(past),
];

const refusals = (
  rows: Row[],
  refuse: (row: Row) => ActionRefusal | undefined,
): Map<string, ActionRefusal> =>
  new Map(rows.flatMap((row) => (refuse(row) ? [[row.id, refuse(row)!] as const] : [])));

const EMPLOYMENT_COLUMNS = ['employee_number', 'tax_number', 'hourly_rate', 'daily_rate'];

/** A member answered as a guest (change_to_guest's answer). */
const guestOf = (ctx: OrganisationContext, id: string) =>
  reader(guestsResource)
    .findMany(ctx, [id])
    .then((rows) => rows[0]);

/**
 * PUT /members/{id}: role, employment info and teams in one call, by the single-purpose routes'
 * rules: nobody changes their own role, an owner stays ADMIN, a guest gets a role by
 * change_to_member, only active members join teams. `team_ids` replaces the member's teams.
 */
async function checkMemberUpdate(
  ctx: OrganisationContext,
  values: Record<string, unknown>,
  existing: Row,
): Promise<Record<string, unknown>> {
  const {
    role,
    employment_info: employment,
    team_ids: teamIds,
  } = values as {
    role?: string;
    employment_info?: Record<string, unknown>;
    team_ids?: string[];
  };
  const columns: Record<string, unknown> = {};
  if (role !== undefined && role !== existing.role) {
    if (existing.id === ctx.user.id)
      throw forbidden('You cannot change your own role.', 'own_membership');
    if (existing.owner)
      throw forbidden('An owner of the organisation cannot be demoted.', 'owner_protected');
    if (existing.guest)
      throw validationFailure([
        {
          field: 'role',
          message: 'This is a guest: use change_to_member to give a role.',
          code: 'is_guest',
        },
      ]);
    columns.role = role;
  }
  for (const column of EMPLOYMENT_COLUMNS)
    if (employment?.[column] !== undefined) columns[column] = employment[column];
  if (teamIds !== undefined) {
    if (!existing.active || existing.guest)
      throw validationFailure([
        {
          field: 'team_ids',
          message: 'Only active members can join teams.',
          code: 'member_inactive',
        },
      ]);
    await checkTeams(ctx, teamIds, 'team_ids');
  }
  return columns;
}

/** Sets a member's teams to exactly `teamIds`, audited on the teams joined and left. */
async function setTeams(ctx: OrganisationContext, userId: string, teamIds: string[]) {
  const { rows: left } = await ctx.db.query<{ team_id: string }>(
    `DELETE FROM team_members WHERE organisation_id = $1 AND user_id = $2
        AND NOT (team_id = ANY($3::text[])) RETURNING team_id`,
    [ctx.organisationId, userId, teamIds],
  );
  const { rows: joined } = await ctx.db.query<{ team_id: string }>(
    `INSERT INTO team_members (organisation_id, team_id, user_id)
     SELECT $1, team_id, $2 FROM unnest($3::text[]) AS team_id
     ON CONFLICT DO NOTHING RETURNING team_id`,
    [ctx.organisationId, userId, [...new Set(teamIds)]],
  );
  const ids = (rows: { team_id: string }[]) => rows.map((row) => row.team_id);
  if (joined.length)
    await recordAudit(ctx, 'teams', ids(joined), 'ADD_MEMBER', { user_ids: [userId] });
  if (left.length)
    await recordAudit(ctx, 'teams', ids(left), 'REMOVE_MEMBER', { user_ids: [userId] });
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The organisation's members, guests too, addressed by user id or membership id (GET
 * /members/{id} and the member verbs); `memberListResource` is the list without guests.
 * Teams, projects and the employment details only admins and the member themself see are
 * filled in per page by `finish` (members.ts).
 */
export const membersResource: ResourceDeclaration = defineResource({
  ...membershipRows,
  name: 'members',
  label: 'Member',
  record: memberSchema,
  update: memberUpdateSchema,
  fields: {
    ...membershipFields,
    role: { type: 'text', sort: true, sortSql: ROLE_ORDER },
    owner: { type: 'boolean' },
    active: { type: 'boolean', filter: true },
    guest: { type: 'boolean' },
    employee_number: { type: 'text' },
    tax_number: { type: 'text' },
    hourly_rate: { type: 'number' },
    daily_rate: { type: 'number' },
    member_since: { type: 'timestamp', sql: 't.created_at', sort: true },
    deactivated_at: { type: 'timestamp' },
  },
  filters: {
    role: {
      sql(values, params) {
        if (values.some((value) => !(ROLES as readonly string[]).includes(value)))
          throw badRequest(`filter[role] takes ${ROLES.join(', ')}.`, 'bad_filter');
        return `t.role = ANY(${params.add(values)}::text[])`;
      },
    },
    team_id: {
      sql(values, params) {
        if (values.some((value) => !ID_PATTERN.test(value)))
          throw badRequest('filter[team_id] takes 24-character hex ids.', 'bad_filter');
        return `EXISTS (SELECT 1 FROM team_members tm WHERE tm.organisation_id = t.organisation_id
                     AND tm.user_id = t.user_id AND tm.team_id = ANY(${params.add(values)}::text[]))`;
      },
    },
    search: {
      sql(values, params) {
        const pattern = params.add(`%${escapeLike(values.join(','))}%`);
        return `EXISTS (SELECT 1 FROM users u WHERE u.id = t.user_id
                     AND (u.name ILIKE ${pattern} OR u.email ILIKE ${pattern}))`;
      },
    },
  },
  forceDelete: true,
  verbs: ['get', 'update', 'delete'],
  actions: [
    {
      name: 'update_role',
      segment: 'role',
      methods: ['PUT'],
      past: 'role_changed',
      audit: 'CHANGE_ROLE',
      summary: "Change a member's role (not your own; an owner stays ADMIN)",
      body: memberRoleBodySchema,
      setsFromBody: ['role'],
      // An owner stays ADMIN (their role is locked); a guest gets a role by change_to_member.
      validate: async (_ctx, rows) =>
        refusals(rows, (row) =>
          row.guest
            ? { reason: 'This is a guest: use change_to_member to give a role.', code: 'is_guest' }
            : undefined,
        ),
    },
    {
      name: 'update_employment_info',
      segment: 'employment_info',
      methods: ['PUT'],
      past: 'updated',
      audit: 'UPDATE_EMPLOYMENT_INFO',
      summary: 'Set employee number, tax number, hourly and daily rate (fields not sent stay)',
      body: employmentInfoBodySchema,
      setsFrom: (_ctx, body) =>
        Object.fromEntries(
          EMPLOYMENT_COLUMNS.filter((column) => body[column] !== undefined).map((column) => [
            column,
            body[column],
          ]),
        ),
    },
    {
      name: 'add_to_teams',
      past: 'added',
      audit: 'ADD_TO_TEAMS',
      summary: 'Add an active member to teams',
      role: 'MANAGER',
      noApiKeys: true,
      body: addToTeamsBodySchema,
      validate: async (ctx, rows, body) => {
        const refused = refusals(rows, (row) =>
          row.active && !row.guest
            ? undefined
            : { reason: 'Only active members can join teams.', code: 'member_inactive' },
        );
        if (refused.size < rows.length)
          await checkTeams(ctx, body.team_ids as string[], 'team_ids');
        return refused;
      },
      after: async (ctx, ids, body) => {
        const teamIds = [...new Set(body.team_ids as string[])];
        const { rows } = await ctx.db.query<{ team_id: string; user_id: string }>(
          `INSERT INTO team_members (organisation_id, team_id, user_id)
           SELECT $1, team_id, user_id FROM unnest($2::text[]) AS team_id, unnest($3::text[]) AS user_id
           ON CONFLICT DO NOTHING RETURNING team_id, user_id`,
          [ctx.organisationId, teamIds, ids],
        );
        const added = [...new Set(rows.map((row) => row.team_id))];
        const userIds = [...new Set(rows.map((row) => row.user_id))];
        await recordAudit(ctx, 'teams', added, 'ADD_MEMBER', { user_ids: userIds });
      },
    },
    {
      name: 'activate',
      past: 'activated',
      audit: 'ACTIVATE',
      summary: 'Give a deactivated member access again',
      sets: { active: true },
      setsSql: { deactivated_at: 'NULL' },
    },
    {
      name: 'deactivate',
      past: 'deactivated',
      audit: 'DEACTIVATE',
      // The request pipeline refuses inactive memberships, so access ends with this commit.
      summary: 'End a member’s access at once (not yourself, not an owner)',
      sets: { active: false },
      setsSql: { deactivated_at: 'coalesce(t.deactivated_at, now())' },
    },
    {
      name: 'change_to_guest',
      past: 'changed',
      audit: 'CHANGE_TO_GUEST',
      summary: 'Make a member a guest (leaves their teams), optionally of projects',
      body: changeToGuestBodySchema,
      sets: { guest: true, role: 'GUEST' },
      validate: async (ctx, rows, body) => {
        const refused = refusals(rows, (row) =>
          row.guest ? { reason: 'This member is already a guest.', code: 'is_guest' } : undefined,
        );
        await checkProjects(ctx, (body.project_ids as string[] | undefined) ?? [], 'project_ids');
        return refused;
      },
      after: async (ctx, ids, body) => {
        await leaveTeams(ctx, ids);
        for (const id of ids)
          await addProjectMembers(
            ctx.db,
            ctx.organisationId,
            id,
            (body.project_ids as string[]) ?? [],
          );
      },
      answer: { schema: guestSchema, load: guestOf },
    },
  ],
  policy: {
    update: { role: 'ADMIN' },
    update_role: {
      role: 'ADMIN',
      lock: [ownMembership('You cannot change your own role.'), ownerProtected('demoted')],
    },
    update_employment_info: { role: 'ADMIN' },
    add_to_teams: { role: 'MANAGER' },
    activate: { role: 'ADMIN', lock: protectedMembership('activate', 'activated') },
    deactivate: { role: 'ADMIN', lock: protectedMembership('deactivate', 'deactivated') },
    change_to_guest: { role: 'ADMIN', lock: protectedMembership('change', 'changed') },
    delete: { role: 'ADMIN', lock: protectedMembership('delete', 'deleted') },
    force_delete: { role: 'ADMIN', lock: protectedMembership('delete', 'deleted') },
  },
  access: {
    read: 'OPERATIVE',
    write: 'ADMIN',
    forceDelete: 'ADMIN',
    note: 'Employment details only to ADMIN and the member themself',
  },
  rules: {
    beforeWrite: checkMemberUpdate,
    async afterUpdate(ctx, existing, _values, input) {
      if (input.team_ids) await setTeams(ctx, existing.id, input.team_ids as string[]);
    },
    // What a deletion would orphan: owned clients, teams they lead (409 unless forced).
    async deleteBlockers(ctx, ids) {
      const held = await heldRecords(ctx, ids);
      const blockers = new Map<string, { reason: string; code: string }>();
      for (const { user_id, clients, teams } of held) {
        if (!clients && !teams) continue;
        const what = [
          clients ? `owns ${plural(clients, 'client')}` : '',
          teams ? `leads ${plural(teams, 'team')}` : '',
        ].filter(Boolean);
        blockers.set(user_id, {
          reason: `The member still ${what.join(' and ')}; delete with force=true to hand the clients to you and clear the team leads.`,
          code: 'member_has_records',
        });
      }
      return blockers;
    },
    async beforeForceDelete(ctx, ids) {
      await ctx.db.query(
        `UPDATE clients SET owner_id = $3, updated_at = now()
          WHERE organisation_id = $1 AND owner_id = ANY($2::text[])`,
        [ctx.organisationId, ids, ctx.user.id],
      );
    },
    // Deleting is a soft delete that also ends access and removes team and project rows.
    afterDelete: (ctx, ids) => removeMemberships(ctx, ids),
  },
  finish: async (ctx, rows) =>
    (await presentMembers(ctx, rows as Parameters<typeof presentMembers>[1])) as Row[],
});

/**
 * The members list (GET /members, /members/query): guests are not members. Its records carry the
 * same permissions; the one-record routes are membersResource's.
 */
export const memberListResource: ResourceDeclaration = {
  ...membersResource,
  visibility: () => 'NOT t.guest',
  verbs: [],
};
