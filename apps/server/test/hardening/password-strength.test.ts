import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startTestApp, uniqueEmail, type TestApp } from '../harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

const WEAK = ['password', '        ', 'password1', 'qwertyuiop', 'iloveyou123', 'Summer2024!'];

describe('password strength', () => {
  it('refuses common and guessable passwords at sign-up with a clear 422', async () => {
    for (const password of WEAK) {
      const response = await client(test.app).post('/users/register', {
        name: 'Weak Password',
        email: uniqueEmail('weak'),
        password,
      });
      expect(response.status, JSON.stringify(password)).toBe(422);
      expect(response.body).toMatchObject({
        type: 'Validation Failure',
        errors: [{ field: 'password', code: 'weak_password' }],
      });
      expect(response.body.errors[0].message).toMatch(/too easy to guess/);
    }
  });

  it("refuses the person's own name or e-mail as a password", async () => {
    const email = uniqueEmail('marguerite.fontaine');
    const response = await client(test.app).post('/users/register', {
      name: 'Marguerite Fontaine',
      email,
      password: 'margueritefontaine',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].code).toBe('weak_password');
  });

  it('accepts a strong password', async () => {
    const response = await client(test.app).post('/users/register', {
      name: 'Strong Password',
      email: uniqueEmail('strong'),
      password: 'tangerine vault ledger',
    });
    expect(response.status).toBe(201);
  });

  it('refuses a weak new password when changing or resetting it', async () => {
    const member = await signUp(test.app, 'Changing Password');
    const changed = await member.api.put('/me/update_password', {
      current_password: 'correct horse battery',
      password: 'password123',
    });
    expect(changed.status).toBe(422);
    expect(changed.body.errors[0]).toMatchObject({ field: 'password', code: 'weak_password' });

    await client(test.app).post('/password/request_reset_link', { email: member.email });
    const { rows } = await test.platform.db.query<{ text: string }>(
      `SELECT text_body AS text FROM outbox_emails WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`,
      [member.email],
    );
    const token = /reset-password\/([\w-]+)/.exec(rows[0]?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    const reset = await client(test.app).post('/password/reset', { token, password: '12345678' });
    expect(reset.status).toBe(422);
    expect(reset.body.errors[0]).toMatchObject({ field: 'password', code: 'weak_password' });
  });
});
