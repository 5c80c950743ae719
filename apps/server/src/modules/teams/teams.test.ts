import { describe, expect, it } from 'vitest';
import { addMember, createOrganisation, organisationApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { auditActions } from '../people/people-testing';

const {
  test,
  org,
  other,
  members: { manager, operative, worker },
} = organisationApp('Teams Org', {
  other: 'Other Teams Org',
  members: { manager: 'MANAGER', operative: 'OPERATIVE', worker: 'OPERATIVE' },
});

const fields = (body: { errors: Array<{ field: string }> }) =>
  body.errors.map((error) => error.field).sort();

describe('teams', () => {
  it('creates a team with members and a lead; operatives read it', async () => {
    const created = await manager.orgApi.post('/teams', {
      name: ' Groundworks ',
      shortname: 'GW',
      team_lead_id: manager.userId,
      user_ids: [worker.userId, operative.userId, worker.userId],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Groundworks',
      shortname: 'GW',
      team_lead_id: manager.userId,
      team_lead_name: 'MANAGER member',
      member_count: 2,
      archived_at: null,
    });
    expect([...created.body.data.user_ids].sort()).toEqual(
      [worker.userId, operative.userId].sort(),
    );
    const read = await operative.orgApi.get(`/teams/${created.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(created.body.data);
    // one transaction: both entries carry the same time
    expect((await auditActions(test, created.body.data.id)).sort()).toEqual([
      'ADD_MEMBER',
      'CREATE',
    ]);
  });

  it('lists with the grammar: search, filters, sort by member_count', async () => {
    const fixture = await createOrganisation(test.app, 'Team List Org');
    const member = await addMember(test, fixture, 'OPERATIVE');
    await fixture.api.post('/teams', { name: 'Zulu', user_ids: [member.userId] });
    await fixture.api.post('/teams', { name: 'alpha', shortname: 'AL' });
    const bravo = await fixture.api.post('/teams', {
      name: 'Bravo',
      user_ids: [member.userId, fixture.owner.userId],
    });
    const byName = await fixture.api.get('/teams?sort=name');
    expect(byName.body.data.map((team: { name: string }) => team.name)).toEqual([
      'alpha',
      'Bravo',
      'Zulu',
    ]);
    const biggest = await fixture.api.get('/teams?sort=-member_count&page[size]=1');
    expect(biggest.body.data[0].id).toBe(bravo.body.data.id);
    expect(biggest.body.meta.total).toBe(3);
    const search = await fixture.api.get('/teams?filter[search]=al');
    expect(search.body.data.map((team: { name: string }) => team.name)).toEqual(['alpha']);
    const empty = await fixture.api.get('/teams?filter[member_count]=0');
    expect(empty.body.data.map((team: { name: string }) => team.name)).toEqual(['alpha']);
  });

  it('updates fields; user_ids replaces the members', async () => {
    const team = await org.api.post('/teams', { name: 'Before', user_ids: [worker.userId] });
    const updated = await manager.orgApi.put(`/teams/${team.body.data.id}`, {
      name: 'After',
      user_ids: [operative.userId],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'After',
      user_ids: [operative.userId],
      member_count: 1,
    });
    const renamed = await manager.orgApi.patch(`/teams/${team.body.data.id}`, { shortname: 'AF' });
    expect(renamed.body.data).toMatchObject({ name: 'After', shortname: 'AF', member_count: 1 });
    const cleared = await manager.orgApi.put(`/teams/${team.body.data.id}`, { team_lead_id: null });
    expect(cleared.body.data.team_lead_id).toBeNull();
  });

  it('adds and removes members, one or many', async () => {
    const team = await org.api.post('/teams', { name: 'Moves' });
    const id = team.body.data.id;
    const one = await manager.orgApi.post(`/teams/${id}/add_member`, { user_id: worker.userId });
    expect(one.status).toBe(200);
    expect(one.body.data.user_ids).toEqual([worker.userId]);
    const many = await manager.orgApi.post(`/teams/${id}/add_members`, {
      user_ids: [worker.userId, operative.userId],
    });
    expect(many.body.data.member_count).toBe(2);
    const removed = await manager.orgApi.post(`/teams/${id}/remove_member`, {
      user_id: worker.userId,
    });
    expect(removed.body.data.user_ids).toEqual([operative.userId]);
    expect(await auditActions(test, id)).toEqual([
      'CREATE',
      'ADD_MEMBER',
      'ADD_MEMBER',
      'REMOVE_MEMBER',
    ]);
  });

  it('accepts only active members of this organisation as members or lead (422 on the field)', async () => {
    const outsider = other.owner.userId;
    const guest = await addMember(test, org, 'GUEST');
    const leaver = await addMember(test, org, 'OPERATIVE');
    await org.api.post(`/members/${leaver.userId}/deactivate`);
    const create = await manager.orgApi.post('/teams', {
      name: 'Strict',
      team_lead_id: outsider,
      user_ids: [worker.userId, guest.userId],
    });
    expect(create.status).toBe(422);
    expect(fields(create.body)).toEqual(['user_ids.1']);
    const lead = await manager.orgApi.post('/teams', { name: 'Strict', team_lead_id: outsider });
    expect(fields(lead.body)).toEqual(['team_lead_id']);
    const team = await manager.orgApi.post('/teams', { name: 'Strict' });
    const id = team.body.data.id;
    const one = await manager.orgApi.post(`/teams/${id}/add_member`, { user_id: leaver.userId });
    expect(one.status).toBe(422);
    expect(fields(one.body)).toEqual(['user_id']);
    const many = await manager.orgApi.post(`/teams/${id}/add_members`, {
      user_ids: [worker.userId, outsider],
    });
    expect(fields(many.body)).toEqual(['user_ids.1']);
    const bad = await manager.orgApi.post(`/teams/${id}/add_member`, { user_id: 'nope' });
    expect(fields(bad.body)).toEqual(['user_id']);
    const unnamed = await manager.orgApi.post('/teams', { name: '' });
    expect(fields(unnamed.body)).toEqual(['name']);
    expect((await org.api.get(`/teams/${id}`)).body.data.user_ids).toEqual([]);
  });

  it('duplicates a team with its members; archives and deletes', async () => {
    const team = await org.api.post('/teams', {
      name: 'Original',
      team_lead_id: worker.userId,
      user_ids: [worker.userId, operative.userId],
    });
    const copy = await manager.orgApi.post(`/teams/${team.body.data.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      name: 'Original (copy)',
      team_lead_id: worker.userId,
      member_count: 2,
    });
    expect(copy.body.data.id).not.toBe(team.body.data.id);
    const archived = await manager.orgApi.post(`/teams/${copy.body.data.id}/archive`);
    expect(archived.body.data.archived_at).toEqual(expect.any(String));
    const live = await org.api.get('/teams?filter[archived]=false');
    expect(live.body.data.map((t: { id: string }) => t.id)).not.toContain(copy.body.data.id);
    expect((await manager.orgApi.delete(`/teams/${copy.body.data.id}`)).status).toBe(204);
    expect((await org.api.get(`/teams/${copy.body.data.id}`)).status).toBe(404);
    const { rows } = await test.platform.db.query('SELECT 1 FROM team_members WHERE team_id = $1', [
      copy.body.data.id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('lets operatives read only, and hides other organisations’ teams', async () => {
    const team = await org.api.post('/teams', { name: 'Read only' });
    const id = team.body.data.id;
    expect((await operative.orgApi.get('/teams')).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/teams', { name: 'No' }],
      ['PUT', `/teams/${id}`, { name: 'No' }],
      ['DELETE', `/teams/${id}`, undefined],
      ['POST', `/teams/${id}/duplicate`, undefined],
      ['POST', `/teams/${id}/add_member`, { user_id: operative.userId }],
      ['POST', `/teams/${id}/add_members`, { user_ids: [operative.userId] }],
      ['POST', `/teams/${id}/remove_member`, { user_id: operative.userId }],
    ] as const) {
      expect((await operative.orgApi.call(method, path, body)).status, `${method} ${path}`).toBe(
        403,
      );
    }
    const guest = await addMember(test, org, 'GUEST');
    expect((await guest.orgApi.get('/teams')).status).toBe(403);

    const theirs = await other.api.post('/teams', { name: 'Theirs' });
    const theirId = theirs.body.data.id;
    expect((await org.api.get(`/teams/${theirId}`)).status).toBe(404);
    expect((await org.api.put(`/teams/${theirId}`, { name: 'Mine' })).status).toBe(404);
    expect(
      (await org.api.post(`/teams/${theirId}/add_member`, { user_id: worker.userId })).status,
    ).toBe(404);
    expect((await org.api.post(`/teams/${theirId}/duplicate`)).status).toBe(404);
    expect((await org.api.delete(`/teams/${newId()}`)).status).toBe(404);
    expect((await other.api.get(`/teams/${theirId}`)).body.data.name).toBe('Theirs');
  });
});
