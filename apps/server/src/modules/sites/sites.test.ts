import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import {
  addMember,
  createOrganisation,
  organisationApp,
  type OrganisationFixture,
} from '../../../test/harness';

const { test, org } = organisationApp('Sites Test Org');

const fields = (body: { errors: Array<{ field: string }> }) =>
  body.errors.map((error) => error.field).sort();

async function addProject(fixture: OrganisationFixture, name: string, siteId: string | null) {
  const id = newId();
  await test.platform.db.query(
    `INSERT INTO projects (id, organisation_id, name, site_id) VALUES ($1, $2, $3, $4)`,
    [id, fixture.id, name, siteId],
  );
  return id;
}

describe('sites: create, read, update', () => {
  it('derives the name and full address from the address, with the country named', async () => {
    const created = await org.api.post('/sites', {
      address_line_1: '  1 Riverside Walk ',
      address_line_2: '',
      city: 'Leeds',
      postcode: 'LS1 4AP',
      country: 'gb',
      coordinates: { lat: 53.7947, lng: -1.5461 },
      what3words: '///Filled.Count.Soap',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: '1 Riverside Walk',
      name_is_custom: false,
      address_line_1: '1 Riverside Walk',
      address_line_2: null,
      country: { name: 'United Kingdom', iso_code: 'GB' },
      full_address: '1 Riverside Walk, Leeds, LS1 4AP, United Kingdom',
      coordinates: { lat: 53.7947, lng: -1.5461 },
      what3words: 'filled.count.soap',
      notes: null,
      deleted_at: null,
    });
    const fetched = await org.api.get(`/sites/${created.body.data.id}`);
    expect(fetched.body.data).toEqual(created.body.data);
  });

  it('keeps a derived name in step with the address, and a given name as it is', async () => {
    const derived = await org.api.post('/sites', { address_line_1: '2 Mill Lane', city: 'York' });
    const id = derived.body.data.id;
    const moved = await org.api.put(`/sites/${id}`, { address_line_1: '3 Mill Lane' });
    expect(moved.body.data).toMatchObject({ name: '3 Mill Lane', name_is_custom: false });

    const named = await org.api.put(`/sites/${id}`, { name: 'Mill Court' });
    expect(named.body.data).toMatchObject({ name: 'Mill Court', name_is_custom: true });
    const readdressed = await org.api.put(`/sites/${id}`, { address_line_1: '4 Mill Lane' });
    expect(readdressed.body.data).toMatchObject({ name: 'Mill Court', name_is_custom: true });

    const handedBack = await org.api.put(`/sites/${id}`, { name: null });
    expect(handedBack.body.data).toMatchObject({ name: '4 Mill Lane', name_is_custom: false });

    const noLine1 = await org.api.post('/sites', { city: 'Bath', country: 'GB' });
    expect(noLine1.body.data.name).toBe('Bath, United Kingdom');
  });

  it('refuses bad coordinates, countries, what3words and a site with neither name nor address', async () => {
    const bad = await org.api.post('/sites', {
      name: 'Bad',
      coordinates: { lat: 91, lng: -181 },
      what3words: 'not-three-words',
    });
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual(['coordinates.lat', 'coordinates.lng', 'what3words']);
    const half = await org.api.post('/sites', { name: 'Half', coordinates: { lat: 50 } });
    expect(half.status).toBe(422);
    expect(fields(half.body)).toEqual(['coordinates.lng']);
    const country = await org.api.post('/sites', { name: 'Nowhere', country: 'XX' });
    expect(country.status).toBe(422);
    expect(fields(country.body)).toEqual(['country']);
    const asObject = await org.api.post('/sites', { name: 'Paris', country: { iso_code: 'fr' } });
    expect(asObject.body.data.country).toEqual({ name: 'France', iso_code: 'FR' });
    const empty = await org.api.post('/sites', { notes: 'no address' });
    expect(empty.status).toBe(422);
    expect(fields(empty.body)).toEqual(['name']);
    // A country alone (what an untouched "New site" form sends) is not an address to name a site.
    const countryOnly = await org.api.post('/sites', { country: 'GB' });
    expect(countryOnly.status).toBe(422);
    expect(fields(countryOnly.body)).toEqual(['name']);
    const many = await org.api.post('/sites/create_many', {
      data: [{ name: 'Fine' }, { name: 'Wrong country', country: 'ZZ' }],
    });
    expect(many.status).toBe(422);
    expect(fields(many.body)).toEqual(['data.1.country']);
    expect((await org.api.get('/sites?filter[name]=Fine')).body.meta.total).toBe(0);
  });

  it('clears coordinates with null and keeps the rest', async () => {
    const site = await org.api.post('/sites', {
      name: 'Clearable',
      coordinates: { lat: 1, lng: 2 },
    });
    const cleared = await org.api.put(`/sites/${site.body.data.id}`, { coordinates: null });
    expect(cleared.body.data).toMatchObject({ name: 'Clearable', coordinates: null });
  });

  it('searches name, city and postcode, and filters by country', async () => {
    const fixture = await createOrganisation(test.app, 'Search Org');
    await fixture.api.post('/sites/create_many', {
      data: [
        { name: 'Harbour Quay', city: 'Bristol', postcode: 'BS1 5TY', country: 'GB' },
        { name: 'Canal Wharf', city: 'Leeds', postcode: 'LS11 5PS', country: 'GB' },
        { name: 'Quai du Port', city: 'Marseille', country: 'FR' },
      ],
    });
    const names = async (query: string) =>
      (await fixture.api.get(`/sites?${query}`)).body.data.map((s: { name: string }) => s.name);
    expect(await names('filter[search]=quay')).toEqual(['Harbour Quay']);
    expect(await names('filter[search]=leeds')).toEqual(['Canal Wharf']);
    expect(await names('filter[search]=ls11')).toEqual(['Canal Wharf']);
    expect(await names('filter[country]=FR')).toEqual(['Quai du Port']);
    expect(await names('sort=-name')).toEqual(['Quai du Port', 'Harbour Quay', 'Canal Wharf']);
  });

  it('lets operatives read and only managers write', async () => {
    const operative = await addMember(test, org, 'OPERATIVE');
    expect((await operative.orgApi.get('/sites')).status).toBe(200);
    expect((await operative.orgApi.post('/sites', { name: 'Mine' })).status).toBe(403);
    const guest = await addMember(test, org, 'GUEST');
    expect((await guest.orgApi.get('/sites')).status).toBe(403);
    const manager = await addMember(test, org, 'MANAGER');
    expect((await manager.orgApi.post('/sites', { name: 'Managed' })).status).toBe(201);
  });

  it("answers 404 for another organisation's site", async () => {
    const other = await createOrganisation(test.app, 'Other Org');
    const theirs = await other.api.post('/sites', { name: 'Theirs' });
    const id = theirs.body.data.id;
    expect((await org.api.get(`/sites/${id}`)).status).toBe(404);
    expect((await org.api.put(`/sites/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await org.api.delete(`/sites/${id}`)).status).toBe(404);
    const bulk = await org.api.post('/sites/delete_many', { ids: [id] });
    expect(bulk.body).toEqual({
      deleted: [],
      failed: [{ id, reason: 'Site not found.', code: 'not_found' }],
    });
    expect((await other.api.get(`/sites/${id}`)).body.data.name).toBe('Theirs');
  });
});

describe('sites: soft delete, restore and in-use reasons', () => {
  it('soft-deletes, lists the deleted on request and restores', async () => {
    const site = await org.api.post('/sites', { name: 'Temporary' });
    const id = site.body.data.id;
    expect((await org.api.delete(`/sites/${id}`)).status).toBe(204);
    expect((await org.api.get(`/sites/${id}`)).status).toBe(404);
    const deleted = await org.api.get('/sites?filter[deleted]=true&filter[name]=Temporary');
    expect(deleted.body.data).toEqual([
      expect.objectContaining({ id, deleted_at: expect.any(String) }),
    ]);
    const restored = await org.api.post(`/sites/${id}/restore`);
    expect(restored.body.data).toMatchObject({ id, deleted_at: null });
  });

  it('bulk deletes answer per id: in use by projects or blocks, not found, deleted', async () => {
    const [free, byProject, byBlock] = (
      await org.api.post('/sites/create_many', {
        data: [{ name: 'Free site' }, { name: 'Project site' }, { name: 'Block site' }],
      })
    ).body.data as Array<{ id: string }>;
    await addProject(org, 'Tower', byProject!.id);
    const projectId = await addProject(org, 'Annex', null);
    const block = await org.api.post('/blocks', {
      project_id: projectId,
      site_id: byBlock!.id,
      name: 'Block A',
    });
    expect(block.status).toBe(201);
    const unknown = newId();
    const response = await org.api.delete('/sites/delete_many', {
      ids: [free!.id, byProject!.id, byBlock!.id, unknown],
    });
    expect(response.status).toBe(200);
    expect(response.body.deleted).toEqual([free!.id]);
    expect(response.body.failed).toEqual([
      { id: unknown, reason: 'Site not found.', code: 'not_found' },
      {
        id: byProject!.id,
        reason: 'The site is still used by 1 project (Tower); take it off them first.',
        code: 'in_use',
      },
      {
        id: byBlock!.id,
        reason: 'The site is still used by 1 block (Block A); take it off them first.',
        code: 'in_use',
      },
    ]);
    const single = await org.api.delete(`/sites/${byProject!.id}`);
    expect(single.status).toBe(409);
    expect(single.body.code).toBe('in_use');

    // a deleted project no longer holds its site, nor do its blocks
    await test.platform.db.query(`UPDATE projects SET deleted_at = now() WHERE id = $1`, [
      projectId,
    ]);
    const after = await org.api.post('/sites/delete_many', { ids: [byBlock!.id] });
    expect(after.body).toEqual({ deleted: [byBlock!.id], failed: [] });
  });
});
