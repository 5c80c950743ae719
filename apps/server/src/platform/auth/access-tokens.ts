import { createHmac, timingSafeEqual } from 'node:crypto';

/** Access tokens live this long; the web client refreshes them after 60 seconds. */
export const ACCESS_TOKEN_TTL_SECONDS = 300;

export const ACCESS_TOKEN_ISSUER = 'fieldwork';
export const ACCESS_TOKEN_AUDIENCE = 'fieldwork-api';

/** How far a token's iat may lie in the future (clocks of several API processes drift). */
const CLOCK_TOLERANCE_SECONDS = 30;

export interface AccessClaims {
  sessionId: string;
  userId: string;
}

// HS256 JWTs (RFC 7519) signed and checked with node:crypto's HMAC directly: the key is derived
// once per app secret, and no WebCrypto key import happens per request (see docs/decisions.md).
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const keys = new Map<string, Buffer>();

// A key of its own, derived from the app secret, so tokens and download links never share one.
function signingKey(appSecret: string): Buffer {
  let key = keys.get(appSecret);
  if (!key) {
    key = createHmac('sha256', appSecret).update('access-token-v1').digest();
    keys.set(appSecret, key);
  }
  return key;
}

const sign = (appSecret: string, signingInput: string) =>
  createHmac('sha256', signingKey(appSecret)).update(signingInput).digest();

export function issueAccessToken(
  appSecret: string,
  claims: AccessClaims,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  const payload = Buffer.from(
    JSON.stringify({
      sid: claims.sessionId,
      sub: claims.userId,
      iss: ACCESS_TOKEN_ISSUER,
      aud: ACCESS_TOKEN_AUDIENCE,
      iat: nowSeconds,
      exp: nowSeconds + ACCESS_TOKEN_TTL_SECONDS,
    }),
  ).toString('base64url');
  const signingInput = `${HEADER}.${payload}`;
  return Promise.resolve(`${signingInput}.${sign(appSecret, signingInput).toString('base64url')}`);
}

/**
 * The claims of a valid access token, or null: signed HS256 with our key, issued by us for this
 * API (iss, aud), with an iat not in the future and an exp not passed — every one required.
 */
export function verifyAccessToken(
  appSecret: string,
  token: string,
  nowSeconds = Date.now() / 1000,
): AccessClaims | null {
  const [header, payload, signature, extra] = token.split('.');
  if (!header || !payload || signature === undefined || extra !== undefined) return null;
  const expected = sign(appSecret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const head = parseSegment(header);
  if (head?.alg !== 'HS256' || 'crit' in head) return null;
  const claims = parseSegment(payload);
  if (!claims) return null;
  const { sid, sub, iss, aud, iat, exp, nbf } = claims;
  if (typeof sid !== 'string' || typeof sub !== 'string') return null;
  if (iss !== ACCESS_TOKEN_ISSUER) return null;
  if (!(
    aud === ACCESS_TOKEN_AUDIENCE ||
    (Array.isArray(aud) && aud.includes(ACCESS_TOKEN_AUDIENCE))
  ))
    return null;
  if (typeof iat !== 'number' || iat > nowSeconds + CLOCK_TOLERANCE_SECONDS) return null;
  if (typeof exp !== 'number' || exp <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds + CLOCK_TOLERANCE_SECONDS))
    return null;
  return { sessionId: sid, userId: sub };
}

function parseSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const looksLikeJwt = (token: string) => token.split('.').length === 3;
