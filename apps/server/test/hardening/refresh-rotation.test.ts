import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startTestApp, type TestApp } from '../harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

const PASSWORD = 'correct horse battery';

async function signedIn() {
  const { email } = await signUp(test.app, 'Rotation Tester');
  const response = await client(test.app).post('/auth/web', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return response.body as { accessToken: string; refreshToken: string };
}

const refresh = (refreshToken: string) => client(test.app).post('/auth/refresh', { refreshToken });
const context = (accessToken: string) => client(test.app, accessToken).get('/me/context');

/** Moves every retired token of the test's sessions out of the grace period. */
const afterGrace = () =>
  test.platform.db.query(
    `UPDATE session_refresh_tokens SET rotated_at = rotated_at - interval '10 minutes'`,
  );

describe('refresh-token rotation', () => {
  it('answers a new refresh token on every refresh; the new one refreshes again', async () => {
    const first = await signedIn();
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    expect((await context(second.body.accessToken)).status).toBe(200);
    const third = await refresh(second.body.refreshToken);
    expect(third.status).toBe(200);
    expect(third.body.refreshToken).not.toBe(second.body.refreshToken);
    // Only hashes are stored.
    const { rows } = await test.platform.db.query(
      `SELECT 1 FROM session_refresh_tokens WHERE token_hash = $1 OR successor_sealed LIKE $2`,
      [first.refreshToken, `%${second.body.refreshToken}%`],
    );
    expect(rows).toHaveLength(0);
  });

  it('a retired refresh token presented again ends the whole session', async () => {
    const first = await signedIn();
    const rotated = (await refresh(first.refreshToken)).body;
    await afterGrace();

    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ type: 'Unauthorized', code: 'session_ended' });
    // The legitimate holder's newer tokens are revoked too: the family is gone.
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
    expect((await context(rotated.accessToken)).status).toBe(401);
    expect((await context(first.accessToken)).status).toBe(401);
  });

  it('two tabs refreshing with one token at once both get the same successor', async () => {
    const first = await signedIn();
    const [a, b] = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refreshToken).toBe(b.body.refreshToken);
    // Moments later still (inside the grace), the same answer; the session lives on.
    const late = await refresh(first.refreshToken);
    expect(late.status).toBe(200);
    expect(late.body.refreshToken).toBe(a.body.refreshToken);
    const next = await refresh(a.body.refreshToken);
    expect(next.status).toBe(200);
    expect((await context(next.body.accessToken)).status).toBe(200);
  });

  it('only the token replaced last has a grace: an older one is reuse at once', async () => {
    const first = await signedIn();
    const second = (await refresh(first.refreshToken)).body;
    const third = (await refresh(second.refreshToken)).body;
    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect((await refresh(third.refreshToken)).status).toBe(401);
    expect((await context(third.accessToken)).status).toBe(401);
  });

  it('an unknown refresh token is a plain 401 that ends nothing', async () => {
    const first = await signedIn();
    const unknown = await refresh('not-a-refresh-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('session_ended');
    expect((await refresh(first.refreshToken)).status).toBe(200);
  });
});
