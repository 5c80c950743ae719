import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/config';
import { client, signUp, startTestApp, type TestApp } from '../harness';

let test: TestApp;
let configured: TestApp;
beforeAll(async () => {
  test = await startTestApp({ PUBLIC_WEB_URL: 'https://app.fieldwork.test' });
  configured = await startTestApp({
    PUBLIC_WEB_URL: 'http://localhost:3000',
    CORS_ORIGINS: 'https://partner.example, https://other.example',
    TRUST_PROXY: 'true',
  });
});
afterAll(async () => {
  await test.close();
  await configured.close();
});

const PASSWORD = 'correct horse battery';

describe('security headers on the API (helmet)', () => {
  it('every answer says nosniff, no referrer, no framing, and a CSP that forbids everything', async () => {
    for (const url of ['/healthz', '/me/context', '/no/such/route']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers['strict-transport-security'], url).toBeDefined();
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
      expect(response.headers['permissions-policy'], url).toContain('geolocation=()');
    }
  });

  it('the readable docs keep a policy that lets their own scripts run', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'/);
  });

  it('answers carrying tokens are Cache-Control: no-store', async () => {
    const member = await signUp(test.app, 'Cache Tester');
    const signIn = await client(test.app).post('/auth/web', {
      email: member.email,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const refreshed = await client(test.app).post('/auth/refresh', {
      refreshToken: signIn.body.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const registered = await client(test.app).post('/users/register', {
      name: 'Registered',
      email: `cache.${Date.now()}@example.test`,
      password: PASSWORD,
    });
    expect(registered.headers['cache-control']).toBe('no-store');
    expect((await member.api.get('/me/clerk_sign_in_token')).headers['cache-control']).toBe(
      'no-store',
    );
  });
});

describe('CORS', () => {
  const preflight = (app: TestApp, origin: string) =>
    app.app.inject({
      method: 'OPTIONS',
      url: '/me/context',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
  const get = (app: TestApp, origin: string) =>
    app.app.inject({ method: 'GET', url: '/healthz', headers: { origin } });

  it("allows the web app's own origin", async () => {
    const response = await preflight(test, 'https://app.fieldwork.test');
    expect(response.headers['access-control-allow-origin']).toBe('https://app.fieldwork.test');
    expect(
      (await get(test, 'https://app.fieldwork.test')).headers['access-control-allow-origin'],
    ).toBe('https://app.fieldwork.test');
  });

  it('never reflects another origin, nor null', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'https://app.fieldwork.test.evil.example',
    ]) {
      expect((await preflight(test, origin)).headers['access-control-allow-origin'], origin).toBe(
        undefined,
      );
      expect((await get(test, origin)).headers['access-control-allow-origin'], origin).toBe(
        undefined,
      );
    }
  });

  it('refuses a preflight from an origin that may not call with a 403 in the catalogue shape', async () => {
    const refused = await preflight(test, 'https://evil.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      type: 'Forbidden',
      status: 403,
      code: 'origin_not_allowed',
      message: expect.stringContaining('https://evil.example'),
    });
    expect((await preflight(test, 'https://app.fieldwork.test')).statusCode).toBe(204);
    const half = await test.app.inject({
      method: 'OPTIONS',
      url: '/me/context',
      headers: { origin: 'https://app.fieldwork.test' },
    });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ type: 'Bad Request', code: 'invalid_preflight' });
  });

  it('allows the configured CORS_ORIGINS, and localhost under its other names', async () => {
    for (const origin of [
      'https://partner.example',
      'https://other.example',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]) {
      expect((await preflight(configured, origin)).headers['access-control-allow-origin']).toBe(
        origin,
      );
    }
    expect(
      (await preflight(configured, 'http://localhost:3001')).headers['access-control-allow-origin'],
    ).toBe(undefined);
    expect(
      (await preflight(test, 'https://partner.example')).headers['access-control-allow-origin'],
    ).toBe(undefined);
  });
});

describe('trusting proxies (TRUST_PROXY)', () => {
  const sessionAddress = async (app: TestApp) => {
    const member = await signUp(app.app, 'Proxy Tester');
    const response = await app.app.inject({
      method: 'POST',
      url: '/auth/web',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      payload: JSON.stringify({ email: member.email, password: PASSWORD }),
    });
    expect(response.statusCode).toBe(200);
    const { rows } = await app.platform.db.query<{ ip: string }>(
      `SELECT s.ip FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE u.email = $1 ORDER BY s.created_at DESC LIMIT 1`,
      [member.email],
    );
    return rows[0]!.ip;
  };

  it('by default X-Forwarded-For is ignored: the address is the connection’s', async () => {
    expect(await sessionAddress(test)).toBe('127.0.0.1');
  });

  it('with TRUST_PROXY set, the forwarded address is the client’s', async () => {
    expect(await sessionAddress(configured)).toBe('203.0.113.9');
  });

  it('reads TRUST_PROXY as off, on, a hop count or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    const twoHops = parseTrustProxy('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
  });
});
