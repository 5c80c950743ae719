import { beforeAll, describe, expect, it } from 'vitest';
import { getFile, organisationApp, type Reply } from '../../../../test/harness';
import { drawingGround } from '../locations-testing';

const { test, org, other } = organisationApp('Location Imports Org', { other: 'Other Import Org' });
let ground: Awaited<ReturnType<typeof drawingGround>>;

async function postCsv(path: string, csv: string, fixture = org): Promise<Reply> {
  const response = await test.app.inject({
    method: 'POST',
    url: `/organisations/${fixture.id}/import_file/locations_csv/${path}`,
    payload: csv,
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${fixture.owner.token}` },
  });
  return { status: response.statusCode, body: response.json<unknown>(), headers: response.headers };
}

beforeAll(async () => {
  ground = await drawingGround(org.api);
  await org.api.post('/zones', { project_id: ground.projectId, name: 'Risers' });
  await org.api.post('/specifications', { project_id: ground.projectId, name: 'FD30 door' });
});

const CSV = [
  'Reference,Block,Level,Zone,Specification,Status,Variation',
  'D-1,Block A,Ground,Risers,FD30 door,,',
  'D-2,block a,first,,,In progress,Extra collar',
  'D-3,,Ground,,,,',
].join('\n');

describe('locations_csv', () => {
  it('summarises per row, naming unknown block, level, zone, specification and status', async () => {
    const bad = await postCsv(
      `summary?project_id=${ground.projectId}`,
      'Reference,Block,Level,Zone,Specification,Status\nX,Block Z,Ground,Nowhere,Nothing,Lost\nY,Block A,Roof,,,\n',
    );
    expect(bad.status, JSON.stringify(bad.body)).toBe(200);
    expect(bad.body.reject_count).toBe(2);
    const fields = (
      bad.body.rows as Array<{ row: number; errors: Array<{ field: string; message: string }> }>
    ).map((row) => [row.row, row.errors.map((error) => error.field)]);
    expect(fields).toEqual([
      [2, ['block', 'zone', 'specification', 'status']],
      [3, ['level']],
    ]);
    const messages = (bad.body.rows[0].errors as Array<{ message: string }>).map((e) => e.message);
    expect(messages[0]).toBe('No block "Block Z" in this project (blocks: "Block A").');
    expect(bad.body.rows[1].errors[0].message).toBe('Block "Block A" has no level "Roof".');
    const missing = await postCsv('summary', CSV);
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe('project_id');
  });

  it('imports all rows or none, numbering them in file order', async () => {
    const refused = await postCsv(
      `import?project_id=${ground.projectId}`,
      `${CSV}\nD-4,,,Nowhere,,,`,
    );
    expect(refused.status).toBe(422);
    expect(
      (await org.api.get(`/locations?filter[project_id]=${ground.projectId}`)).body.data,
    ).toEqual([]);
    const imported = await postCsv(`import?project_id=${ground.projectId}`, CSV);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.created).toBe(3);
    const list = (
      await org.api.get(`/locations?filter[project_id]=${ground.projectId}&sort=number`)
    ).body.data;
    expect(
      list.map((row: { number: number; reference: string }) => [row.number, row.reference]),
    ).toEqual([
      [1, 'D-1'],
      [2, 'D-2'],
      [3, 'D-3'],
    ]);
    expect(list[0]).toMatchObject({
      block_id: ground.blockId,
      level_id: ground.levelId,
      site_id: ground.siteId,
      zone: { name: 'Risers' },
      specification: { name: 'FD30 door' },
      status: { type: 'PENDING' },
    });
    expect(list[1]).toMatchObject({
      level_id: ground.otherLevelId,
      status: { name: 'In progress' },
      variation: 'Extra collar',
    });
    expect(list[2].level_id).toBe(ground.levelId);
    const cross = await postCsv(`import?project_id=${ground.projectId}`, CSV, other);
    expect(cross.status).toBe(422);
    expect(cross.body.errors[0].field).toBe('project_id');
  });

  it('offers a template that passes its own summary shape', async () => {
    const link = await org.api.get('/import_file/locations_csv/template_url');
    expect(link.status).toBe(200);
    const template = await getFile(test.app, link.body.url);
    expect(template.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
      'Reference,Block,Level,Zone,Specification,Status,Variation',
    );
  });
});
