import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, getFile, organisationApp } from '../../../../test/harness';
import { approvalBlockers } from '../approval-guards';
import {
  insertSheet,
  processed,
  setSheetStatus,
  sheetGround,
  uploadPhoto,
  type SheetFixture,
} from './photos-testing';
import { sitePhoto } from './test-images';

const {
  test,
  org,
  members: { operative, otherOperative },
} = organisationApp('Photo Org', {
  members: { operative: 'OPERATIVE', otherOperative: 'OPERATIVE' },
});
let ground: Awaited<ReturnType<typeof sheetGround>>;
let sheet: SheetFixture;

beforeAll(async () => {
  ground = await sheetGround(org.api, {
    duplicate_photo_detection: true,
    duplicate_photo_detection_prevent_approvals: true,
  });
  sheet = await insertSheet(test, org, ground, { operativeId: operative.userId });
});

describe('job sheet photos', () => {
  it('uploads a photo, processes it on the queue to READY with size, hashes and files', async () => {
    const bytes = await sitePhoto(41, { width: 1200, height: 900 });
    const reply = await uploadPhoto(
      test,
      org,
      operative.token,
      sheet,
      {
        name: 'door.jpg',
        content: bytes,
      },
      { capture_method: 'WEB_CAMERA' },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data).toMatchObject({
      job_sheet_id: sheet.id,
      job_sheet_field_value_id: sheet.photoValueId,
      status: 'PROCESSING',
      capture_method: 'WEB_CAMERA',
      order: 0,
      width: null,
    });
    const photo = await processed(operative.orgApi, reply.body.data.id);
    expect(photo).toMatchObject({ status: 'READY', error: null, width: 1200, height: 900 });
    expect(photo.c_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(photo.p_hash).toMatch(/^[0-9a-f]{16}$/);
    expect(photo.permissions).toMatchObject({ update: true, delete: true });
    // the signed addresses serve the photo and its thumbnail; tampered ones are refused
    const original = await getFile(test.app, photo.file!.url);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(bytes)).toBe(true);
    const thumbnail = await getFile(test.app, photo.file!.thumbnail_url!);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    const tampered = photo.file!.url.replace(/signature=[^&]+/, 'signature=forged');
    expect((await test.app.inject({ url: tampered })).statusCode).toBe(403);
  });

  it('marks a corrupt image FAILED with the reason', async () => {
    const whole = await sitePhoto(42);
    const reply = await uploadPhoto(test, org, operative.token, sheet, {
      name: 'broken.jpg',
      content: whole.subarray(0, 2000),
    });
    expect(reply.status).toBe(201);
    const photo = await processed(operative.orgApi, reply.body.data.id);
    expect(photo).toMatchObject({ status: 'FAILED', width: null });
    expect(photo.error).toMatch(/could not be read/);
  });

  it('refuses a text file named .jpg, an empty file and a non-photo field with 422', async () => {
    const text = await uploadPhoto(test, org, operative.token, sheet, {
      name: 'photo.jpg',
      content: 'this is not a picture at all, only words',
    });
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual([
      expect.objectContaining({ field: 'file', code: 'unsupported_type' }),
    ]);
    const empty = await uploadPhoto(test, org, operative.token, sheet, {
      name: 'a.jpg',
      content: Buffer.alloc(0),
    });
    expect(empty.status).toBe(422);
    const wrongField = await uploadPhoto(
      test,
      org,
      operative.token,
      { ...sheet, photoValueId: sheet.textValueId },
      { name: 'a.jpg', content: await sitePhoto(43, { width: 64, height: 48 }) },
    );
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.errors[0]).toMatchObject({ field: 'job_sheet_field_value_id' });
    const badOrder = await uploadPhoto(
      test,
      org,
      operative.token,
      sheet,
      { name: 'a.jpg', content: await sitePhoto(43, { width: 64, height: 48 }) },
      { order: 'first' },
    );
    expect(badOrder.status).toBe(422);
    expect(badOrder.body.errors[0]).toMatchObject({ field: 'order' });
  });

  it('keeps operatives to their own sheets while in progress or rejected', async () => {
    const small = await sitePhoto(44, { width: 64, height: 48 });
    const notTheirs = await uploadPhoto(test, org, otherOperative.token, sheet, {
      name: 'a.jpg',
      content: small,
    });
    expect(notTheirs.status).toBe(422);
    expect(notTheirs.body.errors[0]).toMatchObject({ field: 'job_sheet_id', code: 'not_found' });
    const list = await otherOperative.orgApi.get(
      `/job_sheet_photos?filter[job_sheet_id]=${sheet.id}`,
    );
    expect(list.body.data).toEqual([]);

    const submitted = await insertSheet(test, org, ground, {
      operativeId: operative.userId,
      status: 'SUBMITTED',
    });
    const late = await uploadPhoto(test, org, operative.token, submitted, {
      name: 'a.jpg',
      content: small,
    });
    expect(late.status).toBe(422);
    expect(late.body.errors[0]).toMatchObject({ code: 'not_allowed_from_status' });
  });

  it("reorders, updates and deletes photos; a submitted sheet's photos stay", async () => {
    const own = await insertSheet(test, org, ground, { operativeId: operative.userId });
    const ids: string[] = [];
    for (const seed of [45, 46, 47]) {
      const reply = await uploadPhoto(test, org, operative.token, own, {
        name: `${seed}.png`,
        content: await sitePhoto(seed, { width: 80, height: 60, format: 'png' }),
      });
      expect(reply.status).toBe(201);
      ids.push(reply.body.data.id);
    }
    const inserted = await uploadPhoto(
      test,
      org,
      operative.token,
      own,
      { name: 'first.jpg', content: await sitePhoto(48, { width: 80, height: 60 }) },
      { order: '0' },
    );
    ids.unshift(inserted.body.data.id);
    const orderOf = async () =>
      (
        await operative.orgApi.get(`/job_sheet_photos?filter[job_sheet_id]=${own.id}&sort=order`)
      ).body.data.map((photo: { id: string }) => photo.id);
    expect(await orderOf()).toEqual(ids);

    const reversed = [...ids].reverse();
    const reorder = await operative.orgApi.post('/job_sheet_photos/reorder', { ids: reversed });
    expect(reorder.body).toEqual({ reordered: reversed, failed: [] });
    expect(await orderOf()).toEqual(reversed);
    // another operative may not reorder (nor see) them
    const foreign = await otherOperative.orgApi.post('/job_sheet_photos/reorder', { ids });
    expect(foreign.body.reordered).toEqual([]);

    const updated = await operative.orgApi.put(`/job_sheet_photos/${ids[0]}`, {
      capture_method: 'APP_LIBRARY',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.capture_method).toBe('APP_LIBRARY');

    const removed = await processed(operative.orgApi, ids[1]!);
    expect((await operative.orgApi.delete(`/job_sheet_photos/${ids[1]}`)).status).toBe(204);
    expect((await operative.orgApi.get(`/job_sheet_photos/${ids[1]}`)).status).toBe(404);
    // its files go on the queue once the delete has committed
    let served = 200;
    for (let attempt = 0; attempt < 50 && served !== 404; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      served = (await getFile(test.app, removed.file!.url)).statusCode;
    }
    expect(served).toBe(404);

    await setSheetStatus(test, own.id, 'SUBMITTED');
    const frozen = await operative.orgApi.delete(`/job_sheet_photos/${ids[2]}`);
    expect(frozen.status).toBe(422);
    const managerDelete = await org.api.delete(`/job_sheet_photos/${ids[2]}`);
    expect(managerDelete.status).toBe(422);
    expect(managerDelete.body.errors[0]).toMatchObject({ code: 'not_allowed_from_status' });
  });

  it('flags a duplicate on a second sheet and blocks its approval while it stands', async () => {
    const bytes = await sitePhoto(50, { width: 1000, height: 750 });
    const first = await insertSheet(test, org, ground, { operativeId: operative.userId });
    const second = await insertSheet(test, org, ground, { operativeId: operative.userId });
    const third = await insertSheet(test, org, ground, { operativeId: operative.userId });
    const upload = async (target: SheetFixture, content: Buffer) => {
      const reply = await uploadPhoto(test, org, operative.token, target, {
        name: 'p.jpg',
        content,
      });
      expect(reply.status).toBe(201);
      return processed(operative.orgApi, reply.body.data.id);
    };
    const original = await upload(first, bytes);
    const exact = await upload(second, bytes);
    const near = await upload(
      third,
      await sharp(bytes).resize(500).jpeg({ quality: 50 }).toBuffer(),
    );
    await upload(third, await sitePhoto(51, { width: 1000, height: 750 }));

    const found = await org.api.post('/job_sheets/detect_duplicate_photos_many', {
      ids: [first.id, second.id, third.id],
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const bySheet = Object.fromEntries(
      found.body.data.map((entry: { id: string; duplicate_photos: unknown[] }) => [
        entry.id,
        entry.duplicate_photos,
      ]),
    );
    expect(bySheet[second.id]).toContainEqual({
      photo_id: exact.id,
      duplicate_photo_id: original.id,
      duplicate_job_sheet_id: first.id,
      duplicate_job_sheet_number: first.number,
      kind: 'EXACT',
      distance: 0,
    });
    expect(bySheet[third.id]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          photo_id: near.id,
          duplicate_photo_id: original.id,
          kind: 'NEAR',
        }),
      ]),
    );
    // the different photo of the third sheet matched nothing
    expect(bySheet[third.id].every((d: { photo_id: string }) => d.photo_id === near.id)).toBe(true);

    // processing found the exact duplicate already (the project has detection on)
    const { rows } = await test.platform.db.query(
      `SELECT kind FROM job_sheet_photo_duplicates WHERE job_sheet_id = $1`,
      [second.id],
    );
    expect(rows.length).toBeGreaterThan(0);

    const reasons = await guard([second.id, first.id]);
    expect(reasons.get(second.id)).toMatch(/^1 photo of this job sheet is also on sheets? \d+/);

    // removing the duplicate photo clears the finding, and approval is possible again
    await setSheetStatus(test, second.id, 'IN_PROGRESS');
    expect((await operative.orgApi.delete(`/job_sheet_photos/${exact.id}`)).status).toBe(204);
    expect((await guard([second.id])).has(second.id)).toBe(false);
  });

  it("answers 404 for another organisation's sheet when detecting duplicates", async () => {
    const other = await createOrganisation(test.app, 'Other Org');
    const reply = await other.api.post(`/job_sheets/${sheet.id}/detect_duplicate_photos`);
    expect(reply.status).toBe(404);
  });
});

/** The approval guard as approve calls run it, in a scoped transaction of the organisation. */
async function guard(ids: string[]) {
  return test.platform.db.transaction(async (tx) => {
    await tx.query(
      `SELECT set_config('role', 'fieldwork_app', true), set_config('app.organisation_id', $1, true)`,
      [org.id],
    );
    return approvalBlockers(
      { db: tx, organisationId: org.id } as unknown as Parameters<typeof approvalBlockers>[0],
      ids,
    );
  });
}
