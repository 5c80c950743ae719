import { createHmac } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TTL_SECONDS,
  issueAccessToken,
  verifyAccessToken,
} from './access-tokens';

const SECRET = 'test app secret';
const key = createHmac('sha256', SECRET).update('access-token-v1').digest();
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the right key whose claims are exactly `claims` (jose, as another issuer would). */
const signed = (claims: JWTPayload, alg = 'HS256') =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);

const complete = (): JWTPayload => ({
  sid: 'session-1',
  sub: 'user-1',
  iss: ACCESS_TOKEN_ISSUER,
  aud: ACCESS_TOKEN_AUDIENCE,
  iat: now(),
  exp: now() + 60,
});

describe('access tokens (HS256 through node:crypto)', () => {
  it('issues a standard JWT with exp, iat, issuer and audience that verifies', async () => {
    const token = await issueAccessToken(SECRET, { sessionId: 'session-1', userId: 'user-1' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sid: 'session-1', sub: 'user-1' });
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    // An independent implementation agrees with ours, both ways.
    await expect(
      jwtVerify(token, key, { issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE }),
    ).resolves.toBeTruthy();
    expect(verifyAccessToken(SECRET, token)).toEqual({ sessionId: 'session-1', userId: 'user-1' });
    expect(verifyAccessToken(SECRET, await signed(complete()))).toEqual({
      sessionId: 'session-1',
      userId: 'user-1',
    });
  });

  it.each(['exp', 'iat', 'iss', 'aud', 'sub', 'sid'])(
    'refuses a token without %s',
    async (claim) => {
      const claims = complete();
      delete claims[claim];
      expect(verifyAccessToken(SECRET, await signed(claims))).toBeNull();
    },
  );

  it('refuses a wrong issuer or audience, an expired token and one issued in the future', async () => {
    expect(verifyAccessToken(SECRET, await signed({ ...complete(), iss: 'other' }))).toBeNull();
    expect(verifyAccessToken(SECRET, await signed({ ...complete(), aud: 'other' }))).toBeNull();
    expect(verifyAccessToken(SECRET, await signed({ ...complete(), exp: now() - 1 }))).toBeNull();
    expect(
      verifyAccessToken(SECRET, await signed({ ...complete(), iat: now() + 3600 })),
    ).toBeNull();
    expect(
      verifyAccessToken(
        SECRET,
        await signed({ ...complete(), exp: `${now() + 60}` as unknown as number }),
      ),
    ).toBeNull();
    const issued = await issueAccessToken(SECRET, { sessionId: 's', userId: 'u' }, now() - 301);
    expect(verifyAccessToken(SECRET, issued)).toBeNull();
  });

  it('refuses another key, a changed payload, another algorithm and malformed tokens', async () => {
    const token = await issueAccessToken(SECRET, { sessionId: 'session-1', userId: 'user-1' });
    expect(verifyAccessToken('another secret', token)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...complete(), sub: 'admin' })).toString(
      'base64url',
    );
    expect(verifyAccessToken(SECRET, `${header}.${forged}.${signature}`)).toBeNull();
    expect(verifyAccessToken(SECRET, await signed(complete(), 'HS512'))).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = token.split('.')[1];
    expect(verifyAccessToken(SECRET, `${none}.${payload}.`)).toBeNull();
    for (const bad of ['', 'a.b', 'a.b.c', 'a.b.c.d', `${token}.x`, `${header}.!!.${signature}`]) {
      expect(verifyAccessToken(SECRET, bad)).toBeNull();
    }
  });
});
