import { beforeAll, describe, expect, it } from 'vitest';
import { completeAnswers, sheetSceneApp, sheetScene } from '../../../../test/fixtures/job-sheets';
import { processed, uploadPhoto } from './photos-testing';
import { sitePhoto } from './test-images';

const { test, scene } = sheetSceneApp('Duplicate Photos Org');

beforeAll(async () => {
  const flags = await scene.org.api.put(`/projects/${scene.projectId}`, {
    duplicate_photo_detection: true,
    duplicate_photo_detection_prevent_approvals: true,
  });
  expect(flags.status).toBe(200);
});

/** A sheet made through the API with one photo on its photo field, processed, then submitted. */
async function sheetWithPhoto(photo: Buffer) {
  const created = await scene.operative.orgApi.post('/job_sheets', {
    job_id: scene.jobId,
    form_id: scene.formId,
    field_values: completeAnswers(scene),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sheet = created.body.data as {
    id: string;
    number: number;
    field_values: { id: string; form_field_id: string }[];
  };
  const photoValue = sheet.field_values.find((v) => v.form_field_id === scene.fields.photo)!;
  const uploaded = await uploadPhoto(
    test,
    scene.org,
    scene.operative.token,
    { id: sheet.id, number: sheet.number, photoValueId: photoValue.id, textValueId: '' },
    { name: 'door.jpg', content: photo },
  );
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const ready = await processed(scene.operative.orgApi, uploaded.body.data.id);
  expect(ready.status).toBe('READY');
  const submitted = await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/submit`, {
    operative_declaration_accepted: true,
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return { id: sheet.id, number: sheet.number, photoId: ready.id };
}

describe('duplicate photos and approvals', () => {
  it('flags a photo seen on another sheet and refuses approval while the duplicate stands', async () => {
    const photo = await sitePhoto(60, { width: 900, height: 600 });
    const first = await sheetWithPhoto(photo);
    const second = await sheetWithPhoto(photo);

    // processing found it: the second sheet carries the duplicate
    const read = await scene.manager.orgApi.get(`/job_sheets/${second.id}`);
    expect(read.body.data.duplicate_photos).toEqual([
      {
        photo_id: second.photoId,
        duplicate_photo_id: first.photoId,
        duplicate_job_sheet_id: first.id,
        duplicate_job_sheet_number: first.number,
        kind: 'EXACT',
        distance: 0,
      },
    ]);

    const refused = await scene.manager.orgApi.post(`/job_sheets/${second.id}/approve`, {
      declaration_accepted: true,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(JSON.stringify(refused.body)).toMatch(new RegExp(`is also on sheet ${first.number};`));
    const many = await scene.manager.orgApi.post('/job_sheets/approve_many', {
      jobSheetApprovals: [{ id: second.id, declaration_accepted: true }],
    });
    expect(many.body.approved).toEqual([]);
    expect(many.body.failed[0]).toMatchObject({ id: second.id });

    // the first sheet's photo came first: the first sheet is not held up
    const firstApproved = await scene.approver.orgApi.post(`/job_sheets/${first.id}/approve`, {
      declaration_accepted: true,
    });
    expect(firstApproved.status, JSON.stringify(firstApproved.body)).toBe(200);

    // without the project's prevent setting the duplicate is shown but does not block
    await scene.org.api.put(`/projects/${scene.projectId}`, {
      duplicate_photo_detection_prevent_approvals: false,
    });
    const allowed = await scene.approver.orgApi.post(`/job_sheets/${second.id}/approve`, {
      declaration_accepted: true,
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    await scene.org.api.put(`/projects/${scene.projectId}`, {
      duplicate_photo_detection_prevent_approvals: true,
    });
  });

  it('does not match a photo of another organisation', async () => {
    const photo = await sitePhoto(61, { width: 640, height: 480 });
    const mine = await sheetWithPhoto(photo);
    const other = await sheetScene(test, 'Other Org');
    await other.org.api.put(`/projects/${other.projectId}`, { duplicate_photo_detection: true });
    const created = await other.operative.orgApi.post('/job_sheets', {
      job_id: other.jobId,
      form_id: other.formId,
    });
    const value = (created.body.data.field_values as { id: string; form_field_id: string }[]).find(
      (v) => v.form_field_id === other.fields.photo,
    )!;
    const uploaded = await uploadPhoto(
      test,
      other.org,
      other.operative.token,
      { id: created.body.data.id, number: 0, photoValueId: value.id, textValueId: '' },
      { name: 'same.jpg', content: photo },
    );
    await processed(other.operative.orgApi, uploaded.body.data.id);
    const detected = await other.org.api.post(
      `/job_sheets/${created.body.data.id}/detect_duplicate_photos`,
    );
    expect(detected.status).toBe(200);
    expect(detected.body.data[0].duplicate_photos).toEqual([]);
    const still = await scene.manager.orgApi.post(`/job_sheets/${mine.id}/detect_duplicate_photos`);
    expect(still.body.data[0].duplicate_photos).toEqual([]);
  });
});
