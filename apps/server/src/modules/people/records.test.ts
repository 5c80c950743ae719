import { describe, expect, it } from 'vitest';
import { addMember, organisationApp, signUp, uniqueEmail } from '../../../test/harness';
import { addProject, auditActions, mailCount, mailedToken } from './people-testing';

/**
 * Guests, members and their invites as records (issue 23): POST /guests and /members invite,
 * GET/PUT/DELETE /guests/{id}, PUT /members/{id}, guest invites listed with the list grammar,
 * read, updated, resent and cancelled, member invites read, updated, resent and cancelled.
 */
const { test, org, other, members } = organisationApp('Records Org', {
  other: 'Other Records Org',
  members: { manager: 'MANAGER', operative: 'OPERATIVE', admin: 'ADMIN' },
});

const fields = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field);

async function team(name: string, organisation = org) {
  const response = await organisation.api.post('/teams', { name });
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}

/** A guest who accepted an invite to the projects. */
async function acceptedGuest(projectIds: string[]) {
  const user = await signUp(test.app, 'Guest Person');
  const sent = await org.api.post('/guests', { email: user.email, project_ids: projectIds });
  expect(sent.status).toBe(201);
  expect((await user.api.post(`/me/membership_invites/${sent.body.data.id}/accept`)).status).toBe(
    200,
  );
  return user;
}

describe('guests as records', () => {
  it('POST /guests invites like /guests/invite; the invite is a record listed with the grammar', async () => {
    const alpha = await addProject(test, org, 'Alpha');
    const beta = await addProject(test, org, 'Beta');
    const email = uniqueEmail('guest');
    const sent = await org.api.post('/guests', { email, project_ids: [alpha] });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      email,
      projects: [{ project_id: alpha, project_name: 'Alpha' }],
    });
    expect(await mailCount(test, email)).toBe(1);
    const id = sent.body.data.id as string;

    const one = await org.api.get(`/guests/invites/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id, email, invited_by_user_id: org.owner.userId });

    const listed = await org.api.get(`/guests/invites?filter[email]=${email}&sort=-invited_at`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([id]);
    expect(listed.body.meta).toBeDefined();
    const byProject = await org.api.get(`/guests/invites?filter[project_id]=${beta}`);
    expect(byProject.body.data.map((row: { id: string }) => row.id)).not.toContain(id);
    expect((await org.api.get('/guests/invites?filter[nonsense]=1')).status).toBe(400);

    // its projects replaced
    const updated = await org.api.put(`/guests/invites/${id}`, { project_ids: [beta, beta] });
    expect(updated.status).toBe(200);
    expect(updated.body.data.projects).toEqual([{ project_id: beta, project_name: 'Beta' }]);
    const bad = await org.api.put(`/guests/invites/${id}`, { project_ids: ['0'.repeat(24)] });
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual(['project_ids.0']);
    const unknown = await org.api.put(`/guests/invites/${id}`, {
      project_ids: [beta],
      role: 'ADMIN',
    });
    expect(unknown.status).toBe(422);
    const empty = await org.api.put(`/guests/invites/${id}`, { project_ids: [] });
    expect(empty.status).toBe(422);
    expect(fields(empty.body)).toEqual(['project_ids']);

    // resent, then cancelled: no longer found
    expect((await org.api.post(`/guests/invites/${id}/resend`)).status).toBe(200);
    expect(await mailCount(test, email)).toBe(2);
    expect((await org.api.delete(`/guests/invites/${id}`)).status).toBe(204);
    expect((await org.api.get(`/guests/invites/${id}`)).status).toBe(404);
    expect((await org.api.put(`/guests/invites/${id}`, { project_ids: [beta] })).status).toBe(404);
    expect(await auditActions(test, id)).toEqual(['CREATE', 'UPDATE', 'RESEND', 'CANCEL']);
  });

  it('a member invite is not a guest invite, and the other way round', async () => {
    const memberInvite = await org.api.post('/members', {
      email: uniqueEmail('member'),
      role: 'OPERATIVE',
    });
    expect((await org.api.get(`/guests/invites/${memberInvite.body.data.id}`)).status).toBe(404);
    const project = await addProject(test, org, 'Gamma');
    const guestInvite = await org.api.post('/guests', {
      email: uniqueEmail('guest'),
      project_ids: [project],
    });
    expect((await org.api.get(`/members/invites/${guestInvite.body.data.id}`)).status).toBe(404);
  });

  it('PUT /guests/{id} sets their projects; DELETE removes them from the organisation and every project', async () => {
    const alpha = await addProject(test, org, 'Guest Alpha');
    const beta = await addProject(test, org, 'Guest Beta');
    const guest = await acceptedGuest([alpha]);
    const read = await org.api.get(`/guests/${guest.userId}`);
    expect(read.body.data.projects).toEqual([{ project_id: alpha, project_name: 'Guest Alpha' }]);
    expect(read.body.data.permissions).toMatchObject({ update: true, delete: true });

    const updated = await members.manager.orgApi.put(`/guests/${guest.userId}`, {
      project_ids: [beta],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.projects).toEqual([{ project_id: beta, project_name: 'Guest Beta' }]);
    const bad = await org.api.put(`/guests/${guest.userId}`, {
      project_ids: [alpha, 'f'.repeat(24)],
    });
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual(['project_ids.1']);
    // nothing half-written
    expect((await org.api.get(`/guests/${guest.userId}`)).body.data.projects).toHaveLength(1);

    // an operative reads, never writes; a member is not a guest
    expect(
      (await members.operative.orgApi.put(`/guests/${guest.userId}`, { project_ids: [alpha] }))
        .status,
    ).toBe(403);
    expect(
      (await org.api.put(`/guests/${members.operative.userId}`, { project_ids: [alpha] })).status,
    ).toBe(404);
    expect((await org.api.delete(`/guests/${members.operative.userId}`)).status).toBe(404);
    expect((await members.operative.orgApi.delete(`/guests/${guest.userId}`)).status).toBe(403);

    const deleted = await members.manager.orgApi.delete(`/guests/${guest.userId}`);
    expect(deleted.status).toBe(204);
    expect((await org.api.get(`/guests/${guest.userId}`)).status).toBe(404);
    const { rows } = await test.platform.db.query(
      `SELECT 1 FROM project_members WHERE user_id = $1`,
      [guest.userId],
    );
    expect(rows).toHaveLength(0);
    expect((await guest.api.get(`/organisations/${org.id}/projects`)).status).toBe(403);
    // their name stays on their account, so past records keep it
    const { rows: user } = await test.platform.db.query(`SELECT name FROM users WHERE id = $1`, [
      guest.userId,
    ]);
    expect(user[0]).toMatchObject({ name: 'Guest Person' });
  });

  it("another organisation's guests and invites are not found", async () => {
    const project = await addProject(test, other, 'Other Project');
    const invite = await other.api.post('/guests', {
      email: uniqueEmail('other-guest'),
      project_ids: [project],
    });
    expect(invite.status).toBe(201);
    const id = invite.body.data.id as string;
    expect((await org.api.get(`/guests/invites/${id}`)).status).toBe(404);
    expect((await org.api.put(`/guests/invites/${id}`, { project_ids: [project] })).status).toBe(
      404,
    );
    const mine = await addProject(test, org, 'Mine');
    expect((await org.api.put(`/guests/invites/${id}`, { project_ids: [mine] })).status).toBe(404);
    const list = await org.api.get('/guests/invites?page=all');
    expect(JSON.stringify(list.body)).not.toContain(id);
    // a project of another organisation is not one of ours
    const ours = await org.api.post('/guests', { email: uniqueEmail('g'), project_ids: [project] });
    expect(ours.status).toBe(422);
    expect(fields(ours.body)).toEqual(['project_ids.0']);
  });
});

describe('members and member invites as records', () => {
  it('POST /members invites with a role and teams; accepting joins the teams', async () => {
    const crew = await team('Crew');
    const user = await signUp(test.app, 'Team Joiner');
    const bad = await org.api.post('/members', {
      email: user.email,
      role: 'OPERATIVE',
      team_ids: [crew, 'a'.repeat(24)],
    });
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual(['team_ids.1']);
    const guestRole = await org.api.post('/members', { email: user.email, role: 'GUEST' });
    expect(guestRole.status).toBe(422);
    expect(fields(guestRole.body)).toEqual(['role']);
    const extra = await org.api.post('/members', {
      email: user.email,
      role: 'OPERATIVE',
      project_ids: [],
    });
    expect(extra.status).toBe(422);
    expect(
      (await members.manager.orgApi.post('/members', { email: user.email, role: 'OPERATIVE' }))
        .status,
    ).toBe(403);

    const sent = await org.api.post('/members', {
      email: user.email,
      role: 'MANAGER',
      team_ids: [crew],
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ email: user.email, role: 'MANAGER', team_ids: [crew] });
    const id = sent.body.data.id as string;
    const one = await members.operative.orgApi.get(`/members/invites/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id, role: 'MANAGER', team_ids: [crew] });

    // role updated by an admin only
    expect(
      (await members.manager.orgApi.put(`/members/invites/${id}`, { role: 'OPERATIVE' })).status,
    ).toBe(403);
    const updated = await members.admin.orgApi.put(`/members/invites/${id}`, {
      role: 'OPERATIVE',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.role).toBe('OPERATIVE');
    const wrong = await org.api.put(`/members/invites/${id}`, { role: 'OWNER' });
    expect(wrong.status).toBe(422);
    expect(fields(wrong.body)).toEqual(['role']);

    expect((await org.api.post(`/members/invites/${id}/resend`)).status).toBe(200);
    const token = await mailedToken(test, user.email);
    const accepted = await user.api.post(`/me/membership_invites/${id}/accept`, { token });
    expect(accepted.status).toBe(200);
    const member = await org.api.get(`/members/${user.userId}`);
    expect(member.body.data).toMatchObject({ role: 'OPERATIVE', team_ids: [crew] });
    // accepted: no longer an open invite
    expect((await org.api.get(`/members/invites/${id}`)).status).toBe(404);
    expect(await auditActions(test, id)).toEqual(['CREATE', 'UPDATE', 'RESEND', 'ACCEPT']);
  });

  it('member invites are cancelled one by one', async () => {
    const sent = await org.api.post('/members', { email: uniqueEmail('c'), role: 'OPERATIVE' });
    const id = sent.body.data.id as string;
    expect((await org.api.delete(`/members/invites/${id}`)).status).toBe(204);
    expect((await org.api.get(`/members/invites/${id}`)).status).toBe(404);
  });

  it('PUT /members/{id} sets role, employment info and teams in one call', async () => {
    const red = await team('Red');
    const blue = await team('Blue');
    const person = await addMember(test, org, 'OPERATIVE');
    await org.api.post(`/members/${person.userId}/add_to_teams`, { team_ids: [red] });
    const updated = await members.admin.orgApi.put(`/members/${person.userId}`, {
      role: 'MANAGER',
      employment_info: { employee_number: 'E-7', hourly_rate: 21.5 },
      team_ids: [blue],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      role: 'MANAGER',
      team_ids: [blue],
      employment_info: { employee_number: 'E-7', hourly_rate: 21.5, tax_number: null },
    });
    // fields not sent stay; team_ids: [] leaves every team
    const again = await org.api.put(`/members/${person.userId}`, {
      employment_info: { tax_number: 'T-1' },
      team_ids: [],
    });
    expect(again.body.data).toMatchObject({
      role: 'MANAGER',
      team_ids: [],
      employment_info: { employee_number: 'E-7', tax_number: 'T-1' },
    });

    const badTeam = await org.api.put(`/members/${person.userId}`, {
      role: 'ADMIN',
      team_ids: ['b'.repeat(24)],
    });
    expect(badTeam.status).toBe(422);
    expect(fields(badTeam.body)).toEqual(['team_ids.0']);
    const badRate = await org.api.put(`/members/${person.userId}`, {
      employment_info: { hourly_rate: -1 },
    });
    expect(badRate.status).toBe(422);
    expect(fields(badRate.body)).toEqual(['employment_info.hourly_rate']);
    expect((await org.api.put(`/members/${person.userId}`, { nonsense: 'X' })).status).toBe(422);
    // nothing half-written
    expect((await org.api.get(`/members/${person.userId}`)).body.data.role).toBe('MANAGER');

    // managers may not; nobody changes their own role; an owner is not demoted
    expect(
      (await members.manager.orgApi.put(`/members/${person.userId}`, { role: 'OPERATIVE' })).status,
    ).toBe(403);
    const own = await members.admin.orgApi.put(`/members/${members.admin.userId}`, {
      role: 'OPERATIVE',
    });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('own_membership');
    const ownInfo = await members.admin.orgApi.put(`/members/${members.admin.userId}`, {
      role: 'ADMIN',
      employment_info: { employee_number: 'A-1' },
    });
    expect(ownInfo.status).toBe(200);
    const owner = await members.admin.orgApi.put(`/members/${org.owner.userId}`, {
      role: 'MANAGER',
    });
    expect(owner.status).toBe(403);
    expect(owner.body.code).toBe('owner_protected');
    expect((await org.api.get(`/members/${org.owner.userId}`)).body.data.role).toBe('ADMIN');
  });

  it('a guest gets a role by change_to_member, and no teams', async () => {
    const project = await addProject(test, org, 'Guest Teams');
    const guest = await acceptedGuest([project]);
    const role = await org.api.put(`/members/${guest.userId}`, { role: 'OPERATIVE' });
    expect(role.status).toBe(422);
    expect(role.body.errors[0]).toMatchObject({ field: 'role', code: 'is_guest' });
    const teams = await org.api.put(`/members/${guest.userId}`, { team_ids: [await team('G')] });
    expect(teams.status).toBe(422);
    expect(fields(teams.body)).toEqual(['team_ids']);
  });

  it("another organisation's members and invites are not found", async () => {
    const theirs = await addMember(test, other, 'OPERATIVE');
    expect((await org.api.put(`/members/${theirs.userId}`, { role: 'MANAGER' })).status).toBe(404);
    const invite = await other.api.post('/members', { email: uniqueEmail('o'), role: 'OPERATIVE' });
    const id = invite.body.data.id as string;
    expect((await org.api.get(`/members/invites/${id}`)).status).toBe(404);
    expect((await org.api.put(`/members/invites/${id}`, { role: 'ADMIN' })).status).toBe(404);
    const theirTeam = await team('Theirs', other);
    const mine = await org.api.post('/members', {
      email: uniqueEmail('t'),
      role: 'OPERATIVE',
      team_ids: [theirTeam],
    });
    expect(mine.status).toBe(422);
    expect(fields(mine.body)).toEqual(['team_ids.0']);
  });
});
