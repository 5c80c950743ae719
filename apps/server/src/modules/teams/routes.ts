import {
  idSchema,
  teamMemberBodySchema,
  teamMembersBodySchema,
  teamSchema,
  teamUpdateSchema,
} from '@fieldwork/contract';
import { z, type ZodType } from 'zod';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type HttpMethod, type RouteDef } from '../../platform/http/route';
import { reader } from '../../platform/resource-kit';
import { resourceRoutes } from '../../platform/resource-kit';
import { writer } from '../../platform/resource-kit';
import { checkActiveMembers } from '../people';
import { addMembers, removeMembers, setMembers } from './team-members';
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
