import { describe, expect, it } from 'vitest';
import { organisationApp, type Reply } from '../../../../test/harness';

const { test, org, other } = organisationApp('Material Imports Org', {
  other: 'Other Imports Org',
});

async function postCsv(
  kind: string,
  step: 'summary' | 'import',
  csv: string,
  query = '',
): Promise<Reply> {
  const response = await test.app.inject({
    method: 'POST',
    url: `/organisations/${org.id}/import_file/${kind}/${step}${query}`,
    payload: csv,
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${org.owner.token}` },
  });
  return { status: response.statusCode, body: response.json<any>(), headers: response.headers };
}

describe('materials_csv', () => {
  it('summarises, refuses a bad file whole, then imports with groups and tags', async () => {
    const csv = [
      'Name,Input type,Group,Tags,Add to all projects',
      'Pipe collar,Quantity and diameter,Penetrations,Intumescent; FR60,true',
      'Fire batt,SQUARE_METRES,Boards,,false',
      'Mystery,LITRES,,,maybe',
      'pipe collar,QUANTITY,,,',
    ].join('\n');
    const summary = await postCsv('materials_csv', 'summary', csv);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ create_count: 2, reject_count: 2 });
    expect(summary.body.rows[2].errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'add_to_all_projects',
      'input_type',
    ]);
    expect(summary.body.rows[3].errors[0]).toMatchObject({ field: 'name' });
    const refused = await postCsv('materials_csv', 'import', csv);
    expect(refused.status).toBe(422);
    expect((await org.api.get('/materials')).body.data).toEqual([]);

    const project = (await org.api.post('/projects', { name: 'Tower' })).body.data.id;
    const good = csv.split('\n').slice(0, 3).join('\n');
    const imported = await postCsv('materials_csv', 'import', good);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.created).toBe(2);
    const materials = (await org.api.get('/materials?sort=name')).body.data;
    expect(materials).toMatchObject([
      { name: 'Fire batt', input_type_key: 'SQUARE_METRES', material_group: { name: 'Boards' } },
      {
        name: 'Pipe collar',
        input_type_key: 'QUANTITY_AND_DIAMETER',
        material_group: { name: 'Penetrations' },
      },
    ]);
    expect(materials[1].material_tag_ids).toHaveLength(2);
    const onProject = (await org.api.get(`/projects/${project}/materials`)).body.data;
    expect(onProject.map((m: { material_name: string }) => m.material_name)).toEqual([
      'Pipe collar',
    ]);
    const files = (await org.api.get('/imported_files')).body.data;
    expect(files[0]).toMatchObject({ type: 'MATERIALS_CSV' });
    expect((await org.api.get('/import_file/materials_csv/input_types_url')).body.url).toContain(
      'http',
    );
    expect((await other.api.get('/materials')).body.data).toEqual([]);
  });
});

describe('a large materials_csv on the queue, read as a stream in batches', () => {
  async function settled(taskId: string) {
    for (let tries = 0; tries < 600; tries++) {
      const task = (await org.api.get(`/background_tasks/${taskId}`)).body.data;
      if (['SUCCEEDED', 'FAILED', 'DEAD'].includes(task.status)) return task;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error('The import did not finish');
  }
  const big = (rows: number, bad?: number) =>
    [
      'Name,Input type,Group,Tags',
      ...Array.from(
        { length: rows },
        (_, i) =>
          `Streamed material number ${i + 1} with a long descriptive name,${i + 1 === bad ? 'LITRES' : 'QUANTITY'},Streamed ${i % 3},Batch ${i % 5}`,
      ),
    ].join('\n');

  it('refuses the whole file for one bad row in its last batch, then imports every batch', async () => {
    const refused = await postCsv('materials_csv', 'import', big(6000, 5999));
    expect(refused.status).toBe(202);
    const failed = await settled(refused.body.task_id);
    expect(failed.status).toBe('FAILED');
    expect(failed.result.errors.map((e: { field: string }) => e.field)).toEqual([
      'rows.6000.input_type',
    ]);
    const count = async () =>
      (await org.api.get('/materials?filter[search]=Streamed material&page[size]=1')).body.meta
        .total;
    expect(await count()).toBe(0);

    const queued = await postCsv('materials_csv', 'import', big(6000));
    const task = await settled(queued.body.task_id);
    expect(task.status, JSON.stringify(task)).toBe('SUCCEEDED');
    expect(task.result.created).toBe(6000);
    expect(await count()).toBe(6000);
    const groups = (await org.api.get('/select_options/material_groups')).body.data;
    expect(groups.filter((g: { name: string }) => g.name.startsWith('Streamed'))).toHaveLength(3);
  });
});

describe('rate set CSVs', () => {
  it('imports global rate sets with tiers, money read exactly', async () => {
    const csv = [
      'Rate group,Rate set,Input type,For up to,Fixed amount,Rate,Min measure',
      'Charge,Standard,QUANTITY_AND_DIAMETER,50,0,12.00,',
      'Charge,Standard,QUANTITY_AND_DIAMETER,110,5,25.5,',
      'Charge,Standard,QUANTITY_AND_DIAMETER,,,40.00,',
      'Charge,Standard,SQUARE_METRES,,,18.50,1',
    ].join('\n');
    const imported = await postCsv('global_rate_set_csv', 'import', csv);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const sets = (await org.api.get('/rate_sets')).body.data;
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ name: 'Standard', material_rate_group_name: 'Charge' });
    expect(sets[0].prices).toEqual([
      {
        input_type_key: 'QUANTITY_AND_DIAMETER',
        tiers: [
          { for_up_to: 50, fixed_amount: 0, rate: 1200 },
          { for_up_to: 110, fixed_amount: 500, rate: 2550 },
        ],
        rate: 4000,
        fixed_amount: null,
        min_measure: null,
      },
      {
        input_type_key: 'SQUARE_METRES',
        tiers: [],
        rate: 1850,
        fixed_amount: null,
        min_measure: 1,
      },
    ]);
    const bad = await postCsv(
      'global_rate_set_csv',
      'summary',
      'Rate group,Rate set,Input type,For up to,Rate\nCharge,Standard,QUANTITY,5,1.234\nCharge,Standard,QUANTITY,5,1',
    );
    expect(bad.body.rows[0].errors[0]).toMatchObject({ field: 'rate' });
    expect((await org.api.post(`/rate_sets/${sets[0].id}/lock`)).status).toBe(200);
    const locked = await postCsv('global_rate_set_csv', 'summary', csv);
    expect(locked.body.reject_count).toBe(4);
  });

  it('imports a project’s own prices per material and makes them its default', async () => {
    const project = (await org.api.post('/projects', { name: 'Annex' })).body.data.id;
    const csv = [
      'Material,Rate group,For up to,Rate',
      'Fire batt,Charge,,30',
      'Nothing,Charge,,1',
    ].join('\n');
    const refused = await postCsv('project_rate_set_csv', 'import', csv, `?project_id=${project}`);
    expect(refused.status).toBe(422);
    const good = csv.split('\n').slice(0, 2).join('\n');
    const imported = await postCsv(
      'project_rate_set_csv',
      'import',
      good,
      `?project_id=${project}`,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const setId = imported.body.ids[0];
    expect((await org.api.get(`/projects/${project}`)).body.data.default_rate_sets).toEqual([
      { id: setId, name: 'Annex' },
    ]);
    const batt = (await org.api.get('/materials?filter[name]=Fire batt')).body.data[0];
    expect(batt.rates).toContainEqual(
      expect.objectContaining({ material_rate_set_id: setId, use_custom: true }),
    );
  });
});
