import { describe, expect, it } from 'vitest';
import { usingPostgres } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { completeAnswers, sheetSceneApp } from '../../../test/fixtures/job-sheets';

const { test, scene } = sheetSceneApp('Sheet Extras Org');

const create = (body: Record<string, unknown> = {}) =>
  scene.operative.orgApi.post('/job_sheets', {
    job_id: scene.jobId,
    form_id: scene.formId,
    ...body,
  });

describe('job sheet materials, update-and-submit, submit all, lists', () => {
  it('adds, changes and removes materials with the measures of their input type', async () => {
    const sheet = (await create()).body.data;
    const api = scene.operative.orgApi;
    const missing = await api.post('/job_sheet_materials', {
      job_sheet_id: sheet.id,
      material_name: 'Intumescent sealant',
      material_input_type_key: 'LINEAR_METRES_AND_JOINT_SIZE',
      linear_metres: 4,
      quantity: 2,
    });
    expect(missing.status).toBe(422);
    expect(
      missing.body.errors
        .map((e: { field: string; code: string }) => `${e.field}:${e.code}`)
        .sort(),
    ).toEqual(['joint_size_in_mm:required', 'quantity:not_allowed']);
    // A negative measure is refused with the reason, never saved as 0.
    const negative = await api.post('/job_sheet_materials', {
      job_sheet_id: sheet.id,
      material_name: 'Hinge screws',
      material_input_type_key: 'QUANTITY',
      quantity: -2,
    });
    expect(negative.status).toBe(422);
    expect(negative.body.errors).toEqual([
      expect.objectContaining({ field: 'quantity', message: 'Must be 0 or more' }),
    ]);
    const created = await api.post('/job_sheet_materials', {
      job_sheet_id: sheet.id,
      material_name: 'Intumescent sealant',
      material_input_type_key: 'LINEAR_METRES_AND_JOINT_SIZE',
      linear_metres: 4.5,
      joint_size_in_mm: 10,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const changed = await api.put(`/job_sheet_materials/${created.body.data.id}`, {
      material_input_type_key: 'QUANTITY',
      quantity: 3,
    });
    expect(changed.body.data).toMatchObject({
      quantity: 3,
      linear_metres: null,
      joint_size_in_mm: null,
    });
    const read = await api.get(`/job_sheets/${sheet.id}`);
    expect(read.body.data.materials).toHaveLength(1);
    // Another operative cannot see or change it.
    const outsider = await scene.approver.orgApi.get(
      `/job_sheet_materials/${created.body.data.id}`,
    );
    expect(outsider.status).toBe(404);
    expect((await api.delete(`/job_sheet_materials/${created.body.data.id}`)).status).toBe(204);
  });

  it('adds materials many at once (all or nothing) and reorders them', async () => {
    const sheet = (await create()).body.data;
    const api = scene.operative.orgApi;
    const item = (name: string) => ({
      job_sheet_id: sheet.id,
      material_name: name,
      material_input_type_key: 'QUANTITY',
      quantity: 1,
    });
    const refused = await api.post('/job_sheet_materials/create_many', [
      item('Sealant'),
      { ...item('Board'), quantity: undefined, linear_metres: 2 },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toContain('data.1.quantity');
    expect((await api.get(`/job_sheets/${sheet.id}`)).body.data.materials).toHaveLength(0);
    const created = await api.post('/job_sheet_materials/create_many', {
      data: [item('Sealant'), item('Board'), item('Collar')],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [a, b, c] = created.body.data.map((m: { id: string; order: number }) => m.id);
    expect(created.body.data.map((m: { order: number }) => m.order)).toEqual([0, 1, 2]);
    const reordered = await api.put('/job_sheet_materials/reorder', { ids: [c, a] });
    expect(reordered.body).toEqual({ reordered: [c, a], failed: [] });
    const names = (await api.get(`/job_sheets/${sheet.id}`)).body.data.materials.map(
      (m: { material_name: string }) => m.material_name,
    );
    expect(names).toEqual(['Collar', 'Sealant', 'Board']);
    expect(b).toBeDefined();
    // another operative can neither add to nor reorder this sheet's materials
    const outsider = scene.approver.orgApi;
    expect((await outsider.post('/job_sheet_materials/create_many', [item('X')])).status).toBe(422);
    expect((await outsider.put('/job_sheet_materials/reorder', { ids: [a] })).body).toMatchObject({
      reordered: [],
      failed: [expect.objectContaining({ id: a, code: 'not_found' })],
    });
  });

  it("totals the materials of a job's sheets per material and input type", async () => {
    const api = scene.operative.orgApi;
    const jobId = (
      await scene.org.api.post('/jobs', {
        project_id: scene.projectId,
        operative_id: scene.operative.userId,
        form_ids: [scene.formId],
      })
    ).body.data.id as string;
    const materialId = newId();
    await test.platform.db.query(
      `INSERT INTO materials (id, organisation_id, name) VALUES ($1, $2, 'Fire batt')`,
      [materialId, scene.org.id],
    );
    const sheets: string[] = [];
    for (let i = 0; i < 3; i++)
      sheets.push((await create({ job_id: jobId })).body.data.id as string);
    const add = async (sheetId: string, body: Record<string, unknown>) => {
      const reply = await api.post('/job_sheet_materials', { job_sheet_id: sheetId, ...body });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    };
    const sealant = {
      material_name: 'Sealant',
      material_input_type_key: 'LINEAR_METRES_AND_JOINT_SIZE',
    };
    await add(sheets[0]!, { ...sealant, linear_metres: 4.5, joint_size_in_mm: 10 });
    await add(sheets[1]!, { ...sealant, linear_metres: 2, joint_size_in_mm: 15 });
    await add(sheets[1]!, {
      material_id: materialId,
      material_input_type_key: 'QUANTITY',
      quantity: 3,
    });
    await add(sheets[0]!, {
      material_id: materialId,
      material_input_type_key: 'QUANTITY',
      quantity: 2,
    });
    // A cancelled sheet's materials are not counted.
    await add(sheets[2]!, { ...sealant, linear_metres: 100, joint_size_in_mm: 1 });
    expect((await scene.org.api.post(`/job_sheets/${sheets[2]}/cancel`)).status).toBe(200);

    const summary = await scene.org.api.get(`/jobs/${jobId}/material_summary`);
    expect(summary.status).toBe(200);
    const none = { quantity: null, width_in_mm: null, height_in_mm: null, length_in_mm: null };
    const noSize = {
      diameter_in_mm: null,
      linear_metres: null,
      square_metres: null,
      cubic_metres: null,
    };
    expect(summary.body.data).toEqual([
      {
        material_id: materialId,
        material_name: 'Fire batt',
        material_input_type_key: 'QUANTITY',
        count: 2,
        ...none,
        ...noSize,
        quantity: 5,
        joint_size_in_mm: null,
        // a material of no rate set is not priced (prices: materials/materials.test.ts)
        measure: 5,
        rates: [],
        price: null,
      },
      {
        material_id: null,
        material_name: 'Sealant',
        material_input_type_key: 'LINEAR_METRES_AND_JOINT_SIZE',
        count: 2,
        ...none,
        ...noSize,
        linear_metres: 6.5,
        joint_size_in_mm: 25,
        measure: 6.5,
        rates: [],
        price: null,
      },
    ]);
    // An operative the job is not assigned to does not see it.
    expect((await scene.approver.orgApi.get(`/jobs/${jobId}/material_summary`)).status).toBe(404);
  });

  it('saves and submits in one call with the location status, all or nothing', async () => {
    const sheet = (await create()).body.data;
    const incomplete = await scene.operative.orgApi.post(
      `/job_sheets/${sheet.id}/update_and_submit`,
      {
        field_values: [{ form_field_id: scene.fields.notes, value_string: 'Half done' }],
        operative_declaration_accepted: true,
      },
    );
    expect(incomplete.status).toBe(422);
    // Nothing of the refused call stayed.
    const after = (await scene.operative.orgApi.get(`/job_sheets/${sheet.id}`)).body.data;
    expect(
      after.field_values.find(
        (v: { form_field_id: string }) => v.form_field_id === scene.fields.notes,
      ).value_string,
    ).toBeNull();
    const wrongStatus = await scene.operative.orgApi.post(
      `/job_sheets/${sheet.id}/update_and_submit`,
      {
        field_values: completeAnswers(scene),
        location_status_id: '0123456789abcdef01234567',
      },
    );
    expect(wrongStatus.body.errors[0].field).toBe('location_status_id');
    const done = await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/update_and_submit`, {
      field_values: completeAnswers(scene),
      operative_declaration_accepted: true,
      location_status_id: scene.statusIds.started,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'SUBMITTED',
      location_status_id: scene.statusIds.started,
    });
  });

  it('submits all of a job’s sheets, or refuses naming the incomplete ones', async () => {
    const job = (
      await scene.manager.orgApi.post('/jobs', {
        project_id: scene.projectId,
        operative_id: scene.operative.userId,
        form_ids: [scene.formId],
      })
    ).body.data;
    const complete = (await create({ job_id: job.id, field_values: completeAnswers(scene) })).body
      .data;
    await scene.operative.orgApi.put(`/job_sheets/${complete.id}`, {
      operative_declaration_accepted: true,
    });
    const partial = (await create({ job_id: job.id })).body.data;
    const refused = await scene.operative.orgApi.post(`/jobs/${job.id}/submit_all_job_sheets`, {
      operative_declaration_accepted: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toContain(`Job sheet ${partial.number}:`);
    const validation = await scene.operative.orgApi.post('/job_sheets/validate_all_for_job', {
      job_id: job.id,
    });
    expect(
      (await scene.operative.orgApi.post('/job_sheets/validate_all_for_job', { job: job.id }))
        .status,
    ).toBe(422);
    expect(
      validation.body.data.map((r: { id: string; valid: boolean }) => [r.id, r.valid]),
    ).toEqual([
      [complete.id, true],
      [partial.id, false],
    ]);
    await scene.operative.orgApi.put(`/job_sheets/${partial.id}`, {
      field_values: completeAnswers(scene),
    });
    const submitted = await scene.operative.orgApi.put(`/jobs/${job.id}/submit_all_job_sheets`, {
      operative_declaration_accepted: true,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data).toMatchObject({
      job_sheet_count: 2,
      job_sheet_ids: [complete.id, partial.id],
    });
    const statuses = await scene.manager.orgApi.get(
      `/job_sheets?filter[job_id]=${job.id}&sort=seq_number`,
    );
    expect(statuses.body.data.map((s: { status: string }) => s.status)).toEqual([
      'SUBMITTED',
      'SUBMITTED',
    ]);
  });

  it('serves the experimental count, get_ids, get and sum through the list grammar', async () => {
    const api = scene.manager.orgApi;
    const all = await api.get(`/job_sheets?filter[job_id]=${scene.jobId}&page[size]=100`);
    const count = await api.get(`/job_sheets/experimental/count?filter[job_id]=${scene.jobId}`);
    expect(count.body.count).toBe(all.body.meta.total);
    const ids = await api.get(
      `/job_sheets/experimental/get_ids?filter[job_id]=${scene.jobId}&sort=number`,
    );
    expect(ids.body.ids).toHaveLength(all.body.meta.total);
    const got = await api.post('/job_sheets/experimental/get', {
      filter: { job_id: scene.jobId, status: 'SUBMITTED' },
      sort: '-submitted_at',
      page: { number: 1, size: 2 },
      expand: ['job'],
    });
    expect(got.status).toBe(200);
    expect(got.body.data[0].job.id).toBe(scene.jobId);
    const sum = await api.get(
      `/job_sheets/experimental/sum?sum=photo_count&filter[job_id]=${scene.jobId}`,
    );
    expect(sum.body).toEqual({ count: all.body.meta.total, sums: { photo_count: 0 } });
    expect((await api.get('/job_sheets/experimental/sum')).status).toBe(400);
    expect((await api.get('/job_sheets/experimental/count?filter[nope]=1')).status).toBe(400);
    // An operative's count is of the sheets they see; a guest of their projects'.
    const guest = await scene.guest.orgApi.get('/job_sheets/experimental/count');
    expect(guest.body.count).toBeGreaterThan(0);
  });

  it.runIf(usingPostgres())('numbers concurrent creates without gaps or duplicates', async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, () => create()));
    expect(replies.map((reply) => reply.status)).toEqual(Array(12).fill(201));
    const numbers = replies.map((reply) => reply.body.data.number as number).sort((a, b) => a - b);
    const seqs = replies.map((reply) => reply.body.data.seq_number as number).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(11);
    expect(new Set(numbers).size).toBe(12);
    expect(seqs.at(-1)! - seqs[0]!).toBe(11);
    const { rows } = await test.platform.db.query(
      `SELECT max(number) - min(number) + 1 = count(*) AS gap_free FROM job_sheets WHERE organisation_id = $1`,
      [scene.org.id],
    );
    expect(rows[0]).toEqual({ gap_free: true });
  });
});
