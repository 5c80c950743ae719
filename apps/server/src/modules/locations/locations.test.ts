import { beforeAll, describe, expect, it } from 'vitest';
import { organisationApp } from '../../../test/harness';
import { insertSheet, sheetGround } from '../job-sheets/photos/photos-testing';
import { drawingGround, drawingPng, settled } from './locations-testing';
import { postFile } from '../people/people-testing';

const {
  test,
  org,
  other,
  members: { operative },
} = organisationApp('Locations Org', {
  other: 'Other Locations Org',
  members: { operative: 'OPERATIVE' },
});
let ground: Awaited<ReturnType<typeof drawingGround>>;
let drawingId: string;
let statuses: Array<{ id: string; name: string; type: string }>;

beforeAll(async () => {
  ground = await drawingGround(org.api);
  const upload = await postFile(
    test,
    org,
    '/drawings',
    { level_id: ground.levelId, name: 'Ground plan' },
    { name: 'plan.png', content: await drawingPng(800, 600) },
  );
  drawingId = upload.body.data.id;
  await settled(org.api, `/drawings/${drawingId}`);
  statuses = (await org.api.get(`/projects/${ground.projectId}/location_statuses`)).body.data;
});

const pin = (extra: Record<string, unknown> = {}) => ({
  project_id: ground.projectId,
  drawing_id: drawingId,
  drawing_pos_top: 0.5,
  drawing_pos_left: 0.25,
  ...extra,
});

describe('locations', () => {
  it('are numbered per project without gaps, placed by their drawing, in the first PENDING status', async () => {
    const first = await org.api.post('/locations', pin());
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const pending = statuses.find((status) => status.type === 'PENDING')!;
    expect(first.body.data).toMatchObject({
      project_id: ground.projectId,
      number: 1,
      reference: null,
      reference_label: 'Reference',
      site_id: ground.siteId,
      block_id: ground.blockId,
      level_id: ground.levelId,
      drawing_id: drawingId,
      drawing: { id: drawingId, name: 'Ground plan' },
      level: { id: ground.levelId, name: 'Ground' },
      block: { id: ground.blockId, name: 'Block A' },
      drawing_pos_top: 0.5,
      drawing_pos_left: 0.25,
      status_id: pending.id,
      status: { id: pending.id, name: pending.name, type: 'PENDING' },
      zone: null,
      specification: null,
      qr_code: null,
      attribute_values: [],
      job_sheets: [],
      job_sheet_photos: [],
      original_job_sheet_id: null,
    });
    const bad = await org.api.post('/locations', pin({ drawing_pos_top: 1.5 }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('drawing_pos_top');
    const half = await org.api.post('/locations', pin({ drawing_pos_left: null }));
    expect(half.status).toBe(422);
    expect(half.body.errors[0].field).toBe('drawing_pos_left');
    // A failed create gives its number back: the next one is 2.
    const second = await operative.orgApi.post('/locations', pin({ reference: 'D-12' }));
    expect(second.status).toBe(201);
    expect(second.body.data.number).toBe(2);
    const many = await org.api.post('/locations/create_many', {
      data: [pin({ drawing_pos_top: 0.1 }), pin({ drawing_pos_top: 0.2 })],
    });
    expect(many.status, JSON.stringify(many.body)).toBe(201);
    const numbers = (
      await org.api.get(`/locations?filter[project_id]=${ground.projectId}&sort=number`)
    ).body.data.map((row: { number: number }) => row.number);
    expect(numbers).toEqual([1, 2, 3, 4]);
  });

  it('refuse what is not the project’s: level, drawing, status, unknown keys', async () => {
    const elsewhere = await drawingGround(org.api);
    const level = await org.api.post('/locations', {
      project_id: ground.projectId,
      level_id: elsewhere.levelId,
    });
    expect(level.status).toBe(422);
    expect(level.body.errors[0].field).toBe('level_id');
    const status = await org.api.post('/locations', pin({ status_id: '0123456789abcdef01234567' }));
    expect(status.status).toBe(422);
    expect(status.body.errors[0].field).toBe('status_id');
    const unknown = await org.api.post('/locations', pin({ colour: 'red' }));
    expect(unknown.status).toBe(422);
    const offDrawing = await org.api.post('/locations', {
      project_id: ground.projectId,
      drawing_pos_top: 0.3,
      drawing_pos_left: 0.3,
    });
    expect(offDrawing.status).toBe(422);
    expect(offDrawing.body.errors[0].field).toBe('drawing_id');
  });

  it('move their pin, change status, take attribute values and the project’s reference label', async () => {
    const attribute = await org.api.post(`/projects/${ground.projectId}/location_attributes`, {
      name: 'Fire rating',
      type: 'SELECT',
      options: [{ name: 'FD30' }, { name: 'FD60' }],
    });
    expect(attribute.status, JSON.stringify(attribute.body)).toBe(201);
    const attributeId = attribute.body.data.id as string;
    const created = await org.api.post(
      '/locations',
      pin({ attribute_values: [{ attribute_id: attributeId, value_option: 'FD30' }] }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.attribute_values).toEqual([
      expect.objectContaining({
        attribute_id: attributeId,
        name: 'Fire rating',
        value_option: 'FD30',
      }),
    ]);
    const id = created.body.data.id as string;
    const wrong = await org.api.put(`/locations/${id}`, {
      attribute_values: [{ attribute_id: attributeId, value_option: 'FD90' }],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].field).toBe('attribute_values.0.value_option');

    const active = statuses.find((status) => status.type === 'ACTIVE')!;
    const moved = await org.api.put(`/locations/${id}`, {
      drawing_pos_top: 0.9,
      drawing_pos_left: 0.1,
      status_id: active.id,
      variation: 'Extra collar',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({
      drawing_pos_top: 0.9,
      drawing_pos_left: 0.1,
      status: { id: active.id, type: 'ACTIVE' },
      variation: 'Extra collar',
    });
    const outside = await org.api.put(`/locations/${id}`, { drawing_pos_left: -0.1 });
    expect(outside.status).toBe(422);

    await org.api.put(`/projects/${ground.projectId}`, {
      location_reference_enabled: true,
      location_reference_label: 'Plot',
    });
    expect((await org.api.get(`/locations/${id}`)).body.data.reference_label).toBe('Plot');

    const onDrawing = await org.api.get(`/locations?filter[drawing_id]=${drawingId}&page=all`);
    expect(onDrawing.status).toBe(200);
    expect(onDrawing.body.data.length).toBe(5);
    expect((await org.api.get(`/drawings/${drawingId}`)).body.data.location_count).toBe(5);
    expect((await org.api.get(`/projects/${ground.projectId}`)).body.data.location_count).toBe(5);
  });

  it('are deleted by managers, duplicated with a new number, and private to the organisation', async () => {
    const list = await org.api.get(`/locations?filter[project_id]=${ground.projectId}&sort=number`);
    const first = list.body.data[0];
    expect((await operative.orgApi.delete(`/locations/${first.id}`)).status).toBe(403);
    expect((await other.api.get(`/locations/${first.id}`)).status).toBe(404);
    expect((await other.api.put(`/locations/${first.id}`, { reference: 'x' })).status).toBe(404);
    const copy = await org.api.post(`/locations/${first.id}/duplicate`, {});
    expect(copy.status, JSON.stringify(copy.body)).toBeLessThan(300);
    expect(copy.body.data).toMatchObject({ number: 6, drawing_id: drawingId, qr_code: null });
    expect((await org.api.delete(`/locations/${copy.body.data.id}`)).status).toBe(204);
  });

  it('move with their job sheets’ status automation and with a deleted status’s replacement', async () => {
    const sheetsGround = await sheetGround(org.api);
    const projectStatuses = (
      await org.api.get(`/projects/${sheetsGround.projectId}/location_statuses`)
    ).body.data as Array<{ id: string; type: string }>;
    const location = await org.api.post('/locations', { project_id: sheetsGround.projectId });
    expect(location.status, JSON.stringify(location.body)).toBe(201);
    const locationId = location.body.data.id as string;
    const sheet = await insertSheet(test, org, sheetsGround);
    const foreign = await org.api.put(`/job_sheets/${sheet.id}`, {
      location_id: (await org.api.get(`/locations?filter[project_id]=${ground.projectId}`)).body
        .data[0].id,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].field).toBe('location_id');
    const linked = await org.api.put(`/job_sheets/${sheet.id}`, { location_id: locationId });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.data).toMatchObject({ location_id: locationId, location_number: 1 });

    const completed = projectStatuses.find((status) => status.type === 'COMPLETED')!;
    await test.platform.db.query(`UPDATE job_sheets SET location_status_id = $2 WHERE id = $1`, [
      sheet.id,
      completed.id,
    ]);
    const after = await org.api.get(`/locations/${locationId}`);
    expect(after.body.data.status.id).toBe(completed.id);
    expect(after.body.data.job_sheets).toEqual([
      { id: sheet.id, number: sheet.number, status: 'IN_PROGRESS' },
    ]);

    const replacement = projectStatuses.find((status) => status.type === 'CANCELLED')!;
    const removed = await org.api.delete(
      `/projects/${sheetsGround.projectId}/location_statuses/${completed.id}?replacementLocationStatusId=${replacement.id}`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    expect((await org.api.get(`/locations/${locationId}`)).body.data.status.id).toBe(
      replacement.id,
    );
  });

  it('are asked of a job sheet by its form’s location section when it is validated', async () => {
    const sheetsGround = await sheetGround(org.api);
    const form = await org.api.put(`/forms/${sheetsGround.formId}`, {
      location_section: { reference_field_enabled: true, reference_field_required: true },
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const sheet = await insertSheet(test, org, sheetsGround);
    const none = await org.api.post(`/job_sheets/${sheet.id}/validate`, {});
    expect(none.status).toBe(200);
    expect(none.body.data.errors.map((error: { field: string }) => error.field)).toContain(
      'location_id',
    );
    const location = await org.api.post('/locations', { project_id: sheetsGround.projectId });
    await org.api.put(`/job_sheets/${sheet.id}`, { location_id: location.body.data.id });
    const noReference = await org.api.post(`/job_sheets/${sheet.id}/validate`, {});
    expect(noReference.body.data.errors.map((error: { field: string }) => error.field)).toContain(
      'location.reference',
    );
    await org.api.put(`/locations/${location.body.data.id}`, { reference: 'R1' });
    const ok = await org.api.post(`/job_sheets/${sheet.id}/validate`, {});
    expect(ok.body.data.errors.map((error: { field: string }) => error.field)).not.toContain(
      'location.reference',
    );
  });
});
