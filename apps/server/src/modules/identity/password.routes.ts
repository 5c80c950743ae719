import {
  requestResetLinkBodySchema,
  resetPasswordBodySchema,
  updatePasswordBodySchema,
  userSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { assertStrongPassword } from '../../platform/auth/password-strength';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { revokeUserSessions } from '../../platform/auth/sessions';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { notFound, validationFailure } from '../../platform/errors';
import { refuseWhileImpersonating } from './sign-in';
import { route } from '../../platform/http/route';
import { sendMail, webLink } from '../../platform/mail/mailer';
import { newId } from '../../platform/ids';
import type { Queryable } from '../../platform/db/queryable';
import { findUser } from './users';

const tags = ['Identity'];

/** Reset links live an hour; an address gets at most this many per hour. */
export const RESET_LINK_MINUTES = 60;
export const RESET_LINKS_PER_HOUR = 5;

const SAME_ANSWER = {
  message: 'If an account exists for that e-mail, we have sent it a link to reset the password.',
};

const LIVE_TOKEN = `
  SELECT t.id, t.user_id, t.expires_at, u.email FROM password_reset_tokens t
    JOIN users u ON u.id = t.user_id
   WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()`;

/** A new password, refused when easy to guess (`userInputs`: the person's name and e-mail). */
async function setPassword(db: Queryable, userId: string, password: string, userInputs: string[]) {
  assertStrongPassword(password, userInputs);
  await db.query(
    `UPDATE users SET password_hash = $2, password_updated_at = now(), updated_at = now()
      WHERE id = $1`,
    [userId, await hashPassword(password)],
  );
}

export const passwordRoutes = () => [
  route({
    method: 'POST',
    path: '/password/request_reset_link',
    access: 'public',
    tags,
    summary: 'E-mail a single-use reset link; the answer is the same for unknown e-mails',
    body: requestResetLinkBodySchema,
    status: 202,
    response: z.object({ message: z.string() }),
    handler: async (ctx, { body }) => {
      const { rows } = await ctx.db.query<{ id: string; name: string; recent: number }>(
        `SELECT u.id, u.name,
                (SELECT count(*)::int FROM password_reset_tokens t
                  WHERE t.user_id = u.id AND t.created_at > now() - interval '1 hour') AS recent
           FROM users u WHERE lower(u.email) = $1`,
        [body.email],
      );
      const user = rows[0];
      if (!user || user.recent >= RESET_LINKS_PER_HOUR) return SAME_ANSWER;
      const token = newToken();
      await ctx.db.query(
        `INSERT INTO password_reset_tokens (id, user_id, token_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
        [newId(), user.id, hashToken(token), RESET_LINK_MINUTES],
      );
      const link = webLink(ctx, `/reset-password/${token}`);
      await sendMail(ctx, {
        to: body.email,
        subject: 'Reset your Fieldwork password',
        text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Fieldwork account. To choose a new password, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
      });
      return SAME_ANSWER;
    },
  }),
  route({
    method: 'GET',
    path: '/password/reset/:token',
    access: 'public',
    tags,
    summary: 'Whether a reset link is still usable, and for which e-mail',
    params: z.object({ token: z.string().max(200) }),
    response: z.object({ data: z.object({ email: z.string(), expires_at: z.string() }) }),
    handler: async (ctx, { params }) => {
      const { rows } = await ctx.db.query<{ email: string; expires_at: Date }>(LIVE_TOKEN, [
        hashToken(params.token),
      ]);
      const row = rows[0];
      if (!row) throw notFound('Reset link');
      return { data: { email: row.email, expires_at: row.expires_at.toISOString() } };
    },
  }),
  route({
    method: 'POST',
    path: '/password/reset',
    access: 'public',
    tags,
    summary: 'Set a new password with a reset link; ends every session of the user',
    body: resetPasswordBodySchema,
    response: z.object({ message: z.string() }),
    handler: async (ctx, { body }) => {
      const { rows } = await ctx.db.query<{ id: string; user_id: string; email: string }>(
        `${LIVE_TOKEN} FOR UPDATE OF t`,
        [hashToken(body.token)],
      );
      const token = rows[0];
      if (!token) {
        throw validationFailure([
          {
            field: 'token',
            message: 'This reset link is invalid, used or expired. Ask for a new one.',
            code: 'invalid_token',
          },
        ]);
      }
      await ctx.db.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1', [
        token.user_id,
      ]);
      await setPassword(ctx.db, token.user_id, body.password, [token.email]);
      await revokeUserSessions(ctx.db, token.user_id);
      return { message: 'Your password has been reset. Sign in with the new one.' };
    },
  }),
  route({
    method: 'PUT',
    path: '/me/update_password',
    access: 'user',
    tags,
    summary: "Change one's password; other sessions of the user end",
    body: updatePasswordBodySchema,
    response: z.object({ user: userSchema }),
    handler: async (ctx, { body }) => {
      refuseWhileImpersonating(ctx);
      const { rows } = await ctx.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [ctx.user.id],
      );
      if (!(await verifyPassword(rows[0]?.password_hash, body.current_password))) {
        throw validationFailure([
          {
            field: 'current_password',
            message: 'The current password is incorrect.',
            code: 'incorrect',
          },
        ]);
      }
      await setPassword(ctx.db, ctx.user.id, body.password, [ctx.user.name, ctx.user.email]);
      await revokeUserSessions(ctx.db, ctx.user.id, ctx.sessionId);
      return { user: (await findUser(ctx.db, ctx.user.id))! };
    },
  }),
];
