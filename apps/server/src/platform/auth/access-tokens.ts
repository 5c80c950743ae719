import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live this long; the web client refreshes them after 60 seconds. */
export const ACCESS_TOKEN_TTL_SECONDS = 300;

const ISSUER = 'fieldwork';

export interface AccessClaims {
  sessionId: string;
  userId: string;
}

// A key of its own, derived from the app secret, so tokens and download links never share one.
const signingKey = (appSecret: string) =>
  createHmac('sha256', appSecret).update('access-token-v1').digest();

export async function issueAccessToken(appSecret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(signingKey(appSecret));
}

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(
  appSecret: string,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(appSecret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
    });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
    return { sessionId: payload.sid, userId: payload.sub };
  } catch {
    return null;
  }
}

export const looksLikeJwt = (token: string) => token.split('.').length === 3;
