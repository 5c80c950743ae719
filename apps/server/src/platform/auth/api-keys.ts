import type { Queryable } from '../db/queryable';
import type { AuthUser } from '../http/context';
import { hashToken, newToken } from './tokens';

/** API key secrets start with this, so a bearer is recognisable as one without a lookup. */
export const API_KEY_PREFIX = 'fwk_';

export const isApiKeySecret = (bearer: string) => bearer.startsWith(API_KEY_PREFIX);

/** A new key's secret (shown once) and its displayable prefix ({key}). */
export function newApiKeySecret(id: string): { secret: string; key: string; secretHash: string } {
  const key = `${API_KEY_PREFIX}${id.slice(-8)}`;
  const secret = `${key}_${newToken()}`;
  return { secret, key, secretHash: hashToken(secret) };
}

export interface ApiKeyPrincipal {
  apiKeyId: string;
  /** Whoever created the key: the default owner of records the key creates. */
  user: AuthUser;
}

/**
 * The live key behind a secret, looked up in the transaction whose organisation is in scope, so
 * row-level security already limits it to that organisation's keys.
 */
export async function authenticateApiKey(
  tx: Queryable,
  secret: string,
): Promise<ApiKeyPrincipal | null> {
  const { rows } = await tx.query<{
    id: string;
    stale: boolean;
    user_id: string;
    name: string;
    email: string;
  }>(
    `SELECT k.id, k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute' AS stale,
            u.id AS user_id, u.name, u.email
       FROM api_keys k JOIN users u ON u.id = k.created_by_user_id
      WHERE k.secret_hash = $1 AND k.deleted_at IS NULL`,
    [hashToken(secret)],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    await tx.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [row.id]);
  }
  return { apiKeyId: row.id, user: { id: row.user_id, name: row.name, email: row.email } };
}
