import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  client,
  createOrganisation,
  organisationApp,
  type OrganisationFixture,
} from '../../../test/harness';
import { newId } from '../../platform/ids';
import { addProject, auditActions } from './people-testing';

const { test, org, other } = organisationApp('Members Org', { other: 'Other Members Org' });

const fields = (body: { errors: Array<{ field: string }> }) =>
  body.errors.map((error) => error.field).sort();

describe('reading members', () => {
  it('lists active, inactive and invited members, not guests, to operatives too', async () => {
    const operative = await addMember(test, org, 'OPERATIVE');
    const guest = await addMember(test, org, 'GUEST');
    const leaver = await addMember(test, org, 'MANAGER');
    expect((await org.api.post(`/members/${leaver.userId}/deactivate`)).status).toBe(200);
    await org.api.post('/members/invites', { email: 'someone.new@example.test', role: 'MANAGER' });

    const response = await operative.orgApi.get('/members');
    expect(response.status).toBe(200);
    const activeIds = response.body.active.map((member: { id: string }) => member.id);
    expect(activeIds).toEqual(expect.arrayContaining([org.owner.userId, operative.userId]));
    expect(activeIds).not.toContain(guest.userId);
    expect(response.body.inactive.map((member: { id: string }) => member.id)).toEqual([
      leaver.userId,
    ]);
    expect(response.body.invited).toEqual([
      expect.objectContaining({
        email: 'someone.new@example.test',
        role: 'MANAGER',
        invited_by_user_id: org.owner.userId,
        invited_by_name: 'Members Org Owner',
      }),
    ]);
    const owner = response.body.active.find(
      (member: { id: string }) => member.id === org.owner.userId,
    );
    expect(owner).toMatchObject({
      name: 'Members Org Owner',
      email: org.owner.email,
      role: 'ADMIN',
      owner: true,
      active: true,
      guest: false,
      team_ids: [],
      team_names: [],
      projects: [],
      deactivated_at: null,
    });
    // Signed documents' metrics (platform §3): none asked of the owner yet.
    expect(owner.metrics).toEqual({
      signed_documents: 0,
      signed_documents_outstanding: 0,
      signed_documents_last_interaction: null,
    });
    expect(owner.membership_id).toMatch(/^[0-9a-f]{24}$/);
    expect(owner.member_since).toBe(owner.created_at);
  });

  it('finds one member by user id or membership id, and nobody of another organisation', async () => {
    const member = await addMember(test, org, 'MANAGER');
    const byUser = await member.orgApi.get(`/members/${member.userId}`);
    expect(byUser.status).toBe(200);
    expect(byUser.body.data).toMatchObject({ id: member.userId, role: 'MANAGER' });
    const byMembership = await org.api.get(`/members/${byUser.body.data.membership_id}`);
    expect(byMembership.body.data.id).toBe(member.userId);
    expect((await org.api.get(`/members/${other.owner.userId}`)).status).toBe(404);
    expect((await org.api.get(`/members/${newId()}`)).status).toBe(404);
    expect((await org.api.get('/members/nope')).status).toBe(404);
  });

  it('keeps guests out of member routes', async () => {
    const guest = await addMember(test, org, 'GUEST');
    expect((await guest.orgApi.get('/members')).status).toBe(403);
    expect((await guest.orgApi.get('/members/query')).status).toBe(403);
    expect((await guest.orgApi.get(`/members/${guest.userId}`)).status).toBe(403);
  });

  it('shows employment details to admins and to the member themself only', async () => {
    const operative = await addMember(test, org, 'OPERATIVE');
    const colleague = await addMember(test, org, 'OPERATIVE');
    await org.api.put(`/members/${colleague.userId}/employment_info`, { tax_number: 'AB123' });
    await org.api.put(`/members/${operative.userId}/employment_info`, { hourly_rate: 18.5 });
    const seenByColleague = await operative.orgApi.get(`/members/${colleague.userId}`);
    expect(seenByColleague.body.data.employment_info.tax_number).toBeNull();
    const own = await operative.orgApi.get(`/members/${operative.userId}`);
    expect(own.body.data.employment_info.hourly_rate).toBe(18.5);
    const byAdmin = await org.api.get(`/members/${colleague.userId}`);
    expect(byAdmin.body.data.employment_info.tax_number).toBe('AB123');
  });
});

describe('GET /members/query', () => {
  let fixture: OrganisationFixture;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    fixture = await createOrganisation(test.app, 'Query Org');
    for (const role of ['MANAGER', 'OPERATIVE', 'OPERATIVE', 'ADMIN'] as const) {
      const member = await addMember(test, fixture, role);
      ids[`${role}${Object.keys(ids).length}`] = member.userId;
    }
    await addMember(test, fixture, 'GUEST');
    await fixture.api.post(`/members/${ids.OPERATIVE2}/deactivate`);
  });

  it('pages with the meta envelope, guests left out', async () => {
    const page = await fixture.api.get('/members/query?page[size]=2&page[number]=2');
    expect(page.status).toBe(200);
    expect(page.body.meta).toMatchObject({ total: 5, current_page: 2, per_page: 2, last_page: 3 });
    expect(page.body.data).toHaveLength(2);
  });

  it('filters by role, active, team and search', async () => {
    const operatives = await fixture.api.get('/members/query?filter[role]=OPERATIVE');
    expect(operatives.body.meta.total).toBe(2);
    const admins = await fixture.api.get('/members/query?filter[role]=ADMIN,MANAGER');
    expect(admins.body.meta.total).toBe(3);
    const inactive = await fixture.api.get('/members/query?filter[active]=false');
    expect(inactive.body.data.map((member: { id: string }) => member.id)).toEqual([ids.OPERATIVE2]);
    const byEmail = await fixture.api.get(
      `/members/query?filter[search]=${encodeURIComponent(fixture.owner.email)}`,
    );
    expect(byEmail.body.data.map((member: { id: string }) => member.id)).toEqual([
      fixture.owner.userId,
    ]);
    const team = await fixture.api.post('/teams', {
      name: 'Night shift',
      user_ids: [ids.MANAGER0],
    });
    const inTeam = await fixture.api.get(`/members/query?filter[team_id]=${team.body.data.id}`);
    expect(inTeam.body.data.map((member: { id: string }) => member.id)).toEqual([ids.MANAGER0]);
    expect(inTeam.body.data[0]).toMatchObject({
      team_ids: [team.body.data.id],
      team_names: ['Night shift'],
    });
  });

  it('sorts by role rank, name, email and member_since', async () => {
    const byRole = await fixture.api.get('/members/query?sort=role');
    expect(byRole.body.data.map((member: { role: string }) => member.role)).toEqual([
      'ADMIN',
      'ADMIN',
      'MANAGER',
      'OPERATIVE',
      'OPERATIVE',
    ]);
    const newest = await fixture.api.get('/members/query?sort=-member_since&page[size]=1');
    expect(newest.body.data[0].id).toBe(ids.ADMIN3);
    const byEmail = await fixture.api.get('/members/query?sort=email');
    const emails = byEmail.body.data.map((member: { email: string }) => member.email);
    expect(emails).toEqual([...emails].sort());
    expect((await fixture.api.get('/members/query?sort=name')).status).toBe(200);
  });

  it('answers page=all as one streamed list, teams and projects included', async () => {
    const all = await fixture.api.get('/members/query?page=all&sort=role');
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(5);
    expect(all.body.data.map((member: { role: string }) => member.role)).toEqual([
      'ADMIN',
      'ADMIN',
      'MANAGER',
      'OPERATIVE',
      'OPERATIVE',
    ]);
    expect(all.body.data[0]).toHaveProperty('team_ids');
    expect(all.body.data[0]).toHaveProperty('employment_info');
  });

  it('refuses what the grammar does not offer here', async () => {
    for (const query of [
      'filter[colour]=red',
      'filter[role]=KING',
      'filter[active]=maybe',
      'filter[team_id]=x',
      'sort=salary',
      'expand[]=teams',
      'sum=id',
    ]) {
      const response = await fixture.api.get(`/members/query?${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});

describe('roles, employment details, activation', () => {
  it('lets an admin change a role, with an audit entry; not their own, not an owner', async () => {
    const admin = await addMember(test, org, 'ADMIN');
    const member = await addMember(test, org, 'OPERATIVE');
    const changed = await admin.orgApi.put(`/members/${member.userId}/role`, { role: 'MANAGER' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toBe('MANAGER');
    expect(await auditActions(test, changed.body.data.membership_id)).toContain('CHANGE_ROLE');

    const own = await admin.orgApi.put(`/members/${admin.userId}/role`, { role: 'OPERATIVE' });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('own_membership');
    const owner = await admin.orgApi.put(`/members/${org.owner.userId}/role`, { role: 'MANAGER' });
    expect(owner.status).toBe(403);
    expect(owner.body.code).toBe('owner_protected');
    const bad = await admin.orgApi.put(`/members/${member.userId}/role`, { role: 'GUEST' });
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual(['role']);
  });

  it('is ADMIN only', async () => {
    const manager = await addMember(test, org, 'MANAGER');
    const member = await addMember(test, org, 'OPERATIVE');
    for (const [method, path, body] of [
      ['PUT', `/members/${member.userId}/role`, { role: 'MANAGER' }],
      ['PUT', `/members/${member.userId}/employment_info`, { tax_number: 'x' }],
      ['POST', `/members/${member.userId}/deactivate`, undefined],
      ['POST', `/members/${member.userId}/activate`, undefined],
      ['POST', `/members/${member.userId}/change_to_guest`, {}],
      ['DELETE', `/members/${member.userId}`, undefined],
      ['POST', '/members/invites', { email: 'x@example.test', role: 'OPERATIVE' }],
    ] as const) {
      const response = await manager.orgApi.call(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.code).toBe('role_required');
    }
  });

  it('sets employment details, leaving fields not sent as they are', async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    const first = await org.api.put(`/members/${member.userId}/employment_info`, {
      employee_number: 'E-7',
      tax_number: ' TX 99 ',
      hourly_rate: 21.25,
    });
    expect(first.status).toBe(200);
    expect(first.body.data.employment_info).toEqual({
      employee_number: 'E-7',
      tax_number: 'TX 99',
      hourly_rate: 21.25,
      daily_rate: null,
    });
    const second = await org.api.put(`/members/${member.userId}/employment_info`, {
      daily_rate: 180,
      employee_number: null,
    });
    expect(second.body.data.employment_info).toEqual({
      employee_number: null,
      tax_number: 'TX 99',
      hourly_rate: 21.25,
      daily_rate: 180,
    });
    const invalid = await org.api.put(`/members/${member.userId}/employment_info`, {
      hourly_rate: -1,
      daily_rate: 'lots',
    });
    expect(invalid.status).toBe(422);
    expect(fields(invalid.body)).toEqual(['daily_rate', 'hourly_rate']);
  });

  it('deactivation ends access at once; activation brings it back', async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    expect((await member.orgApi.get('/members')).status).toBe(200);
    const deactivated = await org.api.post(`/members/${member.userId}/deactivate`);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data.active).toBe(false);
    expect(deactivated.body.data.deactivated_at).toEqual(expect.any(String));
    expect((await member.orgApi.get('/members')).status).toBe(403);
    const context = await member.api.get('/me/context');
    expect(context.body.memberships[0]).toMatchObject({ organisation_id: org.id, active: false });

    const activated = await org.api.post(`/members/${member.userId}/activate`);
    expect(activated.body.data).toMatchObject({ active: true, deactivated_at: null });
    expect((await member.orgApi.get('/members')).status).toBe(200);
    const actions = await auditActions(test, activated.body.data.membership_id);
    expect(actions).toEqual(['DEACTIVATE', 'ACTIVATE']);
  });

  it('refuses to deactivate yourself or an owner', async () => {
    const admin = await addMember(test, org, 'ADMIN');
    const own = await admin.orgApi.post(`/members/${admin.userId}/deactivate`);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('own_membership');
    const owner = await admin.orgApi.post(`/members/${org.owner.userId}/deactivate`);
    expect(owner.body.code).toBe('owner_protected');
  });
});

describe('teams and guests from the member side', () => {
  it('lets a manager add an active member to teams of this organisation', async () => {
    const manager = await addMember(test, org, 'MANAGER');
    const member = await addMember(test, org, 'OPERATIVE');
    const a = await org.api.post('/teams', { name: 'Alpha' });
    const b = await org.api.post('/teams', { name: 'Bravo' });
    const response = await manager.orgApi.post(`/members/${member.userId}/add_to_teams`, {
      team_ids: [b.body.data.id, a.body.data.id],
    });
    expect(response.status).toBe(200);
    expect(response.body.data.team_names).toEqual(['Alpha', 'Bravo']);
    // again: nothing doubles
    const again = await manager.orgApi.post(`/members/${member.userId}/add_to_teams`, {
      team_ids: [a.body.data.id],
    });
    expect(again.body.data.team_ids).toHaveLength(2);

    const foreignTeam = await other.api.post('/teams', { name: 'Foreign' });
    const foreign = await manager.orgApi.post(`/members/${member.userId}/add_to_teams`, {
      team_ids: [a.body.data.id, foreignTeam.body.data.id],
    });
    expect(foreign.status).toBe(422);
    expect(fields(foreign.body)).toEqual(['team_ids.1']);
    const empty = await manager.orgApi.post(`/members/${member.userId}/add_to_teams`, {
      team_ids: [],
    });
    expect(empty.status).toBe(422);

    const operative = await addMember(test, org, 'OPERATIVE');
    const refused = await operative.orgApi.post(`/members/${member.userId}/add_to_teams`, {
      team_ids: [a.body.data.id],
    });
    expect(refused.status).toBe(403);

    await org.api.post(`/members/${member.userId}/deactivate`);
    const inactive = await manager.orgApi.post(`/members/${member.userId}/add_to_teams`, {
      team_ids: [a.body.data.id],
    });
    expect(inactive.status).toBe(409);
  });

  it('turns a member into a guest of projects (leaving teams) and back', async () => {
    const member = await addMember(test, org, 'MANAGER');
    const team = await org.api.post('/teams', {
      name: 'Leads',
      team_lead_id: member.userId,
      user_ids: [member.userId],
    });
    const project = await addProject(test, org, 'Harbour Wall');
    const guest = await org.api.post(`/members/${member.userId}/change_to_guest`, {
      project_ids: [project],
    });
    expect(guest.status).toBe(200);
    expect(guest.body.data).toMatchObject({
      id: member.userId,
      projects: [{ project_id: project, project_name: 'Harbour Wall' }],
    });
    const asMember = await org.api.get(`/members/${member.userId}`);
    expect(asMember.body.data).toMatchObject({ guest: true, role: 'GUEST', team_ids: [] });
    const teamAfter = await org.api.get(`/teams/${team.body.data.id}`);
    expect(teamAfter.body.data).toMatchObject({ team_lead_id: null, user_ids: [] });
    // guests reach guest routes only
    expect((await member.orgApi.get('/members')).status).toBe(403);

    const again = await org.api.post(`/members/${member.userId}/change_to_guest`);
    expect(again.status).toBe(409);
    const back = await org.api.post(`/guests/${member.userId}/change_to_member`, {
      role: 'OPERATIVE',
    });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ guest: false, role: 'OPERATIVE' });
    expect(back.body.data.projects).toEqual([
      { project_id: project, project_name: 'Harbour Wall', can_start_jobs: true, can_edit: false },
    ]);
    const notGuest = await org.api.post(`/guests/${member.userId}/change_to_member`, {
      role: 'OPERATIVE',
    });
    expect(notGuest.status).toBe(404);
  });

  it('names unknown projects and refuses to turn yourself or an owner into a guest', async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    const foreign = await addProject(test, other, 'Elsewhere');
    const response = await org.api.post(`/members/${member.userId}/change_to_guest`, {
      project_ids: [foreign],
    });
    expect(response.status).toBe(422);
    expect(fields(response.body)).toEqual(['project_ids.0']);
    const own = await org.api.post(`/members/${org.owner.userId}/change_to_guest`);
    expect(own.status).toBe(403);
  });
});

describe('DELETE /members/{id}', () => {
  it('removes a member without records: access ends, teams and projects are left', async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    const team = await org.api.post('/teams', { name: 'Removal', user_ids: [member.userId] });
    const deleted = await org.api.delete(`/members/${member.userId}`);
    expect(deleted.status).toBe(204);
    expect((await member.orgApi.get('/members')).status).toBe(403);
    expect((await org.api.get(`/members/${member.userId}`)).status).toBe(404);
    expect((await org.api.get(`/teams/${team.body.data.id}`)).body.data.user_ids).toEqual([]);
    const { rows } = await test.platform.db.query(
      `SELECT active, deleted_at FROM memberships WHERE organisation_id = $1 AND user_id = $2`,
      [org.id, member.userId],
    );
    expect(rows[0]).toMatchObject({ active: false, deleted_at: expect.any(Date) });
  });

  it("answers 409 'member_has_records' naming owned clients and led teams; force hands them over", async () => {
    const member = await addMember(test, org, 'MANAGER');
    const owned = await member.orgApi.post('/clients', { name: 'Owned by the leaver' });
    const team = await org.api.post('/teams', { name: 'Led', team_lead_id: member.userId });
    const refused = await org.api.delete(`/members/${member.userId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('member_has_records');
    expect(refused.body.message).toMatch(/owns 1 client and leads 1 team/);

    const admin = await addMember(test, org, 'ADMIN');
    const forced = await admin.orgApi.delete(`/members/${member.userId}?force=true`);
    expect(forced.status).toBe(204);
    const client_ = await org.api.get(`/clients/${owned.body.data.id}`);
    expect(client_.body.data.owner_id).toBe(admin.userId);
    expect((await org.api.get(`/teams/${team.body.data.id}`)).body.data.team_lead_id).toBeNull();
  });

  it('refuses yourself, an owner, and members of other organisations', async () => {
    const admin = await addMember(test, org, 'ADMIN');
    expect((await admin.orgApi.delete(`/members/${admin.userId}`)).status).toBe(403);
    expect((await admin.orgApi.delete(`/members/${org.owner.userId}`)).status).toBe(403);
    expect((await admin.orgApi.delete(`/members/${other.owner.userId}`)).status).toBe(404);
    const stillThere = await client(test.app, other.owner.token, `/organisations/${other.id}`).get(
      `/members/${other.owner.userId}`,
    );
    expect(stillThere.body.data.active).toBe(true);
  });
});
