import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/engine';
import { newId } from '../ids';
import type { AuthUser } from '../http/context';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a revocable session; only the token's hash is stored. */
export async function createSession(
  db: Queryable,
  userId: string,
  meta: { ip: string; userAgent: string | null; ttlDays: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (id, user_id, token_hash, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6))`,
    [newId(), userId, hashToken(token), meta.ip, meta.userAgent, meta.ttlDays],
  );
  return token;
}

export interface Authenticated {
  user: AuthUser;
  sessionId: string;
}

/** Finds the live session behind a bearer token; touches last_used_at at most every 5 minutes. */
export async function authenticate(db: Queryable, token: string): Promise<Authenticated | null> {
  const { rows } = await db.query<{
    session_id: string;
    stale: boolean;
    id: string;
    name: string;
    email: string;
  }>(
    `SELECT s.id AS session_id, s.last_used_at < now() - interval '5 minutes' AS stale,
            u.id, u.name, u.email
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    await db.query('UPDATE sessions SET last_used_at = now() WHERE id = $1', [row.session_id]);
  }
  return { user: { id: row.id, name: row.name, email: row.email }, sessionId: row.session_id };
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
  ]);
}
