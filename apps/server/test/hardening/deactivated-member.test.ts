import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  client,
  createOrganisation,
  signUp,
  startTestApp,
  type TestApp,
} from '../harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

describe('a deactivated member and invites', () => {
  it('cannot reactivate themselves through a live invite link; an admin can', async () => {
    const organisation = await createOrganisation(test.app, 'Deactivation Holds Ltd');
    const link = await organisation.api.post('/organisation_invites', { role: 'MANAGER' });
    expect(link.status).toBe(201);
    const member = await addMember(test, organisation, 'OPERATIVE');
    expect((await organisation.api.post(`/members/${member.userId}/deactivate`)).status).toBe(200);
    expect((await member.orgApi.get('/clients')).status).toBe(403);

    const rejoin = await member.api.post(`/me/organisation_invites/${link.body.data.token}/accept`);
    expect(rejoin.status).toBe(403);
    expect(rejoin.body).toMatchObject({ type: 'Forbidden', code: 'membership_deactivated' });
    expect((await member.orgApi.get('/clients')).status).toBe(403);
    const { rows } = await test.platform.db.query<{ active: boolean; role: string }>(
      'SELECT active, role FROM memberships WHERE user_id = $1 AND organisation_id = $2',
      [member.userId, organisation.id],
    );
    expect(rows).toEqual([{ active: false, role: 'OPERATIVE' }]);

    expect((await organisation.api.post(`/members/${member.userId}/activate`)).status).toBe(200);
    expect((await member.orgApi.get('/clients')).status).toBe(200);
  });

  it('nor through an e-mail invite; inviting a deactivated member says to activate them', async () => {
    const organisation = await createOrganisation(test.app, 'Deactivation Holds Too Ltd');
    const person = await signUp(test.app, 'Invited Then Deactivated');
    // An invite sent before they joined (through a link) and were deactivated, accepted after.
    const sent = await organisation.api.post('/members/invites', {
      email: person.email,
      role: 'ADMIN',
    });
    expect(sent.status).toBe(201);
    const link = await organisation.api.post('/organisation_invites', { role: 'OPERATIVE' });
    expect(
      (await person.api.post(`/me/organisation_invites/${link.body.data.token}/accept`)).status,
    ).toBe(200);
    expect((await organisation.api.post(`/members/${person.userId}/deactivate`)).status).toBe(200);

    const accepted = await person.api.post(`/me/membership_invites/${sent.body.data.id}/accept`);
    expect(accepted.status).toBe(403);
    expect(accepted.body.code).toBe('membership_deactivated');
    const orgApi = client(test.app, person.token, `/organisations/${organisation.id}`);
    expect((await orgApi.get('/clients')).status).toBe(403);

    const refused = await organisation.api.post('/members/invites', {
      email: person.email,
      role: 'ADMIN',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('member_deactivated');
  });
});
