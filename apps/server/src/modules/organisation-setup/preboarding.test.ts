import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  client,
  createOrganisation,
  organisationApp,
  signUp,
  uniqueEmail,
  type OrganisationFixture,
} from '../../../test/harness';
import { splitStatements } from '../../platform/db/migrate';
import { newId } from '../../platform/ids';
import { DEMO_EMAIL, seedDemo } from '../../seed/demo';
import { auditActions, lastMail, mailCount } from '../people/people-testing';

const { test, org } = organisationApp('Preboarding Org');

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort();

async function preboardingInContext(fixture: OrganisationFixture) {
  const context = await fixture.owner.api.get('/me/context');
  return context.body.organisations.find((o: { id: string }) => o.id === fixture.id).preboarding;
}

describe('preboarding', () => {
  it('starts a new organisation not completed, not bypassed, with an empty questionnaire', async () => {
    expect(await preboardingInContext(org)).toEqual({
      questionnaire: {
        number_of_site_employees: null,
        number_of_office_employees: null,
        trades: [],
        services: [],
        accreditations: [],
        lead_source: null,
      },
      checkpoint: null,
      completed_at: null,
      bypass: false,
      bypassed_at: null,
    });
  });

  it('saves the questionnaire in parts and moves the checkpoint to questionnaire', async () => {
    const first = await org.api.put('/preboarding/questionnaire', {
      number_of_site_employees: '1-20',
      number_of_office_employees: '1-5',
      trades: [' Electrical ', 'Plumbing', 'electrical'],
    });
    expect(first.status).toBe(200);
    expect(first.body.organisation.preboarding).toMatchObject({
      checkpoint: 'questionnaire',
      questionnaire: {
        number_of_site_employees: '1-20',
        number_of_office_employees: '1-5',
        trades: ['Electrical', 'Plumbing'],
      },
    });
    const second = await org.api.put('/preboarding/questionnaire', {
      services: ['Inspections'],
      accreditations: ['CHAS', 'ISO 9001'],
      lead_source: 'word_of_mouth',
      number_of_office_employees: null,
    });
    expect(second.body.organisation.preboarding.questionnaire).toEqual({
      number_of_site_employees: '1-20',
      number_of_office_employees: null,
      trades: ['Electrical', 'Plumbing'],
      services: ['Inspections'],
      accreditations: ['CHAS', 'ISO 9001'],
      lead_source: 'word_of_mouth',
    });
    expect((await preboardingInContext(org)).questionnaire.lead_source).toBe('word_of_mouth');
    expect(await auditActions(test, org.id)).toContain('PREBOARDING_QUESTIONNAIRE');
  });

  it('refuses answers outside the lists, overlong entries and unknown keys', async () => {
    const response = await org.api.put('/preboarding/questionnaire', {
      number_of_site_employees: '1-5',
      number_of_office_employees: 3,
      trades: ['x'.repeat(101), ''],
      services: 'Inspections',
      accreditations: Array.from({ length: 51 }, (_, i) => `Scheme ${i}`),
      lead_source: 'billboard',
      favourite_colour: 'blue',
    });
    expect(response.status).toBe(422);
    expect(fieldsOf(response.body)).toEqual([
      'accreditations',
      'favourite_colour',
      'lead_source',
      'number_of_office_employees',
      'number_of_site_employees',
      'services',
      'trades.0',
      'trades.1',
    ]);
    const after = await org.api.get('/organisation');
    expect(after.body.organisation.preboarding.questionnaire.number_of_site_employees).toBe('1-20');
  });

  it('invites members as /members/invites does, reporting those it could not invite', async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    const alreadyInvited = uniqueEmail('already');
    expect(
      (await org.api.post('/members/invites', { email: alreadyInvited, role: 'OPERATIVE' })).status,
    ).toBe(201);
    const fresh = [uniqueEmail('site.manager'), uniqueEmail('office')];
    const response = await org.api.post('/preboarding/invite', {
      invites: [
        { email: fresh[0]!.toUpperCase(), role: 'MANAGER' },
        { email: member.email, role: 'ADMIN' },
        { email: fresh[1], role: 'OPERATIVE' },
        { email: alreadyInvited, role: 'ADMIN' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.invited).toEqual([
      expect.objectContaining({ email: fresh[0], role: 'MANAGER' }),
      expect.objectContaining({ email: fresh[1], role: 'OPERATIVE' }),
    ]);
    expect(response.body.failed).toEqual([
      expect.objectContaining({ email: member.email, code: 'already_member' }),
      expect.objectContaining({ email: alreadyInvited, code: 'already_invited' }),
    ]);
    expect(response.body.organisation.preboarding.checkpoint).toBe('invite');
    expect((await lastMail(test, fresh[0]!)).subject).toContain('Preboarding Org');
    expect(await mailCount(test, member.email)).toBe(0);
    const invites = await org.api.get('/members/invites');
    const listed = invites.body.data.map((invite: { email: string }) => invite.email);
    expect(listed).toEqual(expect.arrayContaining([...fresh, alreadyInvited]));
    expect(await preboardingInContext(org)).toMatchObject({ checkpoint: 'invite' });
  });

  it('refuses a bad invite list as a whole, inviting nobody', async () => {
    const email = uniqueEmail('never');
    const response = await org.api.post('/preboarding/invite', {
      invites: [
        { email, role: 'OPERATIVE' },
        { email: email.toUpperCase(), role: 'MANAGER' },
        { email: 'not-an-address', role: 'OPERATIVE' },
        { email: uniqueEmail('guest'), role: 'GUEST' },
      ],
    });
    expect(response.status).toBe(422);
    expect(fieldsOf(response.body)).toEqual(['invites.2.email', 'invites.3.role']);
    // the same address twice is named once every entry is otherwise valid
    const twice = await org.api.post('/preboarding/invite', {
      invites: [
        { email, role: 'OPERATIVE' },
        { email: email.toUpperCase(), role: 'MANAGER' },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual([
      expect.objectContaining({ field: 'invites.1.email', code: 'custom' }),
    ]);
    expect(await mailCount(test, email)).toBe(0);
    const empty = await org.api.post('/preboarding/invite', { invites: [] });
    expect(fieldsOf(empty.body)).toEqual(['invites']);
  });

  it('records the checkpoint, and refuses unknown ones', async () => {
    const response = await org.api.put('/preboarding/checkpoint', { checkpoint: 'start' });
    expect(response.body.organisation.preboarding.checkpoint).toBe('start');
    const bad = await org.api.put('/preboarding/checkpoint', { checkpoint: 'somewhere' });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body)).toEqual(['checkpoint']);
    const missing = await org.api.put('/preboarding/checkpoint', {});
    expect(fieldsOf(missing.body)).toEqual(['checkpoint']);
  });

  it('completes once: completed_at is kept on a second call', async () => {
    const response = await org.api.post('/preboarding/complete');
    expect(response.status).toBe(200);
    const done = response.body.organisation.preboarding;
    expect(done.checkpoint).toBe('complete');
    expect(Date.parse(done.completed_at)).toBeGreaterThan(Date.now() - 60_000);
    const again = await org.api.post('/preboarding/complete');
    expect(again.body.organisation.preboarding.completed_at).toBe(done.completed_at);
    expect((await preboardingInContext(org)).completed_at).toBe(done.completed_at);
    // a later invite does not move a completed organisation back
    const invite = await org.api.post('/preboarding/invite', {
      invites: [{ email: uniqueEmail('later'), role: 'OPERATIVE' }],
    });
    expect(invite.body.organisation.preboarding.checkpoint).toBe('complete');
  });

  it('lets an ADMIN bypass preboarding and undo it', async () => {
    const fixture = await createOrganisation(test.app, 'Bypass Org');
    const response = await fixture.api.post('/preboarding/bypass');
    expect(response.status).toBe(200);
    expect(response.body.organisation.preboarding).toMatchObject({
      bypass: true,
      completed_at: null,
    });
    expect(response.body.organisation.preboarding.bypassed_at).not.toBeNull();
    const undone = await fixture.api.post('/preboarding/bypass', { bypass: false });
    expect(undone.body.organisation.preboarding).toMatchObject({
      bypass: false,
      bypassed_at: null,
    });
    const bad = await fixture.api.post('/preboarding/bypass', { bypass: 'yes' });
    expect(fieldsOf(bad.body)).toEqual(['bypass']);
    expect(await auditActions(test, fixture.id)).toEqual([
      'PREBOARDING_BYPASS',
      'PREBOARDING_UNBYPASS',
    ]);
  });

  it('lets only ADMINs take preboarding steps', async () => {
    const fixture = await createOrganisation(test.app, 'Steps Org');
    const calls: Array<['PUT' | 'POST', string, unknown]> = [
      ['PUT', '/preboarding/questionnaire', { lead_source: 'advert' }],
      ['POST', '/preboarding/invite', { invites: [{ email: uniqueEmail(), role: 'ADMIN' }] }],
      ['PUT', '/preboarding/checkpoint', { checkpoint: 'invite' }],
      ['POST', '/preboarding/complete', undefined],
      ['POST', '/preboarding/bypass', undefined],
    ];
    for (const role of ['MANAGER', 'OPERATIVE', 'GUEST'] as const) {
      const member = await addMember(test, fixture, role);
      for (const [method, url, body] of calls) {
        const response = await member.orgApi.call(method, url, body);
        expect(response.status, `${role} ${url}`).toBe(403);
      }
    }
    expect(await preboardingInContext(fixture)).toMatchObject({
      checkpoint: null,
      completed_at: null,
      bypass: false,
    });
  });

  it('lets support staff bypass any organisation without being a member', async () => {
    const fixture = await createOrganisation(test.app, 'Support Bypass Org');
    const support = await signUp(test.app, 'Support Person');
    await test.platform.db.query('UPDATE users SET support = true WHERE id = $1', [support.userId]);
    const url = `/support/organisations/${fixture.id}/preboarding/bypass`;
    const response = await support.api.post(url);
    expect(response.status).toBe(200);
    expect(response.body.organisation).toMatchObject({
      id: fixture.id,
      preboarding: { bypass: true },
    });
    expect((await preboardingInContext(fixture)).bypass).toBe(true);
    const { rows } = await test.platform.db.query(
      `SELECT action, performed_by_user_id FROM audit_entries WHERE document_id = $1`,
      [fixture.id],
    );
    expect(rows).toEqual([{ action: 'PREBOARDING_BYPASS', performed_by_user_id: support.userId }]);
    const undone = await support.api.post(url, { bypass: false });
    expect(undone.body.organisation.preboarding.bypass).toBe(false);

    const stranger = await signUp(test.app);
    const refused = await stranger.api.post(url);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('support_only');
    expect((await fixture.owner.api.post(url)).status).toBe(403);
    expect((await client(test.app).post(url)).status).toBe(401);
    const unknown = await support.api.post(`/support/organisations/${newId()}/preboarding/bypass`);
    expect(unknown.status).toBe(404);
    const malformed = await support.api.post('/support/organisations/nope/preboarding/bypass');
    expect(malformed.status).toBe(404);
  });

  it('the demo organisation is preboarded, so the demo opens on projects', async () => {
    await seedDemo(test.platform);
    const { rows } = await test.platform.db.query<{ preboarding: { completed_at: string } }>(
      `SELECT o.preboarding FROM organisations o
         JOIN memberships m ON m.organisation_id = o.id
         JOIN users u ON u.id = m.user_id
        WHERE lower(u.email) = $1 AND m.owner`,
      [DEMO_EMAIL],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.preboarding.completed_at).toBeTruthy();
  });

  it('the migration marked organisations that existed before it as completed', async () => {
    const id = newId();
    await test.platform.db.query(
      `INSERT INTO organisations (id, slug, name) VALUES ($1, $2, 'Older Org')`,
      [id, `older-${id}`],
    );
    const script = await readFile(
      new URL('../../../migrations/20261123T0300-organisation-setup.sql', import.meta.url),
      'utf8',
    );
    const [update] = splitStatements(script);
    expect(update).toMatch(/^UPDATE organisations/);
    // only for this organisation: other suites share the PostgreSQL leg's database
    await test.platform.db.query(`${update!.replace(/;\s*$/, '')} AND id = $1`, [id]);
    const { rows } = await test.platform.db.query<{ preboarding: { completed_at: string } }>(
      'SELECT preboarding FROM organisations WHERE id = $1',
      [id],
    );
    expect(rows[0]!.preboarding.completed_at).toBeTruthy();
    // an organisation that already had preboarding keeps it
    expect((await preboardingInContext(org)).completed_at).not.toBeNull();
  });
});
