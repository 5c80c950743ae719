import { describe, expect, it } from 'vitest';
import { completeAnswers, sheetSceneApp } from '../../../../test/fixtures/job-sheets';
import { newId } from '../../../platform/ids';
import { sceneSheet } from './photos-testing';

const { test, scene } = sheetSceneApp('Photo Readiness Org');

/** The operative's sheet, answered in full; submitted unless told otherwise. */
async function sheet(submit = true) {
  const api = scene.operative.orgApi;
  const { id, photoValueId } = await sceneSheet(scene, completeAnswers(scene));
  if (submit) {
    const submitted = await api.post(`/job_sheets/${id}/submit`, {
      operative_declaration_accepted: true,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  }
  return { id, photoValueId };
}

/** A photo row in the given state (the queue's outcome is not what is tested here). */
async function photo(target: { id: string; photoValueId: string }, status: string) {
  const id = newId();
  await test.platform.db.query(
    `INSERT INTO job_sheet_photos (id, organisation_id, job_sheet_id, job_sheet_field_value_id,
       "order", capture_method, status, content_type, original_key)
     VALUES ($1, $2, $3, $4, 0, 'WEB_IMPORT', $5, 'image/jpeg', $6)`,
    [id, scene.org.id, target.id, target.photoValueId, status, `uploads/${id}`],
  );
  return id;
}

const setStatus = (photoId: string, status: string) =>
  test.platform.db.query(`UPDATE job_sheet_photos SET status = $2 WHERE id = $1`, [
    photoId,
    status,
  ]);

describe('approval waits for photos', () => {
  it('refuses to approve while a photo is processing or failed, one and many', async () => {
    const waiting = await sheet(false);
    const photoId = await photo(waiting, 'PROCESSING');
    // submitting does not wait: the photo is on its way
    const submitted = await scene.operative.orgApi.post(`/job_sheets/${waiting.id}/submit`, {
      operative_declaration_accepted: true,
    });
    expect(submitted.status).toBe(200);
    const ready = await sheet();

    const one = await scene.approver.orgApi.post(`/job_sheets/${waiting.id}/approve`, {
      declaration_accepted: true,
    });
    expect(one.status).toBe(422);
    expect(one.body.errors[0].message).toBe(
      '1 photo of this job sheet is still being processed; approve it once it is ready.',
    );
    const many = await scene.manager.orgApi.post('/job_sheets/approve_many', {
      jobSheetApprovals: [
        { id: waiting.id, declaration_accepted: true },
        { id: ready.id, declaration_accepted: true },
      ],
    });
    expect(many.body.approved).toEqual([ready.id]);
    expect(many.body.failed).toEqual([
      {
        id: waiting.id,
        code: 'invalid',
        reason: '1 photo of this job sheet is still being processed; approve it once it is ready.',
      },
    ]);

    await setStatus(photoId, 'FAILED');
    const failed = await scene.approver.orgApi.post(`/job_sheets/${waiting.id}/approve`, {
      declaration_accepted: true,
    });
    expect(failed.status).toBe(422);
    expect(failed.body.errors[0].message).toContain('could not be read; reject it');
    // rejecting is still possible, so the operative can replace it
    const rejected = await scene.approver.orgApi.post(`/job_sheets/${waiting.id}/reject`, {
      comments: 'Photo unreadable',
    });
    expect(rejected.status).toBe(200);

    await setStatus(photoId, 'READY');
    const resubmitted = await scene.operative.orgApi.post(`/job_sheets/${waiting.id}/submit`, {});
    expect(resubmitted.status).toBe(200);
    const approved = await scene.approver.orgApi.post(`/job_sheets/${waiting.id}/approve`, {
      declaration_accepted: true,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  });

  it('refuses to submit a sheet with a photo that could not be read, naming its field', async () => {
    const draft = await sheet(false);
    const photoId = await photo(draft, 'FAILED');
    const validation = await scene.operative.orgApi.post(`/job_sheets/${draft.id}/validate`, {});
    expect(validation.body.data).toMatchObject({
      valid: false,
      errors: expect.arrayContaining([
        {
          field: `field_values.${scene.fields.photo}`,
          code: 'photo_failed',
          form_field_id: scene.fields.photo,
          message: 'Photo: 1 photo could not be read; delete it and upload again.',
        },
      ]),
    });
    const refused = await scene.operative.orgApi.post(`/job_sheets/${draft.id}/submit`, {
      operative_declaration_accepted: true,
    });
    expect(refused.status).toBe(422);
    expect((await scene.operative.orgApi.delete(`/job_sheet_photos/${photoId}`)).status).toBe(204);
    const submitted = await scene.operative.orgApi.post(`/job_sheets/${draft.id}/submit`, {
      operative_declaration_accepted: true,
    });
    expect(submitted.status).toBe(200);
  });
});
