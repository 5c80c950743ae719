import type { Queryable } from '../db/queryable';
import { newId } from '../ids';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from './access-tokens';
import { hashToken, newToken } from './tokens';

export type SessionKind = 'web' | 'legacy';

export interface DeviceInfo {
  device_guid?: string | null | undefined;
  app_version_id?: string | null | undefined;
  app_version_code?: string | null | undefined;
  device_config?: Record<string, string | null | undefined> | undefined;
}

export interface NewSession {
  kind: SessionKind;
  ip: string;
  userAgent: string | null;
  ttlDays: number;
  device?: DeviceInfo | undefined;
  impersonatorUserId?: string | null;
}

/**
 * Starts a revocable session (a device). Only the hash of its token is stored: for 'web' sessions
 * the token is the refresh token; for 'legacy' ones it is sent as the bearer itself.
 */
export async function createSession(
  db: Queryable,
  userId: string,
  session: NewSession,
): Promise<{ id: string; token: string }> {
  const id = newId();
  const token = newToken();
  const device = session.device ?? {};
  await db.query(
    `INSERT INTO sessions (id, user_id, kind, token_hash, ip, user_agent, expires_at, device_guid,
                           app_version_id, app_version_code, device_config, impersonator_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7), $8, $9, $10, $11, $12)`,
    [
      id,
      userId,
      session.kind,
      hashToken(token),
      session.ip,
      session.userAgent,
      session.ttlDays,
      device.device_guid ?? id,
      device.app_version_id ?? null,
      device.app_version_code ?? null,
      JSON.stringify(device.device_config ?? {}),
      session.impersonatorUserId ?? null,
    ],
  );
  return { id, token };
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export async function issueTokens(
  appSecret: string,
  session: { id: string; token: string },
  userId: string,
): Promise<SessionTokens> {
  const accessToken = await issueAccessToken(appSecret, { sessionId: session.id, userId });
  return { accessToken, refreshToken: session.token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), updated_at = now()
      WHERE id = $1 AND revoked_at IS NULL`,
    [sessionId],
  );
}

/** Ends every live session of a user, optionally keeping one; answers how many ended. */
export async function revokeUserSessions(
  db: Queryable,
  userId: string,
  keepSessionId: string | null = null,
): Promise<number> {
  const { rows } = await db.query(
    `UPDATE sessions SET revoked_at = now(), updated_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
        AND ($2::text IS NULL OR id <> $2)
      RETURNING id`,
    [userId, keepSessionId],
  );
  return rows.length;
}
