import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getFile, organisationApp } from '../../../test/harness';
import { drawingGround, drawingPdf, drawingPng, settled } from './locations-testing';
import { postFile } from '../people/people-testing';

const {
  test,
  org,
  other,
  members: { operative },
} = organisationApp('Drawings Org', {
  other: 'Other Drawings Org',
  members: { operative: 'OPERATIVE' },
});
let ground: Awaited<ReturnType<typeof drawingGround>>;

beforeAll(async () => {
  ground = await drawingGround(org.api);
});

describe('drawings', () => {
  it('take a PDF for a level, render its page on the queue and serve the picture converted', async () => {
    const upload = await postFile(
      test,
      org,
      '/drawings',
      { level_id: ground.levelId },
      { name: 'ground-floor.pdf', content: await drawingPdf(720, 360) },
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    expect(upload.body.data).toMatchObject({
      name: 'ground-floor',
      level_id: ground.levelId,
      block_id: ground.blockId,
      project_id: ground.projectId,
      site_id: ground.siteId,
      level: { id: ground.levelId, name: 'Ground' },
      block: { id: ground.blockId, name: 'Block A' },
      status: 'PROCESSING',
      width: null,
      order: 0,
      location_count: 0,
    });
    const id = upload.body.data.id as string;
    const notYet = await org.api.get(`/drawings/${id}/image`);
    expect([302, 409]).toContain(notYet.status);

    const drawing = await settled(org.api, `/drawings/${id}`);
    // 720 × 360 points at 200 dpi
    expect(drawing).toMatchObject({ status: 'READY', width: 2000, height: 1000, error: null });
    expect(drawing.file).toMatchObject({
      name: 'ground-floor.pdf',
      content_type: 'application/pdf',
    });
    const page = await getFile(test.app, drawing.file.image_url);
    expect(page.statusCode).toBe(200);
    expect((await sharp(page.rawPayload).metadata()).width).toBe(2000);

    const image = await org.api.get(`/drawings/${id}/image?width=400&format=webp`);
    expect(image.status).toBe(302);
    const converted = await getFile(test.app, image.headers.location as string);
    expect(converted.statusCode).toBe(200);
    const meta = await sharp(converted.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 200 });
    expect((await operative.orgApi.get(`/drawings/${id}/image`)).status).toBe(302);
    expect((await org.api.get(`/drawings/${id}/image?width=9`)).status).toBe(422);
  });

  it('take an image as it is, and refuse other files, unknown levels and operatives', async () => {
    const png = await postFile(
      test,
      org,
      '/drawings',
      { level_id: ground.levelId, name: 'Scan' },
      { name: 'scan.png', content: await drawingPng(640, 480) },
    );
    expect(png.status).toBe(201);
    expect(png.body.data.order).toBe(1);
    expect(await settled(org.api, `/drawings/${png.body.data.id}`)).toMatchObject({
      name: 'Scan',
      status: 'READY',
      width: 640,
      height: 480,
    });
    const text = await postFile(
      test,
      org,
      '/drawings',
      { level_id: ground.levelId },
      { name: 'plan.pdf', content: Buffer.from('not a drawing at all') },
    );
    expect(text.status).toBe(422);
    expect(text.body.errors[0]).toMatchObject({ field: 'file', code: 'unsupported_type' });
    const unknown = await postFile(
      test,
      org,
      '/drawings',
      { level_id: '0123456789abcdef01234567' },
      { name: 'scan.png', content: await drawingPng(10, 10) },
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].field).toBe('level_id');
    const operativeUpload = await postFile(
      test,
      org,
      '/drawings',
      { level_id: ground.levelId },
      { name: 'scan.png', content: await drawingPng(10, 10) },
      operative.token,
    );
    expect(operativeUpload.status).toBe(403);
  });

  it('replace the picture once the new one is ready, keeping pins as fractions', async () => {
    const upload = await postFile(
      test,
      org,
      '/drawings',
      { level_id: ground.levelId, name: 'Replaced' },
      { name: 'old.png', content: await drawingPng(400, 300) },
    );
    const id = upload.body.data.id as string;
    await settled(org.api, `/drawings/${id}`);
    const location = await org.api.post('/locations', {
      project_id: ground.projectId,
      level_id: ground.levelId,
      drawing_id: id,
      drawing_pos_top: 0.25,
      drawing_pos_left: 0.75,
    });
    expect(location.status, JSON.stringify(location.body)).toBe(201);

    const replaced = await postFile(
      test,
      org,
      `/drawings/${id}/replace_image`,
      {},
      { name: 'new.pdf', content: await drawingPdf(360, 270) },
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data).toMatchObject({ replacing: true, width: 400, height: 300 });
    const done = await settled(org.api, `/drawings/${id}`);
    expect(done).toMatchObject({ status: 'READY', replacing: false, width: 1000, height: 750 });
    expect(done.file.name).toBe('new.pdf');
    expect(done.location_count).toBe(1);
    const pin = await org.api.get(`/locations/${location.body.data.id}`);
    expect(pin.body.data).toMatchObject({ drawing_pos_top: 0.25, drawing_pos_left: 0.75 });
    const { rows } = await test.platform.db.query(
      `SELECT count(*)::int AS count FROM stored_files WHERE organisation_id = $1 AND name = 'old.png'`,
      [org.id],
    );
    expect(rows[0]).toEqual({ count: 0 });
  });

  it('are ordered per level, moved to another level, soft-deleted, restored and kept in use', async () => {
    const list = await org.api.get(`/drawings?filter[level_id]=${ground.levelId}`);
    expect(list.status).toBe(200);
    const ids = (list.body.data as Array<{ id: string }>).map((row) => row.id);
    expect(ids.length).toBe(3);
    const reordered = await org.api.post('/drawings/reorder', { ids: [ids[2]], index: 0 });
    expect(reordered.status, JSON.stringify(reordered.body)).toBeLessThan(300);
    const after = await org.api.get(`/drawings?filter[level_id]=${ground.levelId}&sort=order`);
    expect((after.body.data as Array<{ id: string }>)[0]!.id).toBe(ids[2]);

    const moved = await org.api.post(`/drawings/${ids[0]}/move`, { level_id: ground.otherLevelId });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ level_id: ground.otherLevelId, order: 0 });

    const level = await org.api.delete(`/levels/${ground.otherLevelId}`);
    expect(level.status).toBe(409);
    expect((await org.api.delete(`/drawings/${ids[0]}`)).status).toBe(204);
    expect((await org.api.get(`/drawings/${ids[0]}`)).status).toBe(404);
    expect((await org.api.post(`/drawings/${ids[0]}/restore`, {})).status).toBe(200);
    expect((await org.api.get(`/drawings/${ids[0]}`)).body.data.deleted_at).toBeNull();
    expect((await org.api.put(`/drawings/${ids[0]}`, { name: '' })).status).toBe(422);
    expect(
      (await org.api.put(`/drawings/${ids[0]}`, { name: 'Renamed', colour: 'red' })).status,
    ).toBe(422);
  });

  it('is another organisation’s business only for itself', async () => {
    const list = await org.api.get('/drawings');
    const id = list.body.data[0].id as string;
    expect((await other.api.get(`/drawings/${id}`)).status).toBe(404);
    expect((await other.api.get(`/drawings/${id}/image`)).status).toBe(404);
    const replace = await postFile(
      test,
      other,
      `/drawings/${id}/replace_image`,
      {},
      { name: 'x.png', content: await drawingPng(10, 10) },
    );
    expect(replace.status).toBe(404);
  });
});

describe('pending drawings', () => {
  it('are uploaded to a project or a site, converted to a drawing on a level and back', async () => {
    const neither = await postFile(
      test,
      org,
      '/pending_drawings',
      {},
      { name: 'inbox.png', content: await drawingPng(300, 200) },
    );
    expect(neither.status).toBe(422);
    expect(neither.body.errors[0].field).toBe('project_id');
    const upload = await postFile(
      test,
      org,
      '/pending_drawings',
      { project_id: ground.projectId },
      { name: 'inbox.pdf', content: await drawingPdf(144, 72) },
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const pending = await settled(org.api, `/pending_drawings/${upload.body.data.id}`);
    expect(pending).toMatchObject({
      project_id: ground.projectId,
      site_id: null,
      name: 'inbox',
      width: 400,
      height: 200,
      status: 'READY',
    });
    expect(pending.file.image_url).toEqual(expect.any(String));

    const elsewhere = await drawingGround(org.api);
    const wrongLevel = await org.api.post(`/pending_drawings/${pending.id}/convert`, {
      level_id: elsewhere.levelId,
    });
    expect(wrongLevel.status).toBe(422);
    expect(wrongLevel.body.errors[0].field).toBe('level_id');
    const converted = await org.api.post(`/pending_drawings/${pending.id}/convert`, {
      level_id: ground.levelId,
      name: 'Ground floor plan',
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    expect(converted.body.data).toMatchObject({
      name: 'Ground floor plan',
      level_id: ground.levelId,
      width: 400,
      height: 200,
      status: 'READY',
    });
    expect((await org.api.get(`/pending_drawings/${pending.id}`)).status).toBe(404);

    const back = await org.api.post(`/drawings/${converted.body.data.id}/convert_to_pending`, {});
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body.data).toMatchObject({
      project_id: ground.projectId,
      name: 'Ground floor plan',
      width: 400,
      status: 'READY',
    });
    expect((await org.api.get(`/drawings/${converted.body.data.id}`)).status).toBe(404);
    const image = await getFile(test.app, back.body.data.file.image_url);
    expect(image.statusCode).toBe(200);

    expect((await org.api.delete(`/pending_drawings/${back.body.data.id}`)).status).toBe(204);
    expect((await other.api.get(`/pending_drawings/${back.body.data.id}`)).status).toBe(404);
  });

  it('refuse convert_to_pending while locations are on the drawing', async () => {
    const list = await org.api.get(`/drawings?filter[name]=Replaced`);
    const id = list.body.data[0].id as string;
    const refused = await org.api.post(`/drawings/${id}/convert_to_pending`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in_use');
  });
});
