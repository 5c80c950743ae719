import { describe, expect, it } from 'vitest';
import { createOrganisation, type OrganisationFixture } from '../../../test/harness';
import { sheetSceneApp } from '../../../test/fixtures/job-sheets';

const { test, scene } = sheetSceneApp('Materials Org');
const api = () => scene.org.api;
const fields = (body: { errors: Array<{ field: string; code?: string }> }) =>
  body.errors.map((error) => `${error.field}:${error.code}`).sort();

async function settled(taskId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const task = (await api().get(`/background_tasks/${taskId}`)).body.data;
    if (['SUCCEEDED', 'FAILED', 'DEAD'].includes(task.status) || Date.now() > deadline) return task;
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('input types, groups, tags and services', () => {
  it('serves the ten input types with their headers and units', async () => {
    const types = await api().get('/material_input_types');
    expect(types.status).toBe(200);
    expect(types.body.data).toHaveLength(10);
    expect(types.body.data.find((t: { key: string }) => t.key === 'QUANTITY_AND_DIAMETER')).toEqual(
      {
        id: 'QUANTITY_AND_DIAMETER',
        key: 'QUANTITY_AND_DIAMETER',
        name: 'Quantity and diameter',
        input_fields: ['quantity', 'diameter_in_mm'],
        rate_header: 'Rate per item',
        for_up_to_header: 'Diameter up to',
        for_up_to_unit: 'mm',
        min_measure_unit: 'items',
        enable_fixed_amount: true,
        enable_rate: true,
        enable_min_measure: true,
      },
    );
    expect(
      (await api().get('/material_input_types/AVERAGE_SIDE')).body.data.enable_min_measure,
    ).toBe(false);
    expect((await api().get('/material_input_types/NOPE')).status).toBe(404);
  });

  it('keeps groups, tags and services, archived in select options', async () => {
    const group = await api().post('/material_groups', { name: 'Sealants' });
    expect(group.status).toBe(201);
    const tag = (await api().post('/material_tags', { name: 'Fire rated' })).body.data;
    await api().post(`/material_tags/${tag.id}/archive`);
    const options = await api().get('/select_options/material_tags');
    expect(options.body.data).toEqual([
      { id: tag.id, name: 'Fire rated', archived_at: expect.any(String) },
    ]);
    expect((await api().get('/select_options/material_groups')).body.data).toEqual([
      { id: group.body.data.id, name: 'Sealants', archived_at: null },
    ]);
    const service = await api().post('/services', {
      name: 'Site survey',
      description: 'Half a day on site',
      operative_price: 12000,
      charge_price: 25050,
    });
    expect(service.status).toBe(201);
    expect(service.body.data).toMatchObject({
      operative_price: 12000,
      charge_price: 25050,
      archived_at: null,
    });
    const fraction = await api().post('/services', { name: 'Bad', charge_price: 10.5 });
    expect(fraction.status).toBe(422);
    expect(fields(fraction.body)).toEqual(['charge_price:invalid_type']);
    const archived = await api().post(`/services/${service.body.data.id}/archive`);
    expect(archived.body.data.archived_at).not.toBeNull();
    expect((await scene.operative.orgApi.post('/services', { name: 'Mine' })).status).toBe(403);
  });
});

describe('materials, rates and prices', () => {
  let penetration: string;
  let batt: string;
  let charge: string;
  let standard: string;
  let london: string;

  it('creates materials with the spec payload: booleans as strings, added everywhere', async () => {
    const tag = (await api().post('/material_tags', { name: 'Intumescent' })).body.data.id;
    const created = await api().post('/materials', {
      name: 'Pipe collar',
      input_type_key: 'QUANTITY_AND_DIAMETER',
      material_tag_ids: [tag],
      add_to_all_projects: 'true',
      add_to_all_project_templates: 'false',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    penetration = created.body.data.id;
    expect(created.body.data).toMatchObject({
      name: 'Pipe collar',
      input_type_key: 'QUANTITY_AND_DIAMETER',
      material_tag_ids: [tag],
      material_group: null,
      rates: [],
      attachments: [],
      in_use: false,
    });
    const onProject = await api().get(`/projects/${scene.projectId}/materials`);
    expect(onProject.body.data.map((m: { material_id: string }) => m.material_id)).toContain(
      penetration,
    );

    const bad = await api().post('/materials', {
      name: 'Bad',
      input_type_key: 'LITRES',
      add_to_all_projects: 'yes',
      material_tag_ids: ['0123456789abcdef01234567'],
      colour: 'red',
    });
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual([
      'add_to_all_projects:invalid_union',
      'colour:unknown_field',
      'input_type_key:invalid_value',
    ]);
    const unknownTag = await api().post('/materials', {
      name: 'Bad',
      input_type_key: 'QUANTITY',
      material_tag_ids: ['0123456789abcdef01234567'],
    });
    expect(fields(unknownTag.body)).toEqual(['material_tag_ids.0:not_found']);

    batt = (await api().post('/materials', { name: 'Fire batt', input_type_key: 'SQUARE_METRES' }))
      .body.data.id;
    const group = (await api().post('/material_groups', { name: 'Boards' })).body.data.id;
    const many = await api().put('/materials/update_many', {
      ids: [penetration, batt, '0123456789abcdef01234567'],
      fields: { material_group_id: group },
    });
    expect(many.status).toBe(200);
    expect(many.body.updated.sort()).toEqual([penetration, batt].sort());
    expect(many.body.failed).toEqual([expect.objectContaining({ id: '0123456789abcdef01234567' })]);
    expect((await api().get(`/materials/${batt}`)).body.data.material_group).toEqual({
      id: group,
      name: 'Boards',
    });
    const noName = await api().put('/materials/update_many', {
      ids: [batt],
      fields: { name: 'X' },
    });
    expect(noName.status).toBe(422);
  });

  it('keeps rate groups and rate sets with tiers; a locked set cannot change', async () => {
    charge = (await api().post('/material_rate_groups', { name: 'Charge' })).body.data.id;
    const created = await api().post('/rate_sets', {
      material_rate_group_id: charge,
      name: 'Standard',
      prices: [
        {
          input_type_key: 'QUANTITY_AND_DIAMETER',
          tiers: [
            { for_up_to: 50, fixed_amount: 0, rate: 1200 },
            { for_up_to: 110, fixed_amount: 500, rate: 2500 },
          ],
          rate: 4000,
        },
        { input_type_key: 'SQUARE_METRES', rate: 1850, min_measure: 1 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    standard = created.body.data.id;
    expect(created.body.data).toMatchObject({ locked: false, material_rate_group_name: 'Charge' });
    london = (
      await api().post('/rate_sets', {
        material_rate_group_id: charge,
        name: 'London',
        prices: [{ input_type_key: 'SQUARE_METRES', rate: 2500 }],
      })
    ).body.data.id;
    const unordered = await api().post('/rate_sets', {
      material_rate_group_id: charge,
      name: 'Bad',
      prices: [{ input_type_key: 'QUANTITY', tiers: [{ for_up_to: 10 }, { for_up_to: 5 }] }],
    });
    expect(unordered.status).toBe(422);
    const setDefault = await api().put(`/material_rate_groups/${charge}`, {
      default_material_rate_set_id: standard,
    });
    expect(setDefault.status).toBe(200);
    expect(setDefault.body.data.rate_sets.map((s: { id: string }) => s.id)).toEqual([
      standard,
      london,
    ]);

    expect((await api().post(`/rate_sets/${london}/lock`)).status).toBe(200);
    const locked = await api().put(`/rate_sets/${london}`, { name: 'London 2' });
    expect(locked.status).toBe(422);
    expect(locked.body.errors[0].message).toContain('locked');
    expect((await api().post(`/rate_sets/${london}/unlock`)).body.data.locked).toBe(false);
  });

  it('takes at most one default rate set per rate group on a project or template', async () => {
    const before = (await api().get(`/projects/${scene.projectId}`)).body.data.default_rate_sets;
    const both = await api().put(`/projects/${scene.projectId}`, {
      default_rate_set_ids: [standard, london],
    });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual([
      expect.objectContaining({ field: 'default_rate_set_ids.1', code: 'one_per_rate_group' }),
    ]);
    expect(both.body.errors[0].message).toContain('Charge');
    expect((await api().get(`/projects/${scene.projectId}`)).body.data.default_rate_sets).toEqual(
      before,
    );
    const template = await api().post('/project_templates', {
      name: 'Two defaults',
      default_rate_set_ids: [london, standard],
    });
    expect(template.status).toBe(422);
    const other = (await api().post('/material_rate_groups', { name: 'Cost' })).body.data.id;
    const cost = (
      await api().post('/rate_sets', { material_rate_group_id: other, name: 'Cost rates' })
    ).body.data.id;
    const oneEach = await api().put(`/projects/${scene.projectId}`, {
      default_rate_set_ids: [standard, cost],
    });
    expect(oneEach.status, JSON.stringify(oneEach.body)).toBe(200);
    await api().put(`/projects/${scene.projectId}`, { default_rate_set_ids: [] });
    expect((await api().delete(`/material_rate_groups/${other}`)).status).toBeLessThan(300);
  });

  it('sets a material’s own prices in a set', async () => {
    const put = await api().put(`/materials/${batt}/rates`, {
      rates: [
        { material_rate_set_id: london, use_custom: true, custom: { rate: 3000, tiers: [] } },
      ],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toEqual([
      {
        material_rate_group_id: charge,
        material_rate_set_id: london,
        use_custom: true,
        custom: { tiers: [], rate: 3000, fixed_amount: null, min_measure: null },
      },
    ]);
    const missing = await api().put(`/materials/${batt}/rates`, {
      rates: [{ material_rate_set_id: london, use_custom: true }],
    });
    expect(fields(missing.body)).toEqual(['rates.0.custom:required']);
  });

  it('prices job sheet materials, sums them on the sheet and the job, and recalculates', async () => {
    const sheet = (
      await scene.operative.orgApi.post('/job_sheets', {
        job_id: scene.jobId,
        form_id: scene.formId,
      })
    ).body.data;
    const add = (body: Record<string, unknown>) =>
      scene.operative.orgApi.post('/job_sheet_materials', { job_sheet_id: sheet.id, ...body });
    // the input type is the material's, not the client's
    const wrongType = await add({
      material_id: penetration,
      material_input_type_key: 'QUANTITY',
      quantity: 1,
    });
    expect(fields(wrongType.body)).toEqual(['material_input_type_key:not_allowed']);
    const collars = await add({ material_id: penetration, quantity: 3, diameter_in_mm: 100 });
    expect(collars.status, JSON.stringify(collars.body)).toBe(201);
    // tier up to 110 mm: 3 × 25.00 + 5.00
    expect(collars.body.data).toMatchObject({
      material_input_type_key: 'QUANTITY_AND_DIAMETER',
      price: 8000,
      rates: [
        {
          material_rate_group_id: charge,
          material_rate_group_name: 'Charge',
          material_rate_set_id: standard,
          material_rate_set_name: 'Standard',
          use_custom: false,
          tier_measure: 100,
          measure: 3,
          for_up_to: 110,
          rate: 2500,
          fixed_amount: 500,
          price: 8000,
        },
      ],
    });
    // 0.5 m² at a 1 m² minimum: 18.50
    const batts = await add({ material_id: batt, square_metres: 0.5 });
    expect(batts.body.data.price).toBe(1850);
    const sheetRead = (await api().get(`/job_sheets/${sheet.id}`)).body.data;
    expect(sheetRead.rates).toEqual([
      { material_rate_group_id: charge, material_rate_group_name: 'Charge', price: 9850 },
    ]);
    expect(sheetRead.materials.map((m: { price: number }) => m.price).sort()).toEqual([1850, 8000]);

    const summary = (await api().get(`/jobs/${scene.jobId}/material_summary`)).body.data;
    expect(
      summary.find((line: { material_id: string }) => line.material_id === penetration),
    ).toMatchObject({
      count: 1,
      quantity: 3,
      measure: 3,
      price: 8000,
      rates: [{ material_rate_group_id: charge, price: 8000 }],
    });
    expect((await api().get(`/materials/${penetration}`)).body.data.in_use).toBe(true);
    const typeChange = await api().put(`/materials/${penetration}`, { input_type_key: 'QUANTITY' });
    expect(fields(typeChange.body)).toEqual(['input_type_key:in_use']);
    expect((await api().delete(`/materials/${penetration}`)).status).toBe(409);

    // A tier changes and the project takes London: nothing moves until recalculated.
    await api().put(`/rate_sets/${standard}`, {
      prices: [
        {
          input_type_key: 'QUANTITY_AND_DIAMETER',
          tiers: [{ for_up_to: 110, fixed_amount: 0, rate: 3000 }],
        },
        { input_type_key: 'SQUARE_METRES', rate: 1850, min_measure: 1 },
      ],
    });
    await api().put(`/projects/${scene.projectId}`, { default_rate_set_ids: [london] });
    const projectMaterials = (await api().get(`/projects/${scene.projectId}/materials`)).body.data;
    expect(
      projectMaterials.find((m: { material_id: string }) => m.material_id === penetration)
        .rate_groups,
    ).toEqual([
      {
        material_rate_group_id: charge,
        name: 'Charge',
        material_rate_set_id: london,
        material_rate_set_name: 'London',
        use_custom: false,
      },
    ]);
    expect((await api().get(`/job_sheet_materials/${collars.body.data.id}`)).body.data.price).toBe(
      8000,
    );
    const queued = await api().post(`/projects/${scene.projectId}/recalculate_rates`);
    expect(queued.status).toBe(202);
    expect(queued.body).toEqual({ task_id: expect.any(String), status: 'QUEUED' });
    const task = await settled(queued.body.task_id);
    expect(task).toMatchObject({
      status: 'SUCCEEDED',
      progress: { done: 2, total: 2 },
      result: { project_id: scene.projectId, recalculated: 2 },
    });
    // London has no QUANTITY_AND_DIAMETER prices: the collars are unpriced; the batts take the
    // material's own London price, 0.5 m² × 30.00 (London sets no minimum).
    expect(
      (await api().get(`/job_sheet_materials/${collars.body.data.id}`)).body.data,
    ).toMatchObject({
      price: null,
      rates: [],
    });
    expect((await api().get(`/job_sheet_materials/${batts.body.data.id}`)).body.data).toMatchObject(
      {
        price: 1500,
        rates: [expect.objectContaining({ material_rate_set_id: london, use_custom: true })],
      },
    );
    await api().put(`/projects/${scene.projectId}`, { default_rate_set_ids: [] });
    await settled(
      (await api().post(`/projects/${scene.projectId}/recalculate_rates`)).body.task_id,
    );
    expect((await api().get(`/job_sheet_materials/${collars.body.data.id}`)).body.data.price).toBe(
      9000,
    );
    expect((await api().get(`/job_sheets/${sheet.id}`)).body.data.rates[0].price).toBe(10850);
    expect(
      (await scene.operative.orgApi.post(`/projects/${scene.projectId}/recalculate_rates`)).status,
    ).toBe(403);
  });

  it('copies rates between materials of one input type', async () => {
    const other = (
      await api().post('/materials', { name: 'Batt 2', input_type_key: 'SQUARE_METRES' })
    ).body.data.id;
    const copied = await api().post(`/materials/${batt}/rates/copy`, {
      material_ids: [other, penetration],
    });
    expect(copied.body.copied).toEqual([other]);
    expect(copied.body.failed).toEqual([
      expect.objectContaining({ id: penetration, code: 'input_type_differs' }),
    ]);
    expect((await api().get(`/materials/${other}/rates`)).body.data).toHaveLength(1);
  });

  it('adds and removes materials on one project, and on every template', async () => {
    const removed = await api().post('/materials/remove_from_project', {
      ids: [batt],
      project_id: scene.projectId,
    });
    expect(removed.body).toEqual({ removed: [batt], failed: [] });
    const added = await api().post('/materials/add_to_project', {
      ids: [batt],
      project_id: scene.projectId,
    });
    expect(added.body.added).toEqual([batt]);
    const template = (await api().post('/project_templates', { name: 'Fit-out' })).body.data.id;
    await api().post('/materials/add_to_all_project_templates', { ids: [batt, penetration] });
    const onTemplate = (await api().get(`/project_templates/${template}/materials`)).body.data;
    expect(onTemplate.map((m: { material_id: string }) => m.material_id)).toEqual([
      batt,
      penetration,
    ]);
  });

  it('keeps each organisation’s materials its own', async () => {
    const other: OrganisationFixture = await createOrganisation(test.app, 'Other Materials Org');
    expect((await other.api.get(`/materials/${batt}`)).status).toBe(404);
    expect((await other.api.get(`/materials/${batt}/rates`)).status).toBe(404);
    expect((await other.api.get(`/rate_sets/${standard}`)).status).toBe(404);
    expect((await other.api.put(`/materials/${batt}/rates`, { rates: [] })).status).toBe(404);
    const foreign = await other.api.post('/materials/add_to_project', {
      ids: [batt],
      project_id: scene.projectId,
    });
    expect(foreign.status).toBe(404);
    expect((await other.api.get('/select_options/materials')).body.data).toEqual([]);
  });
});
