import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, getFile, organisationApp } from '../../../../test/harness';
import { multipartBody, sendMultipart } from '../../people/people-testing';
import {
  insertSheet,
  processed,
  setSheetStatus,
  sheetGround,
  uploadPhoto,
  type SheetFixture,
} from './photos-testing';
import { sitePhoto } from './test-images';

/**
 * Photo markup (docs/job-sheets.md "Photo markup"): arrows, circles and text drawn on a copy the
 * web app sends with its shapes; the original is kept, the copy replaced or removed, and only
 * those who may change the photo may mark it up.
 */
const {
  test,
  org,
  members: { operative, otherOperative, manager },
} = organisationApp('Markup Org', {
  members: { operative: 'OPERATIVE', otherOperative: 'OPERATIVE', manager: 'MANAGER' },
});
let sheet: SheetFixture;

const shapes = [
  { type: 'ARROW', color: '#e03131', from: { x: 0.1, y: 0.1 }, to: { x: 0.5, y: 0.5 } },
  { type: 'CIRCLE', color: '#fab005', center: { x: 0.5, y: 0.5 }, radius: 0.1 },
  { type: 'TEXT', color: '#ffffff', at: { x: 0.2, y: 0.8 }, text: 'Crack here', size: 0.05 },
];

/** The photo with a red bar drawn across, as the web app's canvas would send it (PNG). */
async function markedUpCopy(photo: Buffer, size: { width: number; height: number }) {
  const bar = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
    <rect x="0" y="${size.height / 2 - 10}" width="${size.width}" height="20" fill="#e03131"/></svg>`;
  return sharp(photo)
    .composite([{ input: Buffer.from(bar) }])
    .png()
    .toBuffer();
}

function markUp(
  token: string,
  photoId: string,
  fields: Record<string, string>,
  file?: { content: Buffer; type?: string },
) {
  return sendMultipart(
    test,
    token,
    'POST',
    `/organisations/${org.id}/job_sheet_photos/${photoId}/markup`,
    multipartBody(
      fields,
      file ? [{ field: 'file', name: 'markup.png', type: file.type ?? 'image/png', ...file }] : [],
    ),
  );
}

async function readyPhoto(seed: number) {
  const content = await sitePhoto(seed, { width: 640, height: 480 });
  const uploaded = await uploadPhoto(test, org, operative.token, sheet, {
    name: 'wall.jpg',
    content,
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const photo = await processed(operative.orgApi, uploaded.body.data.id as string);
  expect(photo.status).toBe('READY');
  return { photo, content };
}

beforeAll(async () => {
  const ground = await sheetGround(org.api);
  sheet = await insertSheet(test, org, ground, { operativeId: operative.userId });
});

describe('photo markup', () => {
  it('keeps the original, answers the copy with its shapes, replaces and removes it', async () => {
    const { photo, content } = await readyPhoto(71);
    expect(photo.markup).toBeNull();
    const copy = await markedUpCopy(content, { width: 640, height: 480 });

    const reply = await markUp(
      operative.token,
      photo.id,
      { shapes: JSON.stringify(shapes) },
      { content: copy },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const marked = reply.body.data;
    expect(marked.markup).toMatchObject({ shapes, marked_up_by_id: operative.userId });
    expect(marked.markup.marked_up_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The original is served as it was uploaded; the copy is the marked-up picture.
    const original = await getFile(test.app, marked.file.original_url);
    expect(Buffer.compare(original.rawPayload, content)).toBe(0);
    const served = await getFile(test.app, marked.markup.url);
    expect(served.statusCode).toBe(200);
    const pixel = await sharp(served.rawPayload)
      .extract({ left: 320, top: 240, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...pixel.subarray(0, 3)]).toEqual([0xe0, 0x31, 0x31]);
    const thumbnail = await getFile(test.app, marked.markup.thumbnail_url);
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBeLessThanOrEqual(400);
    // The sheet shows the photo with its markup (children presented from one declaration).
    const onSheet = await operative.orgApi.get(`/job_sheets/${sheet.id}`);
    const photos = onSheet.body.data.field_values.flatMap(
      (value: { photos: { id: string; markup: unknown }[] }) => value.photos,
    );
    expect(photos.find((entry: { id: string }) => entry.id === photo.id).markup).toMatchObject({
      shapes,
    });

    // Drawn again: the new copy replaces the old, whose file goes once the change commits.
    const again = await markUp(
      operative.token,
      photo.id,
      { shapes: JSON.stringify(shapes.slice(0, 1)) },
      { content: copy },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.markup.shapes).toHaveLength(1);
    await expect
      .poll(async () => (await getFile(test.app, marked.markup.url)).statusCode)
      .toBe(404);

    // The audit entry keeps the photo as it was (its earlier markup), for undo.
    const { rows } = await test.platform.db.query<{ before_image: Record<string, unknown> }>(
      `SELECT before_image FROM audit_entries
        WHERE document_id = $1 AND action = 'UPLOAD' ORDER BY created_at DESC, id DESC LIMIT 1`,
      [photo.id],
    );
    expect(rows[0]!.before_image.markup_shapes).toEqual(shapes);

    const removed = await operative.orgApi.delete(`/job_sheet_photos/${photo.id}/markup`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.markup).toBeNull();
    expect(removed.body.data.file.original_url).toBeTruthy();
    await expect
      .poll(async () => (await getFile(test.app, again.body.data.markup.url)).statusCode)
      .toBe(404);
    expect((await getFile(test.app, removed.body.data.file.original_url)).statusCode).toBe(200);
  });

  it('names each bad field: shapes, a file that is not an image or not of the photo', async () => {
    const { photo, content } = await readyPhoto(72);
    const copy = await markedUpCopy(content, { width: 640, height: 480 });
    const fields = (body: { errors: { field: string }[] }) =>
      body.errors.map((error) => error.field).sort();

    const notJson = await markUp(operative.token, photo.id, { shapes: '[{' }, { content: copy });
    expect(notJson.status).toBe(422);
    expect(fields(notJson.body)).toEqual(['shapes']);
    const badShape = await markUp(
      operative.token,
      photo.id,
      {
        shapes: JSON.stringify([
          { type: 'CIRCLE', color: 'pink', center: { x: 2, y: 0.5 }, radius: 0.1 },
          { type: 'SQUIGGLE' },
        ]),
      },
      { content: copy },
    );
    expect(badShape.status).toBe(422);
    expect(fields(badShape.body)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^shapes/)]),
    );
    const noFile = await markUp(operative.token, photo.id, { shapes: JSON.stringify(shapes) });
    expect(noFile.status).toBe(422);
    expect(fields(noFile.body)).toEqual(['file']);
    const text = await markUp(
      operative.token,
      photo.id,
      { shapes: JSON.stringify(shapes) },
      { content: Buffer.from('not a picture at all'), type: 'text/plain' },
    );
    expect(text.status).toBe(422);
    expect(fields(text.body)).toEqual(['file']);
    const square = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const wrongShape = await markUp(
      operative.token,
      photo.id,
      { shapes: JSON.stringify(shapes) },
      { content: square },
    );
    expect(wrongShape.status).toBe(422);
    expect(wrongShape.body.errors[0]).toMatchObject({ field: 'file' });
    // Nothing was kept by any refusal.
    expect((await operative.orgApi.get(`/job_sheet_photos/${photo.id}`)).body.data.markup).toBe(
      null,
    );
    const { rows } = await test.platform.db.query(
      `SELECT 1 FROM stored_files WHERE organisation_id = $1 AND kind = 'job-sheet-photo-markup'
         AND NOT EXISTS (SELECT 1 FROM job_sheet_photos p WHERE p.markup_file_id = stored_files.id)`,
      [org.id],
    );
    expect(rows).toHaveLength(0);
  });

  it('is refused to those who may not change the photo, and on a frozen sheet', async () => {
    const { photo, content } = await readyPhoto(73);
    const copy = await markedUpCopy(content, { width: 640, height: 480 });
    const body = { shapes: JSON.stringify(shapes) };

    // Another operative does not see this operative's sheet; another organisation neither.
    const notTheirs = await markUp(otherOperative.token, photo.id, body, { content: copy });
    expect(notTheirs.status).toBe(404);
    const other = await createOrganisation(test.app, 'Markup Outsiders');
    const foreign = await other.api.delete(`/job_sheet_photos/${photo.id}/markup`);
    expect(foreign.status).toBe(404);

    await setSheetStatus(test, sheet.id, 'SUBMITTED');
    try {
      const frozen = await markUp(operative.token, photo.id, body, { content: copy });
      expect(frozen.status).toBe(422);
      expect(frozen.body.errors[0]).toMatchObject({ code: 'not_allowed_from_status' });
    } finally {
      await setSheetStatus(test, sheet.id, 'IN_PROGRESS');
    }
    // A manager may mark up any photo of a sheet in progress.
    const byManager = await markUp(manager.token, photo.id, body, { content: copy });
    expect(byManager.status, JSON.stringify(byManager.body)).toBe(200);
    // Deleting the photo removes its markup copy with it.
    expect((await operative.orgApi.delete(`/job_sheet_photos/${photo.id}`)).status).toBe(204);
    await expect
      .poll(async () => (await getFile(test.app, byManager.body.data.markup.url)).statusCode)
      .toBe(404);
  });
});
