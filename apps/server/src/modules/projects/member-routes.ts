import { idSchema, projectGuestsAddSchema, projectGuestsSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { route, type RouteDef } from '../../platform/http/route';
import { linkRoutes } from '../../platform/resource-kit';
import { projectMembers, projectMembersLinks } from './project-members.links';
import { addGuestsToProject, projectGuests } from './project-people';

const projectParams = z.object({ id: idSchema });

const reading = {
  access: 'organisation',
  minRole: 'OPERATIVE',
  tags: ['Project member'] as string[],
} as const;
/** Changes are checked per project (the project policy's manage_members) after the role. */
const changing = {
  ...reading,
  accessNote: projectMembersLinks.access.note,
} as const;

/** The project's members (the kit's declared link set) and its guests with their invites. */
export const projectMemberRoutes = (): RouteDef[] => [
  ...linkRoutes(projectMembersLinks),
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
      await projectMembers.requireParent(ctx, params.id);
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
      await projectMembers.requireParent(ctx, params.id);
      await projectMembers.assertMayChange(ctx, params.id);
      return addGuestsToProject(ctx, params.id, body.user_ids);
    },
  }),
];
