import {
  accessTokenSchema,
  meContextSchema,
  registerUserBodySchema,
  signInBodySchema,
  userSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { verifyPassword } from '../../platform/auth/passwords';
import { createSession, revokeSession } from '../../platform/auth/sessions';
import { unauthorized } from '../../platform/errors';
import type { PublicContext } from '../../platform/http/context';
import { route } from '../../platform/http/route';
import { loadContext } from './context';
import { createUser, findCredentials } from './users';

const tags = ['Identity'];

const startSession = (ctx: PublicContext, userId: string) =>
  createSession(ctx.db, userId, {
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    ttlDays: ctx.services.config.sessionTtlDays,
  });

export const identityRoutes = () => [
  route({
    method: 'POST',
    path: '/users/register',
    access: 'public',
    tags,
    summary: 'Create an account; answers the user and an access token for it',
    body: registerUserBodySchema,
    status: 201,
    response: z.object({ user: userSchema, accessToken: z.string() }),
    handler: async (ctx, { body }) => {
      const user = await createUser(ctx.db, body);
      return { user, accessToken: await startSession(ctx, user.id) };
    },
  }),
  route({
    method: 'POST',
    path: '/auth/web',
    access: 'public',
    tags,
    summary: 'Sign in with e-mail and password',
    body: signInBodySchema,
    response: accessTokenSchema,
    handler: async (ctx, { body }) => {
      const credentials = await findCredentials(ctx.db, body.email);
      // Same answer, and about the same time, whether the e-mail or the password is wrong.
      const valid = await verifyPassword(credentials?.password_hash, body.password);
      if (!credentials || !valid)
        throw unauthorized('The e-mail or password is incorrect.', 'invalid_credentials');
      return { accessToken: await startSession(ctx, credentials.id) };
    },
  }),
  route({
    method: 'POST',
    path: '/auth/logout',
    access: 'user',
    tags,
    summary: 'End the session behind the bearer token',
    handler: async (ctx) => {
      await revokeSession(ctx.db, ctx.sessionId);
      return undefined;
    },
  }),
  route({
    method: 'GET',
    path: '/me/context',
    access: 'user',
    tags,
    summary: 'The signed-in user with memberships, organisations and server time',
    response: meContextSchema,
    handler: async (ctx) => loadContext(ctx),
  }),
];
