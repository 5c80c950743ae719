import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startTestApp, uniqueEmail, type TestApp } from '../../../test/harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

const PASSWORD = 'correct horse battery';

async function lastEmailTo(address: string) {
  const { rows } = await test.platform.db.query<{ subject: string; text_body: string }>(
    `SELECT subject, text_body FROM outbox_emails WHERE to_address = $1
      ORDER BY created_at DESC LIMIT 1`,
    [address],
  );
  return rows[0];
}

const tokenIn = (text: string) => /\/reset-password\/([\w-]+)/.exec(text)?.[1] ?? '';

describe('password reset', () => {
  it('answers the same for known and unknown e-mails, and mails only the known one', async () => {
    const { email } = await signUp(test.app);
    const unknown = uniqueEmail('nobody');
    const known = await client(test.app).post('/password/request_reset_link', { email });
    const stranger = await client(test.app).post('/password/request_reset_link', {
      email: unknown,
    });
    expect(known.status).toBe(202);
    expect(stranger.status).toBe(known.status);
    expect(stranger.body).toEqual(known.body);
    expect(await lastEmailTo(unknown)).toBeUndefined();
    const mail = await lastEmailTo(email);
    expect(mail?.subject).toMatch(/Reset/);
    expect(mail?.text_body).toMatch(/http:\/\/localhost:3000\/reset-password\//);
  });

  it('resets with a single-use token, ends every session, and the new password works', async () => {
    const member = await signUp(test.app);
    await client(test.app).post('/password/request_reset_link', { email: member.email });
    const token = tokenIn((await lastEmailTo(member.email))!.text_body);

    const check = await client(test.app).get(`/password/reset/${token}`);
    expect(check.body.data.email).toBe(member.email);

    const short = await client(test.app).post('/password/reset', { token, password: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.map((e: { field: string }) => e.field)).toEqual(['password']);

    const reset = await client(test.app).post('/password/reset', {
      token,
      password: 'a brand new password',
    });
    expect(reset.status).toBe(200);
    expect((await member.api.get('/me/context')).status).toBe(401);
    const oldSignIn = await client(test.app).post('/auth/web', {
      email: member.email,
      password: PASSWORD,
    });
    expect(oldSignIn.status).toBe(401);
    const newSignIn = await client(test.app).post('/auth/web', {
      email: member.email,
      password: 'a brand new password',
    });
    expect(newSignIn.status).toBe(200);

    const reused = await client(test.app).post('/password/reset', {
      token,
      password: 'yet another password',
    });
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0]).toMatchObject({ field: 'token', code: 'invalid_token' });
    expect((await client(test.app).get(`/password/reset/${token}`)).status).toBe(404);
  });

  it('an expired link no longer works', async () => {
    const member = await signUp(test.app);
    await client(test.app).post('/password/request_reset_link', { email: member.email });
    const token = tokenIn((await lastEmailTo(member.email))!.text_body);
    await test.platform.db.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'`,
    );
    const response = await client(test.app).post('/password/reset', {
      token,
      password: 'a brand new password',
    });
    expect(response.status).toBe(422);
  });

  it('sends at most five links an hour to one address', async () => {
    const member = await signUp(test.app);
    for (let i = 0; i < 7; i++) {
      const response = await client(test.app).post('/password/request_reset_link', {
        email: member.email,
      });
      expect(response.status).toBe(202);
    }
    const { rows } = await test.platform.db.query(
      'SELECT 1 FROM outbox_emails WHERE to_address = $1',
      [member.email],
    );
    expect(rows).toHaveLength(5);
  });
});

describe('profile and password changes', () => {
  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const member = await signUp(test.app);
    const other = await client(test.app).post('/auth/web', {
      email: member.email,
      password: PASSWORD,
    });
    const wrong = await member.api.put('/me/update_password', {
      current_password: 'not it',
      password: 'another long password',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].field).toBe('current_password');

    const changed = await member.api.put('/me/update_password', {
      current_password: PASSWORD,
      password: 'another long password',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.password_updated_at).toBeTruthy();
    expect((await member.api.get('/me/context')).status).toBe(200);
    expect((await client(test.app, other.body.accessToken).get('/me/context')).status).toBe(401);
  });

  it('updates name, e-mail and phone, refusing an e-mail another account uses', async () => {
    const member = await signUp(test.app);
    const other = await signUp(test.app);
    const taken = await member.api.put('/me/update_user', { email: other.email.toUpperCase() });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0]).toMatchObject({ field: 'email', code: 'taken' });

    const email = uniqueEmail('renamed');
    const updated = await member.api.put('/me/update_user', {
      name: 'Renamed',
      email,
      phone: '07700 900123',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.user).toMatchObject({ name: 'Renamed', email, phone: '07700 900123' });
    const cleared = await member.api.put('/me/update_user', { phone: null });
    expect(cleared.body.user).toMatchObject({ name: 'Renamed', phone: null });
    expect((await member.api.put('/me/update_user', { name: '' })).status).toBe(422);
  });

  it('stores preferences per membership', async () => {
    const member = await signUp(test.app);
    const created = await member.api.post('/me/organisations/register', { name: 'Prefs Ltd' });
    const organisationId = created.body.organisation.id as string;
    const response = await member.api.put('/me/preferences', {
      organisation_id: organisationId,
      auto_proceed_on_approval: true,
    });
    expect(response.body.preferences).toMatchObject({
      new_jobs_experience_enabled: false,
      auto_proceed_on_approval: true,
    });
    // Notifications keep their defaults (everything on) until the member chooses.
    expect(response.body.preferences.notifications.job_assigned).toEqual({
      email: true,
      in_app: true,
    });
    const context = await member.api.get('/me/context');
    expect(context.body.memberships[0].preferences.auto_proceed_on_approval).toBe(true);
    const invalid = await member.api.put('/me/preferences', { auto_proceed_on_approval: 'yes' });
    expect(invalid.status).toBe(422);
  });
});
