import { SYNC_IMPORT_BYTES } from '@fieldwork/contract';
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

async function settled(taskId: string) {
  for (let tries = 0; tries < 600; tries++) {
    const task = (await org.api.get(`/background_tasks/${taskId}`)).body.data;
    if (['SUCCEEDED', 'FAILED', 'DEAD'].includes(task.status)) return task;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('The import did not finish');
}

describe('POST /materials/parse_csv', () => {
  it('answers what each row would be and what is wrong with it, writing nothing', async () => {
    const csv = [
      'Name,Input type,Group,Tags',
      'Parsed collar,Quantity and diameter,Penetrations,Intumescent; FR60',
      ',LITRES,,Loose | tags',
      ',Square metres,,',
    ].join('\n');
    const parsed = await test.app.inject({
      method: 'POST',
      url: `/organisations/${org.id}/materials/parse_csv`,
      payload: csv,
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${org.owner.token}` },
    });
    expect(parsed.statusCode, parsed.body).toBe(200);
    const { data } = parsed.json<{ data: Array<Record<string, unknown>> }>();
    expect(data[0]).toEqual({
      row: 2,
      name: 'Parsed collar',
      input_type_key: 'QUANTITY_AND_DIAMETER',
      material_group_name: 'Penetrations',
      material_tag_names: ['Intumescent', 'FR60'],
      errors: [],
    });
    expect(data[1]).toMatchObject({
      row: 3,
      name: null,
      input_type_key: null,
      material_tag_names: ['Loose', 'tags'],
    });
    expect((data[1]!.errors as Array<{ field: string }>).map((e) => e.field).sort()).toEqual([
      'input_type',
      'name',
    ]);
    // a row refused for its name still names its input type, read as the import reads it
    expect(data[2]).toMatchObject({ row: 4, name: null, input_type_key: 'SQUARE_METRES' });
    expect((await org.api.get('/materials?filter[name]=Parsed collar')).body.data).toEqual([]);
    const foreign = await test.app.inject({
      method: 'POST',
      url: `/organisations/${other.id}/materials/parse_csv`,
      payload: csv,
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${org.owner.token}` },
    });
    expect(foreign.statusCode).toBe(403); // not a member of the other organisation
  });
});

describe('a large materials_csv on the queue, read as a stream in batches', () => {
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

  it('streams large rate set files in batches that keep each unit whole, in any order', async () => {
    const types = ['QUANTITY', 'SQUARE_METRES', 'LINEAR_METRES'] as const;
    const setName = (index: number) =>
      `Bulk set ${index} with a long name to fill the file past the size that goes on the queue`;
    // a base row per set and type (2,400 rows, over the queue's threshold) and a tier of set 7's
    // SQUARE_METRES on the first line and another on the last: one unit, batches apart
    const globalCsv = (lastTier: number) =>
      [
        'Rate group,Rate set,Input type,For up to,Fixed amount,Rate,Min measure',
        `Bulk charge,${setName(7)},SQUARE_METRES,10,0,3.00,`,
        ...Array.from({ length: 2400 }, (_, i) => {
          const set = Math.floor(i / types.length);
          return `Bulk charge,${setName(set)},${types[i % types.length]},,,${set}.25,`;
        }),
        `Bulk charge,${setName(7).toUpperCase()},SQUARE_METRES,${lastTier},1.50,2.00,`,
      ].join('\n');
    expect(Buffer.byteLength(globalCsv(10))).toBeGreaterThan(SYNC_IMPORT_BYTES);
    const refused = await postCsv('global_rate_set_csv', 'import', globalCsv(10));
    expect(refused.status).toBe(202);
    const failed = await settled(refused.body.task_id);
    expect(failed.status).toBe('FAILED');
    expect(failed.result.errors).toEqual([
      expect.objectContaining({
        field: 'rows.2403.for_up_to',
        message: 'Line 2403: Line 2 already gives this tier.',
        code: 'rejected_row',
      }),
    ]);
    const bulkSets = async () =>
      (await org.api.get('/rate_sets?filter[search]=Bulk set&page[size]=100')).body.meta.total;
    expect(await bulkSets()).toBe(0);

    const imported = await settled(
      (await postCsv('global_rate_set_csv', 'import', globalCsv(20))).body.task_id,
    );
    expect(imported.status, JSON.stringify(imported.result)).toBe('SUCCEEDED');
    expect(imported.result.created).toBe(800);
    expect(new Set(imported.result.ids).size).toBe(800);
    expect(await bulkSets()).toBe(800);
    const seven = (await org.api.get(`/rate_sets?filter[name]=${setName(7)}`)).body.data[0];
    expect(seven.prices).toHaveLength(3);
    expect(seven.prices).toContainEqual({
      input_type_key: 'SQUARE_METRES',
      tiers: [
        { for_up_to: 10, fixed_amount: 0, rate: 300 },
        { for_up_to: 20, fixed_amount: 150, rate: 200 },
      ],
      rate: 725,
      fixed_amount: null,
      min_measure: null,
    });

    // a project's prices for 1,200 materials in two groups, one material's tiers far apart
    const materials = [
      'Name,Input type',
      ...Array.from({ length: 1200 }, (_, i) => `Priced ${i},QUANTITY`),
    ].join('\n');
    expect((await postCsv('materials_csv', 'import', materials)).status).toBe(201);
    const project = (await org.api.post('/projects', { name: 'Bulk prices' })).body.data.id;
    const groups = ['Charge to the client', 'Cost of the operative'].map(
      (name) =>
        `${name} for the work: named at length to fill the file past the size that is queued`,
    );
    const projectCsv = [
      'Material,Rate group,For up to,Rate',
      `Priced 5,${groups[0]},4,1.00`,
      ...Array.from(
        { length: 2400 },
        (_, i) => `Priced ${Math.floor(i / 2)},${groups[i % 2]},,${i % 7}.50`,
      ),
      `PRICED 5,${groups[0]},8,0.75`,
    ].join('\n');
    expect(Buffer.byteLength(projectCsv)).toBeGreaterThan(SYNC_IMPORT_BYTES);
    const queued = await postCsv(
      'project_rate_set_csv',
      'import',
      projectCsv,
      `?project_id=${project}`,
    );
    expect(queued.status).toBe(202);
    const priced = await settled(queued.body.task_id);
    expect(priced.status, JSON.stringify(priced.result)).toBe('SUCCEEDED');
    expect(priced.result.ids).toHaveLength(2);
    const defaults = (await org.api.get(`/projects/${project}`)).body.data.default_rate_sets;
    expect(defaults.map((set: { name: string }) => set.name)).toEqual([
      'Bulk prices',
      'Bulk prices',
    ]);
    const five = (await org.api.get('/materials?filter[name]=Priced 5')).body.data[0];
    const custom = five.rates.find(
      (rate: { material_rate_set_id: string }) =>
        rate.material_rate_set_id === priced.result.ids[0],
    );
    expect(custom).toMatchObject({
      use_custom: true,
      custom: {
        tiers: [
          { for_up_to: 4, fixed_amount: 0, rate: 100 },
          { for_up_to: 8, fixed_amount: 0, rate: 75 },
        ],
        rate: 350, // its base row: i = 10, (10 % 7).50
      },
    });
  });
});
