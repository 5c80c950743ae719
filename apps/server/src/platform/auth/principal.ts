import type { Role } from '@fieldwork/contract';
import { sqlLiteral } from '../db/engine';
import { looksLikeJwt, verifyAccessToken } from './access-tokens';
import { isApiKeySecret } from './api-keys';
import { hashToken } from './tokens';

/**
 * What a request presents, read without the database: an access token is verified here (HMAC),
 * so a forged or expired one is refused before any connection is taken.
 */
export type Credential =
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'api_key'; secretHash: string }
  | { kind: 'access_token'; sessionId: string; userId: string }
  | { kind: 'legacy'; tokenHash: string };

export function readCredential(bearer: string | null, appSecret: string): Credential {
  if (bearer === null) return { kind: 'none' };
  if (isApiKeySecret(bearer)) return { kind: 'api_key', secretHash: hashToken(bearer) };
  if (!looksLikeJwt(bearer)) return { kind: 'legacy', tokenHash: hashToken(bearer) };
  const claims = verifyAccessToken(appSecret, bearer);
  return claims ? { kind: 'access_token', ...claims } : { kind: 'invalid' };
}

/** The live session, its user and their membership of the organisation in scope (if any). */
export interface SessionPrincipalRow {
  session_id: string;
  impersonator_user_id: string | null;
  id: string;
  name: string;
  email: string;
  support: boolean;
  membership_id: string | null;
  role: Role | null;
  owner: boolean | null;
  guest: boolean | null;
  /** The opening wrote: it touched the session's last use (at most once a minute). */
  touched: boolean;
  expires_at: Date | string;
}

export interface ApiKeyPrincipalRow {
  api_key_id: string;
  id: string;
  name: string;
  email: string;
  /** The opening wrote: it touched the key's last use (at most once a minute). */
  touched: boolean;
}

/**
 * The script that opens a request's transaction, sent with its BEGIN in one round trip: the
 * row-level-security role and scope (one set_config statement), then — for a caller with
 * credentials — the one query that finds who calls (session, user, membership, support flag, or
 * the API key), touching last_used_at at most once a minute in the same statement.
 */
export function openingScript(
  credential: Credential,
  organisationId: string,
  supportEmails: readonly string[],
): string {
  const userId = credential.kind === 'access_token' ? credential.userId : '';
  const scope = scopeScript(userId, organisationId);
  switch (credential.kind) {
    case 'none':
    case 'invalid':
      return scope;
    case 'api_key':
      // An API key calls organisation routes only; without one there is nothing to look up.
      return organisationId ? `${scope};\n${apiKeyQuery(credential.secretHash)}` : scope;
    case 'access_token':
      return `${scope};\n${sessionQuery(
        `s.id = ${sqlLiteral(credential.sessionId)} AND s.user_id = ${sqlLiteral(credential.userId)} AND s.kind = 'web'`,
        organisationId,
        supportEmails,
        false,
      )}`;
    case 'legacy':
      return `${scope};\n${sessionQuery(
        `s.token_hash = ${sqlLiteral(credential.tokenHash)} AND s.kind = 'legacy'`,
        organisationId,
        supportEmails,
        true,
      )}`;
  }
}

/**
 * The row-level-security role and scope alone, for a caller already known (the principal cache):
 * a legacy session's user comes from its row, an API key scopes no user.
 */
export function scopeScript(userId: string, organisationId: string): string {
  return `SELECT set_config('role', 'fieldwork_app', true),
  set_config('app.organisation_id', ${sqlLiteral(organisationId)}, true),
  set_config('app.user_id', ${sqlLiteral(userId)}, true)`;
}

function sessionQuery(
  match: string,
  organisationId: string,
  supportEmails: readonly string[],
  scopeUserFromRow: boolean,
): string {
  const live = `s.revoked_at IS NULL AND s.expires_at > now() AND ${match}`;
  const emails = supportEmails.length
    ? `ARRAY[${supportEmails.map(sqlLiteral).join(', ')}]::text[]`
    : `'{}'::text[]`;
  const membership = organisationId
    ? `m.organisation_id = ${sqlLiteral(organisationId)} AND m.user_id = u.id AND m.active AND m.deleted_at IS NULL`
    : 'false';
  // A legacy token names no user until its session is found: the row sets app.user_id itself.
  const scopeUser = scopeUserFromRow
    ? `,\n       set_config('app.user_id', u.id, true) AS scoped_user`
    : '';
  return `WITH touched AS (
  UPDATE sessions s SET last_used_at = now()
   WHERE ${live} AND s.last_used_at < now() - interval '1 minute'
  RETURNING s.id)
SELECT s.id AS session_id, s.impersonator_user_id, s.expires_at, u.id, u.name, u.email,
       (u.support OR lower(u.email) = ANY(${emails})) AS support,
       m.id AS membership_id, m.role, m.owner, m.guest,
       EXISTS (SELECT FROM touched) AS touched${scopeUser}
  FROM sessions s JOIN users u ON u.id = s.user_id
  LEFT JOIN memberships m ON ${membership}
 WHERE ${live}`;
}

/** Looked up with the organisation in scope: row-level security hides other organisations' keys. */
function apiKeyQuery(secretHash: string): string {
  const live = `k.secret_hash = ${sqlLiteral(secretHash)} AND k.deleted_at IS NULL`;
  return `WITH touched AS (
  UPDATE api_keys k SET last_used_at = now()
   WHERE ${live} AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute')
  RETURNING k.id)
SELECT k.id AS api_key_id, u.id, u.name, u.email, EXISTS (SELECT FROM touched) AS touched
  FROM api_keys k JOIN users u ON u.id = k.created_by_user_id
 WHERE ${live}`;
}
