import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  client,
  createOrganisation,
  signUp,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../../test/harness';
import { createSignInLimits, SIGN_IN_LIMITS } from '../../platform/auth/sign-in-limits';

let test: TestApp;
const sleeps: number[] = [];
beforeAll(async () => {
  test = await startTestApp();
  // Record the slow-down instead of waiting it out.
  test.platform.signInLimits = createSignInLimits(test.platform.db, async (ms) => {
    sleeps.push(ms);
  });
});
afterAll(() => test.close());

const PASSWORD = 'correct horse battery';

async function account() {
  const member = await signUp(test.app, 'Session Tester');
  return member;
}

const signIn = (email: string, password = PASSWORD, extra: object = {}) =>
  client(test.app).post('/auth/web', { email, password, ...extra });

describe('access tokens over revocable sessions', () => {
  it('signs in with a 5-minute access token and a refresh token', async () => {
    const { email } = await account();
    const response = await signIn(email);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ expiresIn: 300 });
    const claims = decodeJwt(response.body.accessToken);
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(typeof response.body.refreshToken).toBe('string');
    // The refresh token is not a bearer.
    expect((await client(test.app, response.body.refreshToken).get('/me/context')).status).toBe(
      401,
    );
  });

  it('refreshes an access token while the session lives, and not after logout', async () => {
    const { email } = await account();
    const { accessToken, refreshToken } = (await signIn(email)).body;
    const refreshed = await client(test.app).post('/auth/refresh', { refreshToken });
    expect(refreshed.status).toBe(200);
    // Rotated: a new refresh token replaces the one sent (test/hardening/refresh-rotation).
    expect(refreshed.body.refreshToken).not.toBe(refreshToken);
    expect((await client(test.app, refreshed.body.accessToken).get('/me/context')).status).toBe(
      200,
    );

    expect((await client(test.app, accessToken).post('/auth/logout')).status).toBe(204);
    // Both the old and the refreshed access token stop at once, not when they expire.
    expect((await client(test.app, accessToken).get('/me/context')).status).toBe(401);
    expect((await client(test.app, refreshed.body.accessToken).get('/me/context')).status).toBe(
      401,
    );
    const after = await client(test.app).post('/auth/refresh', { refreshToken });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ type: 'Unauthorized', code: 'session_ended' });
  });

  it('rejects a forged or tampered access token', async () => {
    const { token } = await account();
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await client(test.app, forged).get('/me/context')).status).toBe(401);
  });
});

describe('devices', () => {
  it('lists live and ended sessions with browser details, and logs one out', async () => {
    const { email, token } = await account();
    const phone = await client(test.app).call('POST', '/auth/web', { email, password: PASSWORD });
    const other = await test.app.inject({
      method: 'POST',
      url: '/auth/web',
      headers: {
        'content-type': 'application/json',
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      },
      payload: JSON.stringify({ email, password: PASSWORD }),
    });
    const otherToken = other.json<{ accessToken: string }>().accessToken;
    expect(phone.status).toBe(200);

    const me = client(test.app, token);
    const devices = await me.get('/me/devices');
    expect(devices.status).toBe(200);
    expect(devices.body.active).toHaveLength(3);
    expect(devices.body.inactive).toHaveLength(0);
    const current = devices.body.active.find((d: { current: boolean }) => d.current);
    expect(current).toBeTruthy();
    const windows = devices.body.active.find(
      (d: { device_config: { os_name: string } }) => d.device_config.os_name === 'Windows',
    );
    expect(windows).toMatchObject({ user_name: 'Session Tester', logged_out_at: null });
    expect(windows.device_config.model).toMatch(/Chrome/);

    const loggedOut = await me.post(`/me/devices/${windows.id}/logout`);
    expect(loggedOut.status).toBe(200);
    expect(loggedOut.body.device.logged_out_at).not.toBeNull();
    expect((await client(test.app, otherToken).get('/me/context')).status).toBe(401);
    const after = await me.get('/me/devices');
    expect(after.body.active).toHaveLength(2);
    expect(after.body.inactive.map((d: { id: string }) => d.id)).toEqual([windows.id]);
  });

  it("cannot see or log out another user's device", async () => {
    const mine = await account();
    const theirs = await account();
    const theirDevices = await theirs.api.get('/me/devices');
    const id = theirDevices.body.active[0].id as string;
    expect((await mine.api.post(`/me/devices/${id}/logout`)).status).toBe(404);
    expect((await theirs.api.get('/me/context')).status).toBe(200);
    expect((await mine.api.post('/me/devices/nonsense/logout')).status).toBe(404);
  });

  it('logs out from all devices, this one included', async () => {
    const { email, token } = await account();
    const second = (await signIn(email)).body.accessToken as string;
    const response = await client(test.app, token).post('/me/devices/logout_from_all');
    expect(response.body).toEqual({ logged_out: 2 });
    expect((await client(test.app, token).get('/me/context')).status).toBe(401);
    expect((await client(test.app, second).get('/me/context')).status).toBe(401);
  });

  it('a remember-me-less sign-in gets a one-day session', async () => {
    const { email } = await account();
    const response = await signIn(email, PASSWORD, { remember: false });
    const { rows } = await test.platform.db.query<{ days: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days
         FROM sessions ORDER BY created_at DESC LIMIT 1`,
    );
    expect(response.status).toBe(200);
    expect(rows[0]!.days).toBe(1);
  });
});

describe('sign-in limits', () => {
  it('slows repeated failures for an e-mail, then refuses with 429 until the window passes', async () => {
    const { email } = await account();
    sleeps.length = 0;
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.maxFailuresPerAccountAndAddress; attempt++) {
      const response = await signIn(email, 'wrong password');
      expect(response.status).toBe(401);
    }
    expect(sleeps).toEqual([250, 500, 750, 1000, 1250, 1500, 1750, 2000]);
    // Even the right password is refused while locked.
    const locked = await signIn(email);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      type: 'Too Many Requests',
      status: 429,
      code: 'too_many_attempts',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(
      (await client(test.app).post('/auth/legacy', { email, password: PASSWORD })).status,
    ).toBe(429);

    await test.platform.db.query(
      `UPDATE sign_in_failures SET failed_at = failed_at - interval '16 minutes' WHERE key LIKE $1`,
      [`%${email}%`],
    );
    expect((await signIn(email)).status).toBe(200);
  });

  it('a successful sign-in clears the count; unknown e-mails are counted alike', async () => {
    const { email } = await account();
    await signIn(email, 'wrong');
    await signIn(email, 'wrong');
    expect((await signIn(email)).status).toBe(200);
    const { rows } = await test.platform.db.query('SELECT 1 FROM sign_in_failures WHERE key = $1', [
      `email:${email}`,
    ]);
    expect(rows).toHaveLength(0);
    const ghost = uniqueEmail('ghost');
    const response = await signIn(ghost, 'whatever');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('invalid_credentials');
  });
});

describe('legacy sign-in and tickets', () => {
  it('a legacy token is its own bearer and exchanges a single-use ticket for a new session', async () => {
    const { email } = await account();
    const legacy = await client(test.app).post('/auth/legacy', { email, password: PASSWORD });
    expect(legacy.status).toBe(200);
    const legacyApi = client(test.app, legacy.body.legacyAccessToken);
    expect((await legacyApi.get('/me/context')).status).toBe(200);

    const ticket = await legacyApi.get('/me/clerk_sign_in_token');
    expect(ticket.status).toBe(200);
    const exchanged = await client(test.app).post('/auth/ticket', { ticket: ticket.body.token });
    expect(exchanged.status).toBe(200);
    expect((await client(test.app, exchanged.body.accessToken).get('/me/context')).status).toBe(
      200,
    );
    const again = await client(test.app).post('/auth/ticket', { ticket: ticket.body.token });
    expect(again.status).toBe(401);
    expect((await client(test.app).post('/auth/ticket', {})).status).toBe(422);
  });
});

describe('impersonation', () => {
  it('support staff get a single-use token; the session says it impersonates and actions are audited so', async () => {
    const organisation = await createOrganisation(test.app, 'Impersonated Ltd');
    const support = await signUp(test.app, 'Support Sam');
    const stranger = await signUp(test.app, 'Not Support');
    await test.platform.db.query('UPDATE users SET support = true WHERE id = $1', [support.userId]);

    const refused = await stranger.api.post('/support/impersonation_tokens', {
      email: organisation.owner.email,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('support_only');

    const made = await support.api.post('/support/impersonation_tokens', {
      email: organisation.owner.email,
    });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/\/impersonate\//);
    const signedIn = await client(test.app).post('/auth/impersonate', { token: made.body.token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.impersonating).toBe(true);
    expect(
      (await client(test.app).post('/auth/impersonate', { token: made.body.token })).status,
    ).toBe(401);

    const asOwner = client(test.app, signedIn.body.accessToken);
    const context = await asOwner.get('/me/context');
    expect(context.body).toMatchObject({
      impersonating: true,
      impersonator: { id: support.userId, name: 'Support Sam' },
      user: { id: organisation.owner.userId },
    });
    expect((await organisation.owner.api.get('/me/context')).body.impersonating).toBe(false);
    const takeover = await asOwner.put('/me/update_password', {
      current_password: 'whatever',
      password: 'taken over password',
    });
    expect(takeover.status).toBe(403);
    expect(takeover.body.code).toBe('impersonating');

    const created = await client(
      test.app,
      signedIn.body.accessToken,
      `/organisations/${organisation.id}`,
    ).post('/clients', { name: 'Made while impersonating' });
    expect(created.status).toBe(201);
    const { rows } = await test.platform.db.query(
      `SELECT performed_by_type, performed_by_user_id, impersonated_by_user_id FROM audit_entries
        WHERE document_id = $1`,
      [created.body.data.id],
    );
    expect(rows).toEqual([
      {
        performed_by_type: 'USER',
        performed_by_user_id: organisation.owner.userId,
        impersonated_by_user_id: support.userId,
      },
    ]);
  });
});

describe('a deactivated member', () => {
  it('loses access to the organisation at once', async () => {
    const organisation = await createOrganisation(test.app, 'Deactivating Ltd');
    const member = await addMember(test, organisation, 'OPERATIVE');
    expect((await member.orgApi.get('/clients')).status).toBe(200);
    await test.platform.db.query(
      'UPDATE memberships SET active = false WHERE user_id = $1 AND organisation_id = $2',
      [member.userId, organisation.id],
    );
    const refused = await member.orgApi.get('/clients');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('not_a_member');
  });
});
