import { organisationSchema, registerOrganisationBodySchema } from '@fieldwork/contract';
import { z } from 'zod';
import { route } from '../../platform/http/route';
import { registerOrganisation } from './service';

export const organisationRoutes = () => [
  route({
    method: 'POST',
    path: '/me/organisations/register',
    access: 'user',
    tags: ['Organisations'],
    summary: 'Create an organisation; its creator becomes its owner and an ADMIN',
    body: registerOrganisationBodySchema,
    status: 201,
    response: z.object({ organisation: organisationSchema }),
    handler: async (ctx, { body }) => ({
      organisation: await registerOrganisation(ctx.db, ctx.user.id, body.name),
    }),
  }),
];
