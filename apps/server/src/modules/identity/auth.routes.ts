import {
  registerUserBodySchema,
  impersonationTokenBodySchema,
  sessionTokensSchema,
  signInBodySchema,
  userSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { assertStrongPassword } from '../../platform/auth/password-strength';
import { issueTokens, revokeSession } from '../../platform/auth/sessions';
import { badRequest, notFound, unauthorized } from '../../platform/errors';
import { route } from '../../platform/http/route';
import { webLink } from '../../platform/mail/mailer';
import { startLegacySession, startWebSession, verifyCredentials } from './sign-in';
import { consumeTicket, createTicket } from './tickets';
import { createUser } from './users';

const tags = ['Identity'];
const tokenBody = (name: string) => z.object({ [name]: z.string().min(1, 'Required').max(200) });

export const authRoutes = () => [
  route({
    method: 'POST',
    path: '/users/register',
    access: 'public',
    tags,
    summary: 'Create an account; answers the user and the tokens of a new session',
    body: registerUserBodySchema,
    status: 201,
    response: sessionTokensSchema.extend({ user: userSchema }),
    handler: async (ctx, { body }) => {
      assertStrongPassword(body.password, [body.name, body.email]);
      const user = await createUser(ctx.db, body);
      return { user, ...(await startWebSession(ctx, user.id)) };
    },
  }),
  route({
    method: 'POST',
    path: '/auth/web',
    access: 'public',
    tags,
    summary: 'Sign in with e-mail and password (limited: see docs/identity-and-people.md)',
    body: signInBodySchema,
    response: sessionTokensSchema,
    handler: async (ctx, { body }) => {
      const userId = await verifyCredentials(ctx, body.email, body.password);
      return startWebSession(ctx, userId, { remember: body.remember, device: body.device });
    },
  }),
  route({
    method: 'POST',
    path: '/auth/refresh',
    access: 'public',
    tags,
    summary:
      'A fresh access token and a new refresh token for a live session; the one sent is retired (sent again later, it ends the session)',
    body: z.object({ refreshToken: z.string().min(1, 'Required').max(200) }),
    response: sessionTokensSchema,
    handler: async (ctx, { body }) => {
      const rotated = await ctx.services.refreshTokens.rotate(ctx, body.refreshToken);
      return issueTokens(
        ctx.services.config.appSecret,
        { id: rotated.sessionId, token: rotated.refreshToken },
        rotated.userId,
      );
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
    method: 'POST',
    path: '/auth/legacy',
    access: 'public',
    tags,
    summary: 'Legacy sign-in: an opaque token used as the bearer itself',
    body: signInBodySchema.pick({ email: true, password: true }),
    response: z.object({ legacyAccessToken: z.string() }),
    handler: async (ctx, { body }) => {
      const userId = await verifyCredentials(ctx, body.email, body.password);
      return { legacyAccessToken: await startLegacySession(ctx, userId) };
    },
  }),
  route({
    method: 'GET',
    path: '/me/clerk_sign_in_token',
    access: 'user',
    tags,
    summary: 'A single-use sign-in ticket (5 minutes) for the ticket strategy',
    response: z.object({ token: z.string() }),
    handler: async (ctx) => {
      const { token } = await createTicket(ctx.db, 'ticket', ctx.user.id, ctx.user.id);
      return { token };
    },
  }),
  route({
    method: 'POST',
    path: '/auth/ticket',
    access: 'public',
    tags,
    summary: 'Exchange a sign-in ticket for a new session',
    body: tokenBody('ticket'),
    response: sessionTokensSchema,
    handler: async (ctx, { body }) => {
      const ticket = await consumeTicket(ctx.db, 'ticket', String(body.ticket));
      if (!ticket) throw unauthorized('The sign-in ticket is invalid or used.', 'invalid_ticket');
      return startWebSession(ctx, ticket.userId);
    },
  }),
  route({
    method: 'POST',
    path: '/support/impersonation_tokens',
    access: 'user',
    supportOnly: true,
    tags: ['Support'],
    summary: 'Support staff: a single-use, 10-minute token to act as a user',
    body: impersonationTokenBodySchema,
    status: 201,
    response: z.object({ token: z.string(), url: z.string(), expires_at: z.string() }),
    handler: async (ctx, { body }) => {
      const { rows } = await ctx.db.query<{ id: string }>(
        'SELECT id FROM users WHERE id = $1 OR lower(email) = $2',
        [body.user_id ?? '', body.email ?? ''],
      );
      const target = rows[0];
      if (!target) throw notFound('User');
      if (target.id === ctx.user.id) throw badRequest('You cannot impersonate yourself.');
      const { token, expiresAt } = await createTicket(
        ctx.db,
        'impersonation',
        target.id,
        ctx.user.id,
      );
      ctx.log.info({ supportUserId: ctx.user.id, userId: target.id }, 'impersonation token made');
      return {
        token,
        url: webLink(ctx, `/impersonate/${token}`),
        expires_at: expiresAt.toISOString(),
      };
    },
  }),
  route({
    method: 'POST',
    path: '/auth/impersonate',
    access: 'public',
    tags,
    summary: 'Sign in as a user with a support impersonation token',
    body: tokenBody('token'),
    response: sessionTokensSchema.extend({ impersonating: z.literal(true) }),
    handler: async (ctx, { body }) => {
      const ticket = await consumeTicket(ctx.db, 'impersonation', String(body.token));
      if (!ticket?.createdByUserId) {
        throw unauthorized('The impersonation link is invalid or used.', 'invalid_token');
      }
      const tokens = await startWebSession(ctx, ticket.userId, {
        impersonatorUserId: ticket.createdByUserId,
      });
      return { ...tokens, impersonating: true as const };
    },
  }),
];
