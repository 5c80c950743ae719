import { describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganisation,
  getFile,
  organisationApp,
  type OrganisationFixture,
} from '../../../test/harness';
import { newId } from '../../platform/ids';
import { auditActions } from '../people/people-testing';

const { test, org, other } = organisationApp('Project Lists Org', { other: 'Other Lists Org' });

async function newProject(body: Record<string, unknown>, fixture = org) {
  const response = await fixture.api.post('/projects', body);
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}

async function insertNamed(
  fixture: OrganisationFixture,
  table: string,
  name: string,
  archived = false,
) {
  const id = newId();
  await test.platform.db.query(
    `INSERT INTO ${table} (id, organisation_id, name, archived_at) VALUES ($1, $2, $3, $4)`,
    [id, fixture.id, name, archived ? new Date() : null],
  );
  return id;
}

async function projectColumns(id: string) {
  const { rows } = await test.platform.db.query<{
    rates_recalculated_at: Date | null;
    page_cache_cleared_at: Date | null;
    approvals_enabled: boolean;
  }>(
    `SELECT rates_recalculated_at, page_cache_cleared_at, approvals_enabled FROM projects WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

describe('project actions', () => {
  it('recalculates rates on the queue, stamps cleared pages, and turns approvals on, each audited', async () => {
    const id = await newProject({ name: 'Action Station' });
    expect(await projectColumns(id)).toEqual({
      rates_recalculated_at: null,
      page_cache_cleared_at: null,
      approvals_enabled: false,
    });
    // The re-pricing itself: materials/materials.test.ts.
    const rates = await org.api.post(`/projects/${id}/recalculate_rates`);
    expect(rates.status).toBe(202);
    expect(rates.body).toEqual({ task_id: expect.any(String), status: 'QUEUED' });
    for (let tries = 0; tries < 100; tries += 1) {
      const task = (await org.api.get(`/background_tasks/${rates.body.task_id}`)).body.data;
      if (task.status === 'SUCCEEDED') break;
      await new Promise((done) => setTimeout(done, 100));
    }
    expect((await projectColumns(id)).rates_recalculated_at).toBeInstanceOf(Date);
    expect((await projectColumns(id)).page_cache_cleared_at).toBeNull();

    const cache = await org.api.post(`/projects/${id}/clear_page_cache`);
    expect(cache.status).toBe(200);
    expect((await projectColumns(id)).page_cache_cleared_at).toBeInstanceOf(Date);

    const approvals = await org.api.post(`/projects/${id}/enable_approvals_on_all_forms`);
    expect(approvals.status).toBe(200);
    expect(approvals.body.data.approvals_enabled).toBe(true);
    expect(await auditActions(test, id)).toEqual([
      'CREATE',
      'RECALCULATE_RATES',
      'CLEAR_PAGE_CACHE',
      'ENABLE_APPROVALS_ON_ALL_FORMS',
    ]);
  });

  it('answers 404 for deleted, unknown and foreign projects; managers only', async () => {
    const id = await newProject({ name: 'Closed Station' });
    const operative = await addMember(test, org, 'OPERATIVE');
    const refused = await operative.orgApi.post(`/projects/${id}/clear_page_cache`);
    expect(refused.status).toBe(403);
    await org.api.delete(`/projects/${id}`);
    const foreign = await newProject({ name: 'Foreign Station' }, other);
    for (const target of [id, newId(), foreign]) {
      for (const action of [
        'recalculate_rates',
        'clear_page_cache',
        'enable_approvals_on_all_forms',
      ]) {
        expect((await org.api.post(`/projects/${target}/${action}`)).status).toBe(404);
      }
    }
    expect((await projectColumns(foreign)).approvals_enabled).toBe(false);
  });
});

async function download(url: string) {
  const response = await getFile(test.app, url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  return response.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
}

describe('POST /exports/projects_csv', () => {
  it('exports the filtered projects with their client and owner', async () => {
    const fixture = await createOrganisation(test.app, 'Export Projects Org');
    const client = await fixture.api.post('/clients', { name: 'Northgate' });
    const clientId = client.body.data.id as string;
    await newProject(
      {
        name: 'Alpha Yard',
        reference: 'AY-1',
        client_id: clientId,
        package: 'Fire stopping',
        developer: 'Acme, "Homes"',
        site_address: '1 Road',
      },
      fixture,
    );
    await newProject({ name: 'Beta Yard', client_id: clientId }, fixture);
    const archived = await newProject({ name: 'Gamma Yard' }, fixture);
    await fixture.api.post(`/projects/${archived}/archive`);
    const deleted = await newProject({ name: 'Deleted Yard' }, fixture);
    await fixture.api.delete(`/projects/${deleted}`);

    const filtered = await fixture.api.post('/exports/projects_csv', {
      filter: { client_id: clientId },
      sort: '-name',
    });
    expect(filtered.status).toBe(200);
    const lines = await download(filtered.body.url);
    expect(lines[0]).toBe(
      'ID,Name,Reference,Client,Owner,Package,Developer,Site address,Archived at,Created at',
    );
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['Beta Yard', 'Alpha Yard']);
    expect(lines[2]).toContain(
      ',Alpha Yard,AY-1,Northgate,Export Projects Org Owner,Fire stopping,"Acme, ""Homes""",1 Road,,',
    );

    const live = await fixture.api.post('/exports/projects_csv?filter[archived]=false');
    expect((await download(live.body.url)).slice(1).map((line) => line.split(',')[1])).toEqual([
      'Alpha Yard',
      'Beta Yard',
    ]);
    const all = await fixture.api.post('/exports/projects_csv');
    expect(await download(all.body.url)).toHaveLength(4);
    const none = await fixture.api.post('/exports/projects_csv', { filter: { name: 'Nothing' } });
    expect(await download(none.body.url)).toEqual([lines[0]]);
    const unknownFilter = await fixture.api.post('/exports/projects_csv', {
      filter: { colour: 'red' },
    });
    expect(unknownFilter.status).toBe(400);
    const operative = await addMember(test, fixture, 'OPERATIVE');
    expect((await operative.orgApi.post('/exports/projects_csv')).status).toBe(403);
  });
});

describe('select options and pickers', () => {
  it('lists projects and project templates as {id, name, archived_at}', async () => {
    const fixture = await createOrganisation(test.app, 'Options Projects Org');
    const zulu = await newProject({ name: 'Zulu' }, fixture);
    const alpha = await newProject({ name: 'alpha' }, fixture);
    await fixture.api.post(`/projects/${zulu}/archive`);
    const gone = await newProject({ name: 'Gone' }, fixture);
    await fixture.api.delete(`/projects/${gone}`);
    await newProject({ name: 'Not mine' }, other);

    const projects = await fixture.api.get('/select_options/projects');
    expect(projects.status).toBe(200);
    expect(projects.body).toEqual({
      data: [
        { id: alpha, name: 'alpha', archived_at: null },
        { id: zulu, name: 'Zulu', archived_at: expect.any(String) },
      ],
    });
    const live = await fixture.api.get('/select_options/projects?filter[archived]=false');
    expect(live.body.data.map((option: { id: string }) => option.id)).toEqual([alpha]);
    const searched = await fixture.api.get('/select_options/projects?filter[search]=ZU');
    expect(searched.body.data.map((option: { id: string }) => option.id)).toEqual([zulu]);

    const template = await fixture.api.post('/project_templates', { name: 'Standard' });
    const templates = await fixture.api.get('/select_options/project_templates');
    expect(templates.body).toEqual({
      data: [{ id: template.body.data.id, name: 'Standard', archived_at: null }],
    });
    const operative = await addMember(test, fixture, 'OPERATIVE');
    expect((await operative.orgApi.get('/select_options/projects')).status).toBe(200);
    const guest = await addMember(test, fixture, 'GUEST');
    expect((await guest.orgApi.get('/select_options/projects')).status).toBe(403);
  });

  it('lists materials, rate sets and forms of the organisation only', async () => {
    const fixture = await createOrganisation(test.app, 'Catalogue Org');
    const brick = await insertNamed(fixture, 'materials', 'Brick');
    const old = await insertNamed(fixture, 'materials', 'Asbestos board', true);
    await insertNamed(other, 'materials', 'Foreign material');
    const materials = await fixture.api.get('/select_options/materials');
    expect(materials.body.data).toEqual([
      { id: old, name: 'Asbestos board', archived_at: expect.any(String) },
      { id: brick, name: 'Brick', archived_at: null },
    ]);
    expect(
      (await fixture.api.get('/select_options/materials?filter[archived]=false')).body.data,
    ).toEqual([{ id: brick, name: 'Brick', archived_at: null }]);

    const day = await insertNamed(fixture, 'rate_sets', 'Day rates');
    const night = await insertNamed(fixture, 'rate_sets', 'Night rates', true);
    const foreignRates = await insertNamed(other, 'rate_sets', 'Foreign rates');
    const rateSets = await fixture.api.get('/rate_sets?sort=-name');
    expect(rateSets.status).toBe(200);
    expect(rateSets.body.data.map((item: { id: string }) => item.id)).toEqual([night, day]);
    expect(rateSets.body.meta).toMatchObject({ total: 2, current_page: 1 });
    expect(rateSets.body.data[1]).toMatchObject({
      id: day,
      name: 'Day rates',
      archived_at: null,
      locked: false,
      prices: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const liveRates = await fixture.api.get('/rate_sets?filter[archived]=false&page=all');
    expect(liveRates.body.data.map((item: { id: string }) => item.id)).toEqual([day]);
    expect((await fixture.api.get(`/rate_sets/${day}`)).body.data.name).toBe('Day rates');
    expect((await fixture.api.get(`/rate_sets/${foreignRates}`)).status).toBe(404);

    const form = await insertNamed(fixture, 'forms', 'Fire door inspection');
    await insertNamed(fixture, 'forms', 'Snag report');
    const forms = await fixture.api.get('/forms?filter[search]=door');
    expect(forms.body.data.map((item: { id: string }) => item.id)).toEqual([form]);
    const operative = await addMember(test, fixture, 'OPERATIVE');
    expect((await operative.orgApi.get('/forms')).status).toBe(200);
    expect((await operative.orgApi.post('/forms', { name: 'New' })).status).toBe(403);
    expect((await operative.orgApi.get('/select_options/materials')).status).toBe(200);
  });
});
