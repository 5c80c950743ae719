import { beforeAll, describe, expect, it } from 'vitest';
import { organisationApp } from '../../../../test/harness';
import { insertSheet, sheetGround, uploadPhoto, type SheetFixture } from './photos-testing';
import { sitePhoto } from './test-images';

/**
 * Photo evidence (docs/job-sheets.md "Photo evidence"): a caption, the capture time and the
 * phone's location stamped at upload and answered with the photo; the caption edited after.
 */
const {
  test,
  org,
  members: { operative },
} = organisationApp('Evidence Org', { members: { operative: 'OPERATIVE' } });
let sheet: SheetFixture;

beforeAll(async () => {
  const ground = await sheetGround(org.api);
  sheet = await insertSheet(test, org, ground, { operativeId: operative.userId });
});

describe('photo evidence', () => {
  it('stamps caption, capture time and location at upload and edits the caption', async () => {
    const photo = { name: 'door.jpg', content: await sitePhoto(3, { width: 400, height: 300 }) };
    const uploaded = await uploadPhoto(test, org, operative.token, sheet, photo, {
      caption: '  Cracked vision panel, door 2.14  ',
      taken_at: '2026-11-29T09:15:30+01:00',
      latitude: '51.5072',
      longitude: '-0.1276',
      accuracy: '12.5',
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.data).toMatchObject({
      caption: 'Cracked vision panel, door 2.14',
      taken_at: '2026-11-29T08:15:30.000Z',
      location: { latitude: 51.5072, longitude: -0.1276, accuracy: 12.5 },
    });
    const id = uploaded.body.data.id as string;

    // Without a location the photo says so (null), and an upload from nowhere keeps none.
    const plain = await uploadPhoto(test, org, operative.token, sheet, photo);
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ caption: null, taken_at: null, location: null });

    const edited = await operative.orgApi.patch(`/job_sheet_photos/${id}`, {
      caption: 'Cracked vision panel',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.caption).toBe('Cracked vision panel');
    const cleared = await operative.orgApi.patch(`/job_sheet_photos/${id}`, { caption: '' });
    expect(cleared.body.data.caption).toBeNull();
    expect(cleared.body.data.location).toEqual({
      latitude: 51.5072,
      longitude: -0.1276,
      accuracy: 12.5,
    });
    const tooLong = await operative.orgApi.patch(`/job_sheet_photos/${id}`, {
      caption: 'x'.repeat(501),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.map((error: { field: string }) => error.field)).toEqual(['caption']);
  });

  it('refuses a half location, a location out of range and a capture time in the future', async () => {
    const photo = { name: 'door.jpg', content: await sitePhoto(4, { width: 400, height: 300 }) };
    const bad = await uploadPhoto(test, org, operative.token, sheet, photo, {
      latitude: '91',
      taken_at: '2999-01-01T00:00:00Z',
      accuracy: 'near',
    });
    expect(bad.status).toBe(422);
    const fields = (body: { errors: { field: string }[] }) =>
      body.errors.map((error) => error.field).sort();
    expect(fields(bad.body)).toEqual(['accuracy', 'latitude', 'taken_at']);
    const half = await uploadPhoto(test, org, operative.token, sheet, photo, { latitude: '50' });
    expect(half.status).toBe(422);
    expect(fields(half.body)).toEqual(['longitude']);
  });
});
