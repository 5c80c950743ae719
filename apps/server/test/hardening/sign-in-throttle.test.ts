import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInLimits, SIGN_IN_LIMITS } from '../../src/platform/auth/sign-in-limits';
import { signUp, startTestApp, type TestApp } from '../harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
  test.platform.signInLimits = createSignInLimits(test.platform.db, async () => {});
});
afterAll(() => test.close());

const PASSWORD = 'correct horse battery';
const ATTACKER = '198.51.100.7';
const OWNER = '203.0.113.20';

const signIn = (email: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  test.app.inject({
    method: 'POST',
    url: '/auth/web',
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: JSON.stringify({ email, password }),
  });

// Each failed sign-in hashes a password on purpose (slow by design): dozens of them take longer
// than one call's default time on a shared 2-core machine.
describe('sign-in throttling by account and address together', { timeout: 120_000 }, () => {
  it('locks the attacking address out of the account, not the owner elsewhere', async () => {
    const { email } = await signUp(test.app, 'Throttled Owner');
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.maxFailuresPerAccountAndAddress; attempt++) {
      expect((await signIn(email, 'wrong password', ATTACKER)).statusCode).toBe(401);
    }
    const locked = await signIn(email, PASSWORD, ATTACKER);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ type: 'Too Many Requests', code: 'too_many_attempts' });

    // The owner, from their own address, signs in; the attacker's pair stays locked.
    expect((await signIn(email, PASSWORD, OWNER)).statusCode).toBe(200);
    expect((await signIn(email, PASSWORD, ATTACKER)).statusCode).toBe(429);
  });

  it('a spoofed X-Forwarded-For does not escape the lock (proxies are not trusted by default)', async () => {
    const { email } = await signUp(test.app, 'Spoofed Owner');
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.maxFailuresPerAccountAndAddress; attempt++) {
      const forged = `10.0.0.${attempt}`;
      expect((await signIn(email, 'wrong password', ATTACKER, forged)).statusCode).toBe(401);
    }
    expect((await signIn(email, PASSWORD, ATTACKER, '10.9.9.9')).statusCode).toBe(429);
  });

  it('one address failing across many accounts is locked out of every account', async () => {
    const address = '198.51.100.99';
    const { email } = await signUp(test.app, 'Stuffed Owner');
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.maxFailuresPerAddress; attempt++) {
      await signIn(`nobody.${attempt}@example.test`, 'guess', address);
    }
    expect((await signIn(email, PASSWORD, address)).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, OWNER)).statusCode).toBe(200);
  });
});
