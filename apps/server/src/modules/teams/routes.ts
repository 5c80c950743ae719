import {
  idSchema,
  teamCreateSchema,
  teamMemberBodySchema,
  teamMembersBodySchema,
  teamSchema,
  teamUpdateSchema,
} from '@fieldwork/contract';
import { z, type ZodType } from 'zod';
import { recordAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type HttpMethod, type RouteDef } from '../../platform/http/route';
import { reader } from '../../platform/resource-kit';
import { resourceRoutes } from '../../platform/resource-kit';
import { writer } from '../../platform/resource-kit';
import { checkActiveMembers } from '../people';
import { teamsResource } from './teams.resource';

const read = reader(teamsResource);
const write = writer(teamsResource);
const idParams = z.object({ id: idSchema });
const one = z.object({ data: teamSchema });
const tags = ['Team'];

async function loadTeam(ctx: OrganisationContext, id: string) {
  const [team] = await read.findMany(ctx, [id]);
  if (!team) throw notFound('Team');
  return team;
}

async function addMembers(ctx: OrganisationContext, teamId: string, userIds: string[]) {
  const { rows } = await ctx.db.query<{ user_id: string }>(
    `INSERT INTO team_members (organisation_id, team_id, user_id)
     SELECT $1, $2, user_id FROM unnest($3::text[]) AS user_id
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [ctx.organisationId, teamId, [...new Set(userIds)]],
  );
  const added = rows.map((row) => row.user_id);
  if (added.length) await recordAudit(ctx, 'teams', [teamId], 'ADD_MEMBER', { user_ids: added });
}

async function removeMembers(
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
async function setMembers(ctx: OrganisationContext, teamId: string, userIds: string[]) {
  await removeMembers(ctx, teamId, userIds);
  await addMembers(ctx, teamId, userIds);
}

export function teamRoutes(): RouteDef[] {
  const routes: RouteDef[] = [...resourceRoutes(teamsResource)];
  const writeRoute = <
    P extends ZodType = ZodType<Record<string, never>>,
    B extends ZodType = ZodType<undefined>,
  >(
    methods: HttpMethod[],
    def: Omit<
      RouteDef<'organisation', P, ZodType<Record<string, never>>, B>,
      'method' | 'access' | 'minRole' | 'tags'
    >,
  ) => {
    for (const method of methods) {
      routes.push(
        route<'organisation', P, ZodType<Record<string, never>>, B>({
          ...def,
          method,
          access: 'organisation',
          minRole: teamsResource.access.write,
          tags,
        }),
      );
    }
  };

  writeRoute(['POST'], {
    path: '/teams',
    summary: 'Create a team, optionally with its members (user_ids) and lead',
    body: teamCreateSchema,
    status: 201,
    response: one,
    handler: async (ctx, { body }) => {
      const { user_ids: userIds, ...columns } = body;
      if (userIds) await checkActiveMembers(ctx, userIds, 'user_ids');
      const [id] = await write.insert(ctx, [columns]);
      if (userIds?.length) await addMembers(ctx, id!, userIds);
      return { data: await loadTeam(ctx, id!) };
    },
  });
  writeRoute(['PUT', 'PATCH'], {
    path: '/teams/:id',
    summary: 'Update a team (fields not sent stay; user_ids, when sent, replaces the members)',
    params: idParams,
    body: teamUpdateSchema,
    response: one,
    handler: async (ctx, { params, body }) => {
      const existing = await loadTeam(ctx, params.id);
      const { user_ids: userIds, ...columns } = body;
      if (userIds) await checkActiveMembers(ctx, userIds, 'user_ids');
      await write.update(ctx, existing, columns);
      if (userIds) await setMembers(ctx, params.id, userIds);
      return { data: await loadTeam(ctx, params.id) };
    },
  });
  writeRoute(['POST'], {
    path: '/teams/:id/duplicate',
    summary: 'Duplicate a team with its members',
    params: idParams,
    status: 201,
    response: one,
    handler: async (ctx, { params }) => {
      const original = await loadTeam(ctx, params.id);
      const { created } = await write.duplicate(ctx, [params.id]);
      const copy = created.get(params.id)!;
      const userIds = original.user_ids as string[];
      if (userIds.length) await addMembers(ctx, copy, userIds);
      return { data: await loadTeam(ctx, copy) };
    },
  });
  writeRoute(['POST'], {
    path: '/teams/:id/add_member',
    summary: 'Add an active member to the team',
    params: idParams,
    body: teamMemberBodySchema,
    response: one,
    handler: async (ctx, { params, body }) => {
      await loadTeam(ctx, params.id);
      await checkActiveMembers(ctx, [body.user_id], 'user_id', false);
      await addMembers(ctx, params.id, [body.user_id]);
      return { data: await loadTeam(ctx, params.id) };
    },
  });
  writeRoute(['POST'], {
    path: '/teams/:id/add_members',
    summary: 'Add active members to the team',
    params: idParams,
    body: teamMembersBodySchema,
    response: one,
    handler: async (ctx, { params, body }) => {
      await loadTeam(ctx, params.id);
      await checkActiveMembers(ctx, body.user_ids, 'user_ids');
      await addMembers(ctx, params.id, body.user_ids);
      return { data: await loadTeam(ctx, params.id) };
    },
  });
  writeRoute(['POST'], {
    path: '/teams/:id/remove_member',
    summary: 'Take a member out of the team (the lead stays lead)',
    params: idParams,
    body: teamMemberBodySchema,
    response: one,
    handler: async (ctx, { params, body }) => {
      await loadTeam(ctx, params.id);
      await removeMembers(ctx, params.id, null, [body.user_id]);
      return { data: await loadTeam(ctx, params.id) };
    },
  });
  return routes;
}
