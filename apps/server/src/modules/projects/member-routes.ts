import {
  idSchema,
  projectGuestsAddSchema,
  projectGuestsSchema,
  projectMemberAddSchema,
  projectMemberPermissionsSchema,
  projectMemberSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { route, type RouteDef } from '../../platform/http/route';
import {
  addGuestsToProject,
  addMembersToProject,
  assertMayEditProject,
  listProjectMembers,
  projectGuests,
  removeProjectMember,
  requireLiveProject,
  updateProjectMember,
} from './project-people';

const projectParams = z.object({ id: idSchema });
const memberParams = z.object({ id: idSchema, userId: idSchema });
const forceQuery = z.object({ force: z.enum(['true', 'false', '1', '0']).optional() }).loose();
const membersAnswer = z.object({ data: z.array(projectMemberSchema) });

const reading = {
  access: 'organisation',
  minRole: 'OPERATIVE',
  tags: ['Project member'] as string[],
} as const;
/** Changes are checked per project in the handler (assertMayEditProject) after the role. */
const changing = {
  ...reading,
  accessNote:
    'OPERATIVE: only as a member of the project with can_edit; MANAGER and above: any project',
} as const;

export const projectMemberRoutes = (): RouteDef[] => [
  route({
    ...reading,
    method: 'GET',
    path: '/projects/:id/members',
    summary: "The project's members and guests with their permissions (can_start_jobs, can_edit)",
    params: projectParams,
    response: membersAnswer,
    handler: async (ctx, { params }) => {
      await requireLiveProject(ctx, params.id);
      return { data: await listProjectMembers(ctx, params.id) };
    },
  }),
  route({
    ...changing,
    method: 'POST',
    path: '/projects/:id/members',
    summary:
      'Add members or guests of the organisation to the project (body {user_ids, can_start_jobs?, can_edit?}); those already on it are left as they are. Answers the members',
    params: projectParams,
    body: projectMemberAddSchema,
    response: membersAnswer,
    handler: async (ctx, { params, body }) => {
      await requireLiveProject(ctx, params.id);
      await assertMayEditProject(ctx, params.id);
      return { data: await addMembersToProject(ctx, params.id, body) };
    },
  }),
  ...(['PUT', 'PATCH'] as const).map((method) =>
    route({
      ...changing,
      method,
      path: '/projects/:id/members/:userId',
      summary: "Change a project member's permissions (body {can_start_jobs?, can_edit?})",
      params: memberParams,
      body: projectMemberPermissionsSchema,
      response: z.object({ data: projectMemberSchema }),
      handler: async (ctx, { params, body }) => {
        await requireLiveProject(ctx, params.id);
        await assertMayEditProject(ctx, params.id);
        return { data: await updateProjectMember(ctx, params.id, params.userId, body) };
      },
    }),
  ),
  route({
    ...changing,
    method: 'DELETE',
    path: '/projects/:id/members/:userId',
    forceRole: 'ADMIN',
    summary:
      "Take a member off the project; the project's owner only with ?force=true (409 in_use otherwise), which leaves the project without an owner",
    params: memberParams,
    query: forceQuery,
    handler: async (ctx, { params, query }) => {
      const project = await requireLiveProject(ctx, params.id);
      await assertMayEditProject(ctx, params.id);
      const force = query.force === 'true' || query.force === '1';
      await removeProjectMember(ctx, project, params.userId, force);
    },
  }),
  route({
    ...reading,
    tags: ['Project member', 'Guest'] as string[],
    method: 'GET',
    path: '/projects/:id/guests',
    summary:
      "The project's guests ({data: [{user_id, name, email, created_at}]}) and the open guest invites naming it ({invites})",
    params: projectParams,
    response: projectGuestsSchema,
    handler: async (ctx, { params }) => {
      await requireLiveProject(ctx, params.id);
      return projectGuests(ctx, params.id);
    },
  }),
  route({
    ...changing,
    tags: ['Project member', 'Guest'] as string[],
    method: 'POST',
    path: '/projects/:id/guests',
    summary: 'Add guests of the organisation to the project (body {user_ids}); answers its guests',
    params: projectParams,
    body: projectGuestsAddSchema,
    response: projectGuestsSchema,
    handler: async (ctx, { params, body }) => {
      await requireLiveProject(ctx, params.id);
      await assertMayEditProject(ctx, params.id);
      return addGuestsToProject(ctx, params.id, body.user_ids);
    },
  }),
];
