import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/engine';
import { unauthorized } from '../errors';
import type { PublicContext } from '../http/context';
import { revokeSession } from './sessions';
import { hashToken, newToken } from './tokens';

/**
 * Refresh-token rotation with reuse detection (OAuth 2.0 Security BCP): every refresh answers a
 * new refresh token and retires the one presented. A retired token presented again means two
 * parties hold it (one of them stole it): the whole session ends, every access token with it.
 *
 * Two tabs of one browser may refresh with the same token at once. The token replaced last
 * stays good for ROTATION_GRACE_SECONDS and answers the same successor (sealed with a key only
 * that token opens), so both tabs end up holding one current token.
 */
export const ROTATION_GRACE_SECONDS = 30;

export interface Rotated {
  sessionId: string;
  userId: string;
  refreshToken: string;
}

export interface RefreshTokens {
  /** The session's next refresh token; a 401 for an unknown, ended or reused token. */
  rotate(ctx: PublicContext, refreshToken: string): Promise<Rotated>;
}

const sessionEnded = () => unauthorized('The session has ended. Sign in again.', 'session_ended');

interface LiveSessionRow {
  id: string;
  user_id: string;
}

const LIVE_WEB_SESSION = `
  SELECT id, user_id FROM sessions
   WHERE kind = 'web' AND revoked_at IS NULL AND expires_at > now()`;

export function createRefreshTokens(db: Db): RefreshTokens {
  return {
    async rotate(ctx, refreshToken) {
      const presented = hashToken(refreshToken);
      const { rows } = await ctx.db.query<LiveSessionRow>(
        `${LIVE_WEB_SESSION} AND token_hash = $1 FOR UPDATE`,
        [presented],
      );
      const current = rows[0];
      if (current) return rotateFrom(ctx.db, current, refreshToken);

      const { rows: retired } = await ctx.db.query<{
        session_id: string;
        in_grace: boolean;
        successor_sealed: string | null;
      }>(
        `SELECT session_id, successor_sealed,
                rotated_at > now() - make_interval(secs => $2) AS in_grace
           FROM session_refresh_tokens WHERE token_hash = $1`,
        [presented, ROTATION_GRACE_SECONDS],
      );
      const used = retired[0];
      if (!used) throw sessionEnded();
      if (used.in_grace && used.successor_sealed) {
        const successor = unseal(used.successor_sealed, refreshToken);
        const { rows: live } = await ctx.db.query<LiveSessionRow>(
          `${LIVE_WEB_SESSION} AND id = $1 AND token_hash = $2`,
          [used.session_id, successor ? hashToken(successor) : ''],
        );
        if (successor && live[0]) {
          return { sessionId: live[0].id, userId: live[0].user_id, refreshToken: successor };
        }
      }
      // Reuse: the session ends. The request's transaction rolls back with the 401, so the
      // revocation is written in a transaction of its own once it has.
      ctx.log.warn({ sessionId: used.session_id }, 'refresh token reused: session revoked');
      ctx.afterRequest(() => db.transaction((own) => revokeSession(own, used.session_id)));
      throw sessionEnded();
    },
  };
}

async function rotateFrom(
  db: Queryable,
  session: LiveSessionRow,
  presented: string,
): Promise<Rotated> {
  const next = newToken();
  await db.query(
    `INSERT INTO session_refresh_tokens (token_hash, session_id, successor_sealed)
     VALUES ($1, $2, $3)`,
    [hashToken(presented), session.id, seal(next, presented)],
  );
  // Only the token just replaced may still answer its successor: older ones are plain reuse.
  await db.query(
    `UPDATE session_refresh_tokens SET successor_sealed = NULL
      WHERE session_id = $1 AND token_hash <> $2 AND successor_sealed IS NOT NULL`,
    [session.id, hashToken(presented)],
  );
  await db.query(
    `UPDATE sessions SET token_hash = $2, last_used_at = now(), updated_at = now() WHERE id = $1`,
    [session.id, hashToken(next)],
  );
  return { sessionId: session.id, userId: session.user_id, refreshToken: next };
}

/** AES-256-GCM under a key derived from the replaced token, which the database never holds. */
const keyFrom = (token: string) => createHash('sha256').update(`successor:${token}`).digest();

function seal(secret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(token), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

function unseal(sealed: string, token: string): string | null {
  try {
    const [iv, data, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !data || !tag) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(token), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
