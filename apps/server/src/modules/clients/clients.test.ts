import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import {
  addMember,
  client,
  createOrganisation,
  getFile,
  organisationApp,
  type OrganisationFixture,
} from '../../../test/harness';

const { test, org } = organisationApp('Clients Test Org');

const names = (body: { data: Array<{ name: string }> }) => body.data.map((item) => item.name);

async function createClients(fixture: OrganisationFixture, list: string[]) {
  const created = await fixture.api.post('/clients/create_many', {
    data: list.map((name) => ({ name })),
  });
  expect(created.status).toBe(201);
  return created.body.data as Array<{ id: string; name: string }>;
}

async function addProject(fixture: OrganisationFixture, clientId: string) {
  await test.platform.db.query(
    `INSERT INTO projects (id, organisation_id, client_id, name) VALUES ($1, $2, $3, 'Tower')`,
    [newId(), fixture.id, clientId],
  );
}

describe('clients: create, get, update', () => {
  it('creates a client owned by its creator and reads it back', async () => {
    const created = await org.api.post('/clients', { name: '  Northgate Developments  ' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Northgate Developments',
      owner_id: org.owner.userId,
      owner_name: 'Clients Test Org Owner',
      archived_at: null,
      project_count: 0,
    });
    expect(created.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const fetched = await org.api.get(`/clients/${created.body.data.id}`);
    expect(fetched.body.data).toEqual(created.body.data);
  });

  it('updates only the fields sent and records an audit entry per change', async () => {
    const created = await org.api.post('/clients', { name: 'Before' });
    const updated = await org.api.put(`/clients/${created.body.data.id}`, { name: 'After' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'After', owner_id: org.owner.userId });
    const { rows } = await test.platform.db.query<{ action: string }>(
      `SELECT action FROM audit_entries WHERE document_id = $1 ORDER BY performed_at, action`,
      [created.body.data.id],
    );
    expect(rows.map((row) => row.action)).toEqual(['CREATE', 'UPDATE']);
  });

  it('answers 422 naming each bad field, 404 for unknown or malformed ids', async () => {
    const invalid = await org.api.post('/clients', { name: 42, owner_id: 'not-an-id' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'name',
      'owner_id',
    ]);
    expect((await org.api.get(`/clients/${newId()}`)).status).toBe(404);
    expect((await org.api.get('/clients/not-an-id')).status).toBe(404);
    expect((await org.api.put(`/clients/${newId()}`, { name: 'x' })).status).toBe(404);
  });

  it('refuses an owner who is not a member of the organisation', async () => {
    const outsider = await createOrganisation(test.app, 'Outsider Org');
    const response = await org.api.post('/clients', {
      name: 'Owned elsewhere',
      owner_id: outsider.owner.userId,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].field).toBe('owner_id');
  });

  it('creates many clients all or nothing, naming the bad item', async () => {
    const before = (await org.api.get('/clients')).body.meta.total;
    const response = await org.api.post('/clients/create_many', {
      data: [{ name: 'Fine' }, { name: '' }],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].field).toBe('data.1.name');
    expect((await org.api.get('/clients')).body.meta.total).toBe(before);
  });
});

describe('clients: the list grammar', () => {
  let fixture: OrganisationFixture;
  beforeAll(async () => {
    fixture = await createOrganisation(test.app, 'List Grammar Org');
    const clients = await createClients(fixture, [
      'Delta',
      'alpha',
      'Charlie',
      'Bravo',
      'Echo 100%',
    ]);
    await addProject(fixture, clients[0]!.id);
    await addProject(fixture, clients[0]!.id);
    await addProject(fixture, clients[2]!.id);
    await fixture.api.post(`/clients/${clients[3]!.id}/archive`);
  });

  it('pages with the meta envelope', async () => {
    const page = await fixture.api.get('/clients?sort=name&page[number]=2&page[size]=2');
    expect(page.status).toBe(200);
    expect(page.body.meta).toMatchObject({ total: 5, current_page: 2, per_page: 2, last_page: 3 });
    expect(names(page.body)).toEqual(['Charlie', 'Delta']);
    const beyond = await fixture.api.get('/clients?page[number]=9&page[size]=2');
    expect(beyond.body).toMatchObject({
      data: [],
      meta: { total: 5, current_page: 9, last_page: 3 },
    });
  });

  it('sorts by several keys, descending with a minus, text ignoring case', async () => {
    expect(names((await fixture.api.get('/clients?sort=-name')).body)).toEqual([
      'Echo 100%',
      'Delta',
      'Charlie',
      'Bravo',
      'alpha',
    ]);
    const byProjects = await fixture.api.get('/clients?sort=-project_count,name');
    expect(names(byProjects.body)).toEqual(['Delta', 'Charlie', 'alpha', 'Bravo', 'Echo 100%']);
  });

  it('filters by exact value, comma lists, archived state and search; ignores empty filters', async () => {
    expect(
      names((await fixture.api.get('/clients?filter[name]=Delta,Bravo&sort=name')).body),
    ).toEqual(['Bravo', 'Delta']);
    expect(names((await fixture.api.get('/clients?filter[archived]=true')).body)).toEqual([
      'Bravo',
    ]);
    expect((await fixture.api.get('/clients?filter[archived]=false')).body.meta.total).toBe(4);
    expect(names((await fixture.api.get('/clients?filter[search]=ALP')).body)).toEqual(['alpha']);
    expect(names((await fixture.api.get('/clients?filter[search]=100%25')).body)).toEqual([
      'Echo 100%',
    ]);
    expect(names((await fixture.api.get('/clients?filter[search]=0%25')).body)).toEqual([
      'Echo 100%',
    ]);
    expect((await fixture.api.get('/clients?filter[search]=_')).body.meta.total).toBe(0);
    expect(names((await fixture.api.get('/clients?filter[project_count]=2')).body)).toEqual([
      'Delta',
    ]);
    expect(
      (await fixture.api.get('/clients?filter[name]=&filter[owner_id]=')).body.meta.total,
    ).toBe(5);
  });

  it('answers ids of every match and sums over every match, not just the page', async () => {
    const response = await fixture.api.get(
      '/clients?page[size]=1&withIds=true&sum=project_count&sort=name',
    );
    expect(response.body.data).toHaveLength(1);
    expect(response.body.ids).toHaveLength(5);
    expect(response.body.sums).toEqual({ project_count: 3 });
    expect(response.body.ids[0]).toBe(response.body.data[0].id);
  });

  it('streams every match with page=all', async () => {
    const response = await fixture.api.get(
      '/clients?page=all&sort=name&withIds=true&sum=project_count',
    );
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(['alpha', 'Bravo', 'Charlie', 'Delta', 'Echo 100%']);
    expect(response.body.meta).toMatchObject({
      total: 5,
      current_page: 1,
      per_page: 5,
      last_page: 1,
    });
    expect(response.body.ids).toHaveLength(5);
    expect(response.body.sums).toEqual({ project_count: 3 });
  });

  it('rejects unknown filter, sort, expand and sum fields and bad paging with 400', async () => {
    for (const query of [
      'filter[secret]=1',
      'sort=password',
      'expand[]=everything',
      'sum=name',
      'page[size]=0',
      'page[number]=x',
      'page=some',
      'filter[archived]=maybe',
      'filter[owner_id]=abc',
      'withIds=perhaps',
    ]) {
      const response = await fixture.api.get(`/clients?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body).toMatchObject({ type: 'Bad Request', status: 400 });
    }
  });

  it('expands contacts and the owner in one query per relation', async () => {
    const [acme] = await createClients(fixture, ['Zulu With Contacts']);
    await fixture.api.post('/contacts', {
      client_id: acme!.id,
      name: 'Zed',
      email: 'ZED@EXAMPLE.COM',
    });
    const response = await fixture.api.get(
      `/clients?filter[id]=${acme!.id}&expand[]=contacts&expand[]=owner`,
    );
    expect(response.body.data[0].contacts).toEqual([
      expect.objectContaining({
        name: 'Zed',
        email: 'zed@example.com',
        client_name: 'Zulu With Contacts',
      }),
    ]);
    expect(response.body.data[0].owner).toEqual({
      id: fixture.owner.userId,
      name: 'List Grammar Org Owner',
      email: fixture.owner.email,
    });
    const single = await fixture.api.get(`/clients/${acme!.id}?expand[]=contacts`);
    expect(single.body.data.contacts).toHaveLength(1);
  });
});

describe('clients: archive, delete, force', () => {
  it('archives and unarchives one or many, reporting ids it could not find', async () => {
    const [a, b] = await createClients(org, ['Archive A', 'Archive B']);
    const one = await org.api.post(`/clients/${a!.id}/archive`);
    expect(one.body.data.archived_at).not.toBeNull();
    const unknown = newId();
    const many = await org.api.post('/clients/archive_many', { ids: [a!.id, b!.id, unknown] });
    expect(many.body).toEqual({
      archived: [a!.id, b!.id],
      failed: [{ id: unknown, reason: 'Client not found.', code: 'not_found' }],
    });
    const back = await org.api.put('/clients/unarchive_many', { ids: [a!.id, b!.id] });
    expect(back.body.unarchived).toEqual([a!.id, b!.id]);
    expect((await org.api.post(`/clients/${b!.id}/unarchive`)).body.data.archived_at).toBeNull();
    expect((await org.api.post('/clients/archive_many', { ids: [] })).status).toBe(422);
  });

  it('refuses to delete a client with projects unless forced, and force keeps the projects', async () => {
    const [busy, idle] = await createClients(org, ['Busy', 'Idle']);
    await addProject(org, busy!.id);
    const refused = await org.api.delete(`/clients/${busy!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ type: 'Conflict', code: 'in_use' });
    expect((await org.api.delete(`/clients/${idle!.id}`)).status).toBe(204);
    expect((await org.api.get(`/clients/${idle!.id}`)).status).toBe(404);

    const forced = await org.api.delete(`/clients/${busy!.id}?force=true`);
    expect(forced.status).toBe(204);
    const { rows } = await test.platform.db.query(
      `SELECT client_id FROM projects WHERE organisation_id = $1 AND name = 'Tower'`,
      [org.id],
    );
    expect(rows).toEqual([{ client_id: null }]);
  });

  it('deletes many, answering which were deleted and why the others were not', async () => {
    const [free, busy] = await createClients(org, ['Free', 'Has project']);
    await addProject(org, busy!.id);
    const unknown = newId();
    const response = await org.api.delete('/clients/delete_many', {
      ids: [free!.id, busy!.id, unknown],
    });
    expect(response.status).toBe(200);
    expect(response.body.deleted).toEqual([free!.id]);
    expect(response.body.failed).toEqual([
      { id: unknown, reason: 'Client not found.', code: 'not_found' },
      { id: busy!.id, reason: expect.stringContaining('1 project'), code: 'in_use' },
    ]);
    const forced = await org.api.post('/clients/delete_many?force=true', { ids: [busy!.id] });
    expect(forced.body).toEqual({ deleted: [busy!.id], failed: [] });
  });
});

describe('clients: roles', () => {
  it('lets operatives read but not write, managers write but not force, and keeps guests out', async () => {
    const operative = await addMember(test, org, 'OPERATIVE');
    const manager = await addMember(test, org, 'MANAGER');
    const guest = await addMember(test, org, 'GUEST');
    expect((await operative.orgApi.get('/clients')).status).toBe(200);
    const denied = await operative.orgApi.post('/clients', { name: 'Nope' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ type: 'Forbidden', code: 'role_required' });
    expect((await guest.orgApi.get('/clients')).status).toBe(403);

    const created = await manager.orgApi.post('/clients', { name: 'By manager' });
    expect(created.status).toBe(201);
    expect(
      (await manager.orgApi.delete(`/clients/${created.body.data.id}?force=true`)).status,
    ).toBe(403);
    expect((await manager.orgApi.delete(`/clients/${created.body.data.id}`)).status).toBe(204);
  });

  it('drops a deactivated member at once', async () => {
    const operative = await addMember(test, org, 'OPERATIVE');
    expect((await operative.orgApi.get('/clients')).status).toBe(200);
    await test.platform.db.query('UPDATE memberships SET active = false WHERE user_id = $1', [
      operative.userId,
    ]);
    expect((await operative.orgApi.get('/clients')).status).toBe(403);
  });
});

describe('exports and select options', () => {
  it('exports the filtered clients as a real CSV behind a signed link', async () => {
    const fixture = await createOrganisation(test.app, 'Export Org');
    await createClients(fixture, ['Kilo, "Quoted" Ltd', 'Lima', 'Mike']);
    const exported = await fixture.api.post('/exports/clients_csv', {
      filter: { name: ['Kilo, "Quoted" Ltd', 'Mike'] },
    });
    // a comma inside a name cannot pass through the comma-list grammar: only Mike matches
    expect(exported.status).toBe(200);
    const url = new URL(exported.body.url);
    const download = await getFile(test.app, url.toString());
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    const lines = download.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('ID,Name,Owner,Projects,Last activity,Archived at,Created at,Updated at');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['Mike']);

    const all = await fixture.api.post('/exports/clients_csv?sort=-name');
    const allUrl = new URL(all.body.url);
    const body = (await getFile(test.app, all.body.url)).body;
    expect(body).toContain('"Kilo, ""Quoted"" Ltd"');
    expect(body.trim().split('\n')).toHaveLength(4);

    const tampered = await test.app.inject({
      method: 'GET',
      url: allUrl.pathname + allUrl.search.replace(/signature=./, 'signature=x'),
    });
    expect(tampered.statusCode).toBe(403);
  });

  it('answers select options for every client, archived ones marked', async () => {
    const fixture = await createOrganisation(test.app, 'Options Org');
    const [x] = await createClients(fixture, ['Xray', 'Yankee']);
    await fixture.api.post(`/clients/${x!.id}/archive`);
    const response = await fixture.api.get('/select_options/clients');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { id: x!.id, name: 'Xray', archived_at: expect.any(String) },
      { id: expect.any(String), name: 'Yankee', archived_at: null },
    ]);
    expect(
      (await fixture.api.get('/select_options/clients?filter[archived]=false')).body.data,
    ).toHaveLength(1);
  });
});

describe('contacts', () => {
  it('keeps a contact to clients of its own organisation', async () => {
    const other = await createOrganisation(test.app, 'Contact Other Org');
    const [theirs] = await createClients(other, ['Theirs']);
    const response = await org.api.post('/contacts', { client_id: theirs!.id, name: 'Sneaky' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { field: 'client_id', message: 'Client not found.', code: 'not_found' },
    ]);
  });

  it('lists contacts by client, expands the client, moves and duplicates them', async () => {
    const [first, second] = await createClients(org, ['Contacts One', 'Contacts Two']);
    const contact = await org.api.post('/contacts', {
      client_id: first!.id,
      name: 'Jo',
      telephone: '01234',
      email: '',
      role: 'Buyer',
    });
    expect(contact.status).toBe(201);
    expect(contact.body.data).toMatchObject({
      client_name: 'Contacts One',
      email: null,
      telephone: '01234',
    });
    const listed = await org.api.get(`/contacts?filter[client_id]=${first!.id}&expand[]=client`);
    expect(listed.body.data[0].client).toMatchObject({ id: first!.id, name: 'Contacts One' });

    const moved = await org.api.post(`/contacts/${contact.body.data.id}/move`, {
      client_id: second!.id,
    });
    expect(moved.body.data.client_id).toBe(second!.id);
    const badMove = await org.api.post('/contacts/move_many', {
      ids: [contact.body.data.id],
      client_id: newId(),
    });
    expect(badMove.status).toBe(422);

    const copy = await org.api.post(`/contacts/${contact.body.data.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      name: 'Jo (copy)',
      client_id: second!.id,
      role: 'Buyer',
    });
  });

  it('loses its contacts with a deleted client', async () => {
    const [gone] = await createClients(org, ['Gone Soon']);
    const contact = await org.api.post('/contacts', { client_id: gone!.id, name: 'Temp' });
    await org.api.delete(`/clients/${gone!.id}`);
    expect((await org.api.get(`/contacts/${contact.body.data.id}`)).status).toBe(404);
  });
});

it('keeps non-members out of the organisation base path', async () => {
  const stranger = await createOrganisation(test.app, 'Stranger Org');
  const response = await client(test.app, stranger.owner.token).get(
    `/organisations/${org.id}/clients`,
  );
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({ type: 'Forbidden', code: 'not_a_member' });
});
