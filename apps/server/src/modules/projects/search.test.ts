import { searchResultSchema } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import { addMember, organisationApp, type OrganisationFixture } from '../../../test/harness';
import { searchPatterns } from './search-sql';

const { test, org, other } = organisationApp('Search Test Org', { other: 'Other Search Org' });

interface Seed {
  name: string;
  reference?: string;
  clientId?: string;
  archived?: boolean;
  deleted?: boolean;
}

async function insertClient(fixture: OrganisationFixture, name: string, archived = false) {
  const id = newId();
  await test.platform.db.query(
    `INSERT INTO clients (id, organisation_id, name, archived_at) VALUES ($1, $2, $3, $4)`,
    [id, fixture.id, name, archived ? new Date() : null],
  );
  return id;
}

async function insertProject(fixture: OrganisationFixture, seed: Seed) {
  const id = newId();
  await test.platform.db.query(
    `INSERT INTO projects (id, organisation_id, name, reference, client_id, archived_at, deleted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      fixture.id,
      seed.name,
      seed.reference ?? null,
      seed.clientId ?? null,
      seed.archived ? new Date() : null,
      seed.deleted ? new Date() : null,
    ],
  );
  return id;
}

const searchFor = (term: string, api = org.api) =>
  api.get(`/search?term=${encodeURIComponent(term)}`);
const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

describe('GET /search', () => {
  it('ranks live before archived, prefixes before inner matches, then shorter names, then name', async () => {
    const northgate = await insertClient(org, 'Quarry Northgate');
    await insertProject(org, { name: 'Old Quarry Lane', archived: true });
    await insertProject(org, { name: 'Quarry works phase two', reference: 'QW-2' });
    await insertProject(org, { name: 'quarry yard', clientId: northgate });
    await insertProject(org, { name: 'The QUARRY' });
    await insertProject(org, { name: 'Quarry Mill' });
    await insertProject(org, { name: 'Quarry archived', archived: true });
    await insertProject(org, { name: 'Quarry gone', deleted: true });
    await insertClient(org, 'Big Quarry Ltd');
    await insertClient(org, 'Quarry Co', true);

    const response = await searchFor('quarry');
    expect(response.status).toBe(200);
    expect(searchResultSchema.parse(response.body)).toEqual(response.body);
    expect(names(response.body.projects)).toEqual([
      'Quarry Mill',
      'quarry yard',
      'Quarry works phase two',
      'The QUARRY',
      'Quarry archived',
      'Old Quarry Lane',
    ]);
    expect(response.body.projects[1]).toEqual({
      id: expect.any(String),
      name: 'quarry yard',
      reference: null,
      client_name: 'Quarry Northgate',
      archived_at: null,
    });
    expect(response.body.projects[4].archived_at).toEqual(expect.any(String));
    expect(names(response.body.clients)).toEqual([
      'Quarry Northgate',
      'Big Quarry Ltd',
      'Quarry Co',
    ]);
    expect(response.body.clients[2].archived_at).toEqual(expect.any(String));
    expect(response.body.jobs).toEqual([]);
    expect(response.body.jobSheets).toEqual([]);
  });

  it('matches project references, prefix references ranking first', async () => {
    await insertProject(org, { name: 'Harbour wall', reference: 'HBR-7731' });
    await insertProject(org, { name: 'Bridge', reference: 'XHBR-7731' });
    await insertProject(org, { name: 'Ferry HBR-7731 terminal' });
    const response = await searchFor('hbr-7731');
    expect(names(response.body.projects)).toEqual([
      'Harbour wall',
      'Bridge',
      'Ferry HBR-7731 terminal',
    ]);
    expect(response.body.projects[0].reference).toBe('HBR-7731');
    expect(response.body.clients).toEqual([]);
  });

  it('answers at most ten of each group, the best ones', async () => {
    for (let i = 0; i < 14; i++) {
      await insertProject(org, { name: `Zephyr block ${String(i).padStart(2, '0')}` });
      await insertClient(org, `Zephyr client ${String(i).padStart(2, '0')}`);
    }
    await insertProject(org, { name: 'Zephyr' });
    const response = await searchFor('ZEPHYR');
    expect(response.body.projects).toHaveLength(10);
    expect(response.body.projects[0].name).toBe('Zephyr');
    expect(response.body.projects[9].name).toBe('Zephyr block 08');
    expect(names(response.body.clients)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Zephyr client ${String(i).padStart(2, '0')}`),
    );
  });

  it('fills the ten with inner matches, shortest first, after the prefix matches', async () => {
    await insertProject(org, { name: 'Wren long name' });
    await insertProject(org, { name: 'Wren' });
    for (let i = 1; i <= 12; i++) await insertProject(org, { name: `${'x'.repeat(i)} wren` });
    await insertProject(org, { name: 'A wren', archived: true });
    const response = await searchFor('wren');
    expect(names(response.body.projects)).toEqual([
      'Wren',
      'Wren long name',
      ...Array.from({ length: 8 }, (_, i) => `${'x'.repeat(i + 1)} wren`),
    ]);
  });

  it('takes % _ and \\ literally', async () => {
    await insertProject(org, { name: 'Kestrel 100% done' });
    await insertProject(org, { name: 'Kestrel 1000 done' });
    await insertProject(org, { name: 'Kestrel a_b' });
    await insertProject(org, { name: 'Kestrel axb' });
    await insertProject(org, { name: 'Kestrel c\\d' });
    expect(names((await searchFor('00%')).body.projects)).toEqual(['Kestrel 100% done']);
    expect(names((await searchFor('a_b')).body.projects)).toEqual(['Kestrel a_b']);
    expect(names((await searchFor('c\\d')).body.projects)).toEqual(['Kestrel c\\d']);
    // one character is a prefix: no name starts with "%", and "%" is no wildcard
    expect((await searchFor('%')).body.projects).toEqual([]);
  });

  it('matches a term of one or two characters as a prefix only', async () => {
    await insertProject(org, { name: 'Jetty works' });
    await insertProject(org, { name: 'jade' });
    await insertProject(org, { name: 'Major J road' });
    await insertProject(org, { name: 'Dock', reference: 'J-1' });
    await insertProject(org, { name: 'Old jetty', archived: true });
    await insertProject(org, { name: 'Jetty store', archived: true });
    expect(names((await searchFor('j')).body.projects)).toEqual([
      'Dock',
      'jade',
      'Jetty works',
      'Jetty store',
    ]);
    expect(names((await searchFor('JE')).body.projects)).toEqual(['Jetty works', 'Jetty store']);
    expect(names((await searchFor('jet')).body.projects)).toEqual([
      'Jetty works',
      'Jetty store',
      'Old jetty',
    ]);
    expect(searchPatterns('a')).toEqual({ prefix: 'a%', contains: null });
    expect(searchPatterns('ab')).toEqual({ prefix: 'ab%', contains: null });
    expect(searchPatterns('a_%')).toEqual({ prefix: 'a\\_\\%%', contains: '%a\\_\\%%' });
  });

  it('trims the term and answers 422 on query.term when it is missing, blank or too long', async () => {
    await insertProject(org, { name: 'Trimmed Osprey' });
    expect(names((await searchFor('  osprey  ')).body.projects)).toEqual(['Trimmed Osprey']);
    for (const url of [
      '/search',
      '/search?term=',
      '/search?term=%20%20',
      `/search?term=${'x'.repeat(101)}`,
    ]) {
      const response = await org.api.get(url);
      expect(response.status, url).toBe(422);
      expect(
        response.body.errors.map((e: { field: string }) => e.field),
        url,
      ).toEqual(['query.term']);
    }
    expect((await org.api.get(`/search?term=${'x'.repeat(100)}`)).status).toBe(200);
  });

  it('shows guests only the projects they are members of, and no clients', async () => {
    const guest = await addMember(test, org, 'GUEST');
    const operative = await addMember(test, org, 'OPERATIVE');
    await insertClient(org, 'Pelican client');
    const mine = await insertProject(org, { name: 'Pelican mine' });
    await insertProject(org, { name: 'Pelican theirs' });
    const deleted = await insertProject(org, { name: 'Pelican deleted', deleted: true });
    for (const projectId of [mine, deleted]) {
      await test.platform.db.query(
        `INSERT INTO project_members (organisation_id, project_id, user_id) VALUES ($1, $2, $3)`,
        [org.id, projectId, guest.userId],
      );
    }
    const asGuest = await searchFor('pelican', guest.orgApi);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body).toEqual({
      clients: [],
      projects: [expect.objectContaining({ id: mine, name: 'Pelican mine' })],
      jobs: [],
      jobSheets: [],
    });
    const asOperative = await searchFor('pelican', operative.orgApi);
    expect(names(asOperative.body.projects)).toEqual(['Pelican mine', 'Pelican theirs']);
    expect(names(asOperative.body.clients)).toEqual(['Pelican client']);
  });

  it("ranks a guest's projects like everyone's", async () => {
    const guest = await addMember(test, org, 'GUEST');
    const ids = [
      await insertProject(org, { name: 'Old tern', archived: true }),
      await insertProject(org, { name: 'Big tern' }),
      await insertProject(org, { name: 'Tern old', archived: true }),
      await insertProject(org, { name: 'Tern start' }),
      await insertProject(org, { name: 'Tern gone', deleted: true }),
    ];
    await insertProject(org, { name: 'Tern not theirs' });
    for (const projectId of ids) {
      await test.platform.db.query(
        `INSERT INTO project_members (organisation_id, project_id, user_id) VALUES ($1, $2, $3)`,
        [org.id, projectId, guest.userId],
      );
    }
    expect(names((await searchFor('tern', guest.orgApi)).body.projects)).toEqual([
      'Tern start',
      'Big tern',
      'Tern old',
      'Old tern',
    ]);
    expect(names((await searchFor('TE', guest.orgApi)).body.projects)).toEqual([
      'Tern start',
      'Tern old',
    ]);
  });

  it("never answers another organisation's records", async () => {
    const theirs = await insertClient(other, 'Albatross secret client');
    await insertProject(other, { name: 'Albatross secret', reference: 'ALB-1', clientId: theirs });
    await insertProject(org, { name: 'Albatross ours' });
    const ours = await searchFor('albatross');
    expect(names(ours.body.projects)).toEqual(['Albatross ours']);
    expect(ours.body.clients).toEqual([]);
    expect(JSON.stringify((await searchFor('alb-1')).body)).not.toContain('secret');
    const theirsAnswer = await searchFor('albatross', other.api);
    expect(names(theirsAnswer.body.projects)).toEqual(['Albatross secret']);
    expect(theirsAnswer.body.projects[0].client_name).toBe('Albatross secret client');
    // a non-member is refused on the other organisation's base path
    const outsider = await test.app.inject({
      method: 'GET',
      url: `/organisations/${other.id}/search?term=albatross`,
      headers: { authorization: `Bearer ${org.owner.token}` },
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.body).not.toContain('Albatross');
  });

  it("the search functions answer only the request's organisation, and nothing without one", async () => {
    await insertClient(other, 'Gannet of theirs');
    await insertProject(other, { name: 'Gannet theirs' });
    await insertProject(org, { name: 'Gannet ours' });
    const asApp = (organisationId: string) =>
      test.platform.db.transaction(async (tx) => {
        await tx.query(
          `SELECT set_config('role', 'fieldwork_app', true), set_config('app.organisation_id', $1, true)`,
          [organisationId],
        );
        const projects = await tx.query<{ name: string }>(
          `SELECT name FROM search_projects('gannet%', '%gannet%', NULL)`,
        );
        const clients = await tx.query<{ name: string }>(
          `SELECT name FROM search_clients('gannet%', '%gannet%')`,
        );
        return [...projects.rows, ...clients.rows].map((row) => row.name);
      });
    expect(await asApp(org.id)).toEqual(['Gannet ours']);
    expect(await asApp(other.id)).toEqual(['Gannet theirs', 'Gannet of theirs']);
    expect(await asApp('')).toEqual([]);
  });

  it("search_ids (the lists' filter[search]) serves only organisation tables, scoped", async () => {
    await insertProject(other, { name: 'Puffin theirs' });
    const ours = await insertProject(org, { name: 'Puffin ours' });
    const asApp = (sql: string) =>
      test.platform.db.transaction(async (tx) => {
        await tx.query(
          `SELECT set_config('role', 'fieldwork_app', true), set_config('app.organisation_id', $1, true)`,
          [org.id],
        );
        return (await tx.query<{ id: string }>(sql)).rows.map((row) => row.id);
      });
    expect(await asApp(`SELECT search_ids('projects', ARRAY['name'], '%puffin%') AS id`)).toEqual([
      ours,
    ]);
    await expect(asApp(`SELECT search_ids('users', ARRAY['name'], '%a%') AS id`)).rejects.toThrow(
      /cannot be searched/,
    );
    await expect(
      asApp(`SELECT search_ids('projects', ARRAY[]::text[], '%a%') AS id`),
    ).rejects.toThrow(/cannot be searched/);
  });

  it("lists' filter[search] pages a common term in list order and a rare one through search_ids", async () => {
    await test.platform.db.query(
      `INSERT INTO projects (id, organisation_id, name)
       SELECT substr(md5('heron' || i || $1), 1, 24), $1, 'Heron ' || lpad(i::text, 4, '0')
         FROM generate_series(1, 1100) AS i`,
      [org.id],
    );
    await insertProject(org, { name: 'Heronsgate', reference: 'HX-9' });
    await insertProject(other, { name: 'Heron of theirs' });
    const common = await org.api.get('/projects?filter[search]=heron&page[size]=3&page[number]=2');
    expect(common.body.meta.total).toBe(1101);
    expect(names(common.body.data)).toEqual(['Heron 0004', 'Heron 0005', 'Heron 0006']);
    const rare = await org.api.get('/projects?filter[search]=hx-9');
    expect(rare.body.meta.total).toBe(1);
    expect(names(rare.body.data)).toEqual(['Heronsgate']);
  });
});
