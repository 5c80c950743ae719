import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startTestApp, uniqueEmail, type TestApp } from '../../../test/harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

describe('sign-up and sign-in', () => {
  it('registers a user and answers an access token that opens /me/context', async () => {
    const email = uniqueEmail();
    const registered = await client(test.app).post('/users/register', {
      name: 'Ada',
      email,
      password: 'long enough pass',
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({
      name: 'Ada',
      email,
      _id: registered.body.user.id,
    });
    expect(registered.body.user.id).toMatch(/^[0-9a-f]{24}$/);
    expect(registered.body.user).not.toHaveProperty('password_hash');

    const context = await client(test.app, registered.body.accessToken).get('/me/context');
    expect(context.status).toBe(200);
    expect(context.body).toMatchObject({
      user: { email },
      memberships: [],
      organisations: [],
      legacyTeams: [],
    });
    expect(Math.abs(context.body.now - Date.now())).toBeLessThan(5_000);
  });

  it('rejects a second account with the same e-mail, whatever its case, as a validation failure', async () => {
    const email = uniqueEmail();
    await client(test.app).post('/users/register', {
      name: 'A',
      email,
      password: 'long enough pass',
    });
    const again = await client(test.app).post('/users/register', {
      name: 'B',
      email: email.toUpperCase(),
      password: 'long enough pass',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([expect.objectContaining({ field: 'email' })]);
  });

  it('names every bad field of a registration', async () => {
    const response = await client(test.app).post('/users/register', {
      name: '',
      email: 'nope',
      password: 'short',
    });
    expect(response.status).toBe(422);
    expect(response.body.type).toBe('Validation Failure');
    expect(response.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'email',
      'name',
      'password',
    ]);
  });

  it('signs in with the right password and gives the same 401 for a wrong password or an unknown e-mail', async () => {
    const member = await signUp(test.app);
    const api = client(test.app);
    const ok = await api.post('/auth/web', {
      email: member.email.toUpperCase(),
      password: 'correct horse battery',
    });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.accessToken).toBe('string');

    const wrongPassword = await api.post('/auth/web', {
      email: member.email,
      password: 'wrong password!',
    });
    const unknownEmail = await api.post('/auth/web', {
      email: uniqueEmail(),
      password: 'correct horse battery',
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body).toEqual({
      type: 'Unauthorized',
      message: expect.any(String),
      status: 401,
      code: 'invalid_credentials',
    });
  });

  it('revokes the token on logout, leaving other sessions alive', async () => {
    const member = await signUp(test.app);
    const second = await client(test.app).post('/auth/web', {
      email: member.email,
      password: 'correct horse battery',
    });
    expect((await member.api.post('/auth/logout')).status).toBe(204);
    expect((await member.api.get('/me/context')).status).toBe(401);
    expect((await client(test.app, second.body.accessToken).get('/me/context')).status).toBe(200);
  });

  it('answers 401 in the catalogue shape without a token or with a made-up one', async () => {
    const missing = await client(test.app).get('/me/context');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({
      type: 'Unauthorized',
      status: 401,
      code: 'missing_token',
    });
    expect((await client(test.app, 'made-up').get('/me/context')).status).toBe(401);
  });
});

describe('organisations', () => {
  it('registers an organisation with a unique slug; its creator is an active ADMIN owner on a trial', async () => {
    const member = await signUp(test.app);
    const first = await member.api.post('/me/organisations/register', {
      name: 'Ölmez & Sons Surveying',
    });
    const second = await member.api.post('/me/organisations/register', {
      name: 'Ölmez & Sons Surveying',
    });
    expect(first.status).toBe(201);
    expect(first.body.organisation).toMatchObject({
      name: 'Ölmez & Sons Surveying',
      slug: expect.stringMatching(/^olmez-sons-surveying/),
    });
    expect(second.body.organisation.slug).not.toBe(first.body.organisation.slug);
    expect(first.body.organisation.plan).toMatchObject({ status: 'TRIAL', seats: { used: 1 } });

    const context = await member.api.get('/me/context');
    expect(context.body.organisations).toHaveLength(2);
    expect(context.body.memberships[0]).toMatchObject({
      role: 'ADMIN',
      owner: true,
      active: true,
      guest: false,
      user_id: member.userId,
    });
    // Signed documents' metrics (platform §3): none asked yet.
    expect(context.body.memberships[0].metrics).toEqual({
      signed_documents: 0,
      signed_documents_outstanding: 0,
      signed_documents_last_interaction: null,
    });
  });

  it('gives organisations of one name registered at the same moment a slug each', async () => {
    const [one, two] = await Promise.all([signUp(test.app), signUp(test.app)]);
    const name = `Twin Name ${Date.now()}`;
    const answers = await Promise.all(
      [one, two, one, two].map((member) => member.api.post('/me/organisations/register', { name })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const slugs = answers.map((answer) => answer.body.organisation.slug as string);
    expect(new Set(slugs).size).toBe(4);
  });

  it('validates the organisation name', async () => {
    const member = await signUp(test.app);
    const response = await member.api.post('/me/organisations/register', { name: '   ' });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].field).toBe('name');
  });
});
