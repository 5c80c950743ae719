import { MAX_IMPORT_BYTES } from '@fieldwork/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/ids';
import {
  addMember,
  createOrganisation,
  getFile,
  organisationApp,
  type Reply,
} from '../../../../test/harness';
import { multipartBody, sendMultipart } from '../../people/people-testing';

const { test, org } = organisationApp('Imports Test Org');

const base = () => `/organisations/${org.id}/import_file`;

/** Posts a CSV as the text/csv body itself. */
async function postCsv(path: string, csv: string | Buffer, fixture = org): Promise<Reply> {
  const response = await test.app.inject({
    method: 'POST',
    url: `/organisations/${fixture.id}/import_file/${path}`,
    payload: csv,
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${fixture.owner.token}` },
  });
  return { status: response.statusCode, body: response.json<unknown>(), headers: response.headers };
}

/** Posts a CSV as the multipart field `file`, with option fields. */
const uploadCsv = (path: string, csv: string, fields: Record<string, string> = {}) =>
  sendMultipart(
    test,
    org.owner.token,
    'POST',
    `${base()}/${path}`,
    multipartBody(fields, [{ field: 'file', name: 'import.csv', type: 'text/csv', content: csv }]),
  );

const siteCount = async () => (await org.api.get('/sites')).body.meta.total as number;

const SITES = [
  'Name,Address line 1,address line 2,CITY,Postcode,Country,Latitude,Longitude,what3words,Notes,Owner',
  ',12 Dock Street,,Hull,HU1 1AA,United Kingdom,53.7413,-0.3317,///index.home.raft,,Ann',
  'Canal Wharf,,,Leeds,LS11 5PS,gb,,,,"Gate 2,\nthen left",Bob',
].join('\n');

describe('sites_csv', () => {
  it('summarises what each row would create, writing nothing', async () => {
    const response = await uploadCsv('sites_csv/summary', SITES);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ create_count: 2, reject_count: 0 });
    expect(response.body.warnings).toEqual([
      { column: 'Owner', message: 'The column "Owner" is not used and is ignored.' },
    ]);
    expect(response.body.rows[0]).toEqual({
      row: 2,
      status: 'create',
      data: expect.objectContaining({
        name: '12 Dock Street',
        country: 'GB',
        latitude: 53.7413,
        longitude: -0.3317,
        what3words: 'index.home.raft',
        full_address: '12 Dock Street, Hull, HU1 1AA, United Kingdom',
      }),
      errors: [],
    });
    expect(response.body.rows[1]).toMatchObject({
      row: 3,
      status: 'create',
      data: { name: 'Canal Wharf', notes: 'Gate 2,\nthen left' },
    });
    expect(await siteCount()).toBe(0);
  });

  it('rejects bad rows and in-file duplicates with a reason per column', async () => {
    const csv = [
      'Name,City,Country,Latitude,Longitude,what3words',
      'Good,York,GB,,,',
      'Bad,,Atlantis,95,,nope',
      ',,,,,',
      'good,york,gb,,,',
      ',,,,,,',
      ',,FR,,,',
    ].join('\r\n');
    const response = await postCsv('sites_csv/summary', csv);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ create_count: 1, reject_count: 3 });
    const byRow = Object.fromEntries(
      response.body.rows.map((row: { row: number; errors: Array<{ field: string }> }) => [
        row.row,
        row.errors.map((error) => error.field).sort(),
      ]),
    );
    // blank lines (4 and 6) are skipped; a country alone (line 7) is no address, so it names nothing
    expect(byRow).toEqual({
      2: [],
      3: ['country', 'latitude', 'what3words'],
      5: ['name'],
      7: ['name'],
    });
    const duplicate = response.body.rows.find((row: { row: number }) => row.row === 5);
    expect(duplicate.errors[0].message).toBe('The same as line 2 of this file.');
  });

  it('imports all rows or none', async () => {
    const bad = await postCsv('sites_csv/import', 'Name,Country\nFine,GB\nWrong,Narnia\n');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ field: 'rows.3.country', code: 'rejected_row' }),
    ]);
    expect(await siteCount()).toBe(0);

    const good = await uploadCsv('sites_csv/import', SITES);
    expect(good.status).toBe(201);
    expect(good.body.created).toBe(2);
    const sites = (await org.api.get('/sites?sort=name')).body.data;
    expect(sites.map((site: { id: string }) => site.id).sort()).toEqual([...good.body.ids].sort());
    expect(sites[0]).toMatchObject({
      name: '12 Dock Street',
      name_is_custom: false,
      coordinates: { lat: 53.7413, lng: -0.3317 },
      country: { iso_code: 'GB', name: 'United Kingdom' },
    });
    expect(sites[1]).toMatchObject({ name: 'Canal Wharf', name_is_custom: true });
  });

  it('reads semicolon files and Windows-1252 text', async () => {
    const csv = Buffer.from('Name;City\nCafé Row;Caen\n', 'latin1');
    const response = await postCsv('sites_csv/summary', csv);
    expect(response.body.rows[0].data).toMatchObject({ name: 'Café Row', city: 'Caen' });
  });

  it('refuses a missing file, an empty file, a malformed one and one over the size limit', async () => {
    const none = await org.api.post('/import_file/sites_csv/summary', { name: 'json' });
    expect(none.status).toBe(422);
    expect(none.body.errors[0].field).toBe('file');
    const empty = await postCsv('sites_csv/import', '');
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].field).toBe('file');
    const headerOnly = await postCsv('sites_csv/import', 'Name\n');
    expect(headerOnly.status).toBe(422);
    expect(headerOnly.body.errors[0]).toMatchObject({ field: 'file', code: 'empty_file' });
    const malformed = await postCsv('sites_csv/summary', 'Name\n"unclosed\n');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].field).toBe('file');
    const huge = await postCsv('sites_csv/summary', `Name\n${'x'.repeat(MAX_IMPORT_BYTES)}\n`);
    expect(huge.status).toBe(413);
    const hugeUpload = await uploadCsv(
      'sites_csv/summary',
      `Name\n${'x'.repeat(MAX_IMPORT_BYTES)}`,
    );
    expect(hugeUpload.status).toBe(413);
    expect(hugeUpload.body.message).toContain('5 MB');
  });

  it('gives a template with the headers and an example row', async () => {
    const response = await org.api.get('/import_file/sites_csv/template_url');
    expect(response.status).toBe(200);
    const download = await getFile(test.app, response.body.url as string);
    expect(download.statusCode).toBe(200);
    const [header, example] = download.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toBe(
      'Name,Address line 1,Address line 2,City,Postcode,Country,Latitude,Longitude,what3words,Notes',
    );
    expect(example).toContain('LS11 5QA');
    // the template itself passes its own summary
    const summary = await postCsv('sites_csv/summary', download.body);
    expect(summary.body).toMatchObject({ create_count: 1, reject_count: 0, warnings: [] });
  });

  it('is for managers: operatives are refused before anything is read', async () => {
    const operative = await addMember(test, org, 'OPERATIVE');
    const response = await test.app.inject({
      method: 'POST',
      url: `${base()}/sites_csv/import`,
      payload: 'Name\nSneaky\n',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${operative.token}` },
    });
    expect(response.statusCode).toBe(403);
    expect((await operative.orgApi.get('/import_file/sites_csv/template_url')).status).toBe(403);
  });
});

describe('site_csv', () => {
  let projectId: string;
  let siteId: string;
  beforeAll(async () => {
    siteId = (await org.api.post('/sites', { name: 'Structure site' })).body.data.id;
    projectId = newId();
    await test.platform.db.query(
      `INSERT INTO projects (id, organisation_id, name, site_id) VALUES ($1, $2, 'Structured', $3)`,
      [projectId, org.id, siteId],
    );
  });

  const blocks = async () =>
    (await org.api.get(`/blocks?filter[project_id]=${projectId}`)).body.data as Array<{
      name: string;
      site_id: string;
      levels: Array<{ name: string; order: number }>;
    }>;

  it('needs a project, and a site when the project has none', async () => {
    const missing = await postCsv('site_csv/summary', 'Block,Level\nA,1\n');
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe('project_id');
    const unknown = await postCsv(`site_csv/summary?project_id=${newId()}`, 'Block,Level\nA,1\n');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].field).toBe('project_id');
    const noColumn = await uploadCsv('site_csv/summary', 'Block\nA\n', { project_id: projectId });
    expect(noColumn.status).toBe(422);
    expect(noColumn.body.errors[0]).toMatchObject({ field: 'file', code: 'missing_columns' });
    // A form field that names no option is refused by its name, not dropped.
    const typo = await uploadCsv('site_csv/summary', 'Block,Level\nA,1\n', {
      project_id: projectId,
      site: 'Holbeck',
    });
    expect(typo.status).toBe(422);
    expect(typo.body.errors).toEqual([
      expect.objectContaining({ field: 'site', code: 'unknown_field' }),
    ]);
  });

  it('creates blocks on first mention and appends levels in file order', async () => {
    await org.api.post('/blocks', { project_id: projectId, name: 'Existing' });
    const existing = (await blocks())[0]!;
    const existingId = (await org.api.get(`/blocks?filter[project_id]=${projectId}`)).body.data[0]
      .id;
    await org.api.post('/levels', { block_id: existingId, name: 'Basement' });
    expect(existing.name).toBe('Existing');

    const csv = 'Block,Level\nNorth,Ground\nexisting,Ground\nNorth,First\nSouth,Ground\n';
    const summary = await uploadCsv('site_csv/summary', csv, { project_id: projectId });
    expect(summary.status).toBe(200);
    expect(summary.body.rows.map((row: { data: { block_exists: boolean } }) => row.data)).toEqual([
      { block: 'North', level: 'Ground', block_exists: false },
      { block: 'existing', level: 'Ground', block_exists: true },
      { block: 'North', level: 'First', block_exists: false },
      { block: 'South', level: 'Ground', block_exists: false },
    ]);
    expect(await blocks()).toHaveLength(1);

    const imported = await uploadCsv('site_csv/import', csv, {
      project_id: projectId,
      site_id: siteId,
    });
    expect(imported.status).toBe(201);
    expect(imported.body.created).toBe(4);
    const after = await blocks();
    expect(after.map((block) => block.name)).toEqual(['Existing', 'North', 'South']);
    expect(after.every((block) => block.site_id === siteId)).toBe(true);
    expect(after.map((block) => block.levels.map((level) => level.name))).toEqual([
      ['Basement', 'Ground'],
      ['Ground', 'First'],
      ['Ground'],
    ]);
    expect(after[0]!.levels.map((level) => level.order)).toEqual([0, 1]);
  });

  it('rejects levels that exist already or twice in the file, and then imports nothing', async () => {
    const before = await blocks();
    const csv = 'Block,Level\nNorth,First\nWest,Roof\nwest,ROOF\n,Loft\n';
    const summary = await postCsv(`site_csv/summary?project_id=${projectId}`, csv);
    expect(summary.body).toMatchObject({ create_count: 1, reject_count: 3 });
    expect(summary.body.rows.map((row: { errors: unknown[] }) => row.errors)).toEqual([
      [{ field: 'level', message: 'Block "North" already has a level "First".' }],
      [],
      [{ field: 'level', message: 'The same as line 3 of this file.' }],
      [{ field: 'block', message: 'Block is required' }],
    ]);
    const imported = await postCsv(`site_csv/import?project_id=${projectId}`, csv);
    expect(imported.status).toBe(422);
    expect(imported.body.errors.map((error: { field: string }) => error.field)).toEqual([
      'rows.2.level',
      'rows.4.level',
      'rows.5.block',
    ]);
    expect(await blocks()).toEqual(before);
  });

  it("cannot reach another organisation's project", async () => {
    const other = await createOrganisation(test.app, 'Other importer');
    const response = await postCsv(
      `site_csv/import?project_id=${projectId}`,
      'Block,Level\nX,1\n',
      other,
    );
    expect(response.status).toBe(422);
    expect(response.body.errors[0].field).toBe('project_id');
    expect((await blocks()).map((block) => block.name)).not.toContain('X');
  });
});
