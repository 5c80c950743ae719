import {
  deviceSchema,
  idSchema,
  meContextSchema,
  preferencesSchema,
  updatePreferencesBodySchema,
  updateUserBodySchema,
  userSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { revokeSession, revokeUserSessions } from '../../platform/auth/sessions';
import { notFound, validationFailure } from '../../platform/errors';
import { route } from '../../platform/http/route';
import { loadContext } from './context';
import {
  membershipPreferences,
  mergePreferences,
  preferencesQuerySchema,
  presentPreferences,
  type StoredPreferences,
} from './preferences';
import { findDevice, listDevices } from './devices';
import { refuseWhileImpersonating } from './sign-in';
import { findUser } from './users';

const tags = ['Me'];
const deviceParams = z.object({ id: idSchema });

export const meRoutes = () => [
  route({
    method: 'GET',
    path: '/me/context',
    access: 'user',
    tags,
    summary: 'The signed-in user with memberships, organisations and server time',
    response: meContextSchema,
    handler: async (ctx) => loadContext(ctx),
  }),
  route({
    method: 'PUT',
    path: '/me/update_user',
    access: 'user',
    tags,
    summary: "Change one's name, e-mail or phone",
    body: updateUserBodySchema,
    response: z.object({ user: userSchema }),
    handler: async (ctx, { body }) => {
      if (body.email) {
        refuseWhileImpersonating(ctx);
        const { rows } = await ctx.db.query(
          'SELECT 1 FROM users WHERE lower(email) = $1 AND id <> $2',
          [body.email, ctx.user.id],
        );
        if (rows.length) {
          throw validationFailure([
            { field: 'email', message: 'Another account uses this e-mail.', code: 'taken' },
          ]);
        }
      }
      await ctx.db.query(
        `UPDATE users SET name = coalesce($2, name),
                email = coalesce($3, email),
                email_verified_at = CASE WHEN $3 IS NOT NULL AND lower($3) <> lower(email)
                                         THEN NULL ELSE email_verified_at END,
                phone = CASE WHEN $5 THEN $4 ELSE phone END,
                updated_at = now()
          WHERE id = $1`,
        [ctx.user.id, body.name ?? null, body.email ?? null, body.phone ?? null, 'phone' in body],
      );
      return { user: (await findUser(ctx.db, ctx.user.id))! };
    },
  }),
  route({
    method: 'GET',
    path: '/me/preferences',
    access: 'user',
    tags,
    summary:
      "One's preferences in an organisation (?organisation_id=; without it, the first membership's), notifications included",
    query: preferencesQuerySchema,
    response: z.object({ preferences: preferencesSchema }),
    handler: async (ctx, { query }) => {
      const [row] = await membershipPreferences(ctx.db, ctx.user.id, query.organisation_id ?? null);
      if (!row) throw notFound('Membership');
      return { preferences: presentPreferences(row.preferences) };
    },
  }),
  route({
    method: 'PUT',
    path: '/me/preferences',
    access: 'user',
    tags,
    summary:
      "Change one's preferences in an organisation (or in all of them); `notifications` changes only the kinds and channels it names",
    body: updatePreferencesBodySchema,
    response: z.object({ preferences: preferencesSchema }),
    handler: async (ctx, { body }) => {
      const { organisation_id: organisationId, ...changes } = body;
      const rows = await membershipPreferences(ctx.db, ctx.user.id, organisationId ?? null);
      if (!rows[0]) throw notFound('Membership');
      let answer: StoredPreferences = {};
      for (const row of rows) {
        const merged = mergePreferences(row.preferences, changes);
        await ctx.db.query(
          `UPDATE memberships SET preferences = $2::jsonb, updated_at = now() WHERE id = $1`,
          [row.id, JSON.stringify(merged)],
        );
        if (!answer.notifications && row === rows[0]) answer = merged;
      }
      return { preferences: presentPreferences(answer) };
    },
  }),
  route({
    method: 'GET',
    path: '/me/devices',
    access: 'user',
    tags,
    summary: "The user's signed-in devices (sessions), live and recently ended",
    response: z.object({ active: z.array(deviceSchema), inactive: z.array(deviceSchema) }),
    handler: async (ctx) => listDevices(ctx.db, ctx.user.id, ctx.sessionId),
  }),
  route({
    method: 'POST',
    path: '/me/devices/logout_from_all',
    access: 'user',
    tags,
    summary: 'End every session of the user, this one included',
    response: z.object({ logged_out: z.number().int() }),
    handler: async (ctx) => ({ logged_out: await revokeUserSessions(ctx.db, ctx.user.id) }),
  }),
  route({
    method: 'POST',
    path: '/me/devices/:id/logout',
    access: 'user',
    tags,
    summary: 'End one of the user’s sessions; answers the device',
    params: deviceParams,
    response: z.object({ device: deviceSchema }),
    handler: async (ctx, { params }) => {
      const found = await findDevice(ctx.db, ctx.user.id, params.id, ctx.sessionId);
      if (!found) throw notFound('Device');
      await revokeSession(ctx.db, params.id);
      return { device: (await findDevice(ctx.db, ctx.user.id, params.id, ctx.sessionId))! };
    },
  }),
];
