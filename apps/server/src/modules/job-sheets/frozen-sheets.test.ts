import { describe, expect, it } from 'vitest';
import { completeAnswers, sheetSceneApp } from '../../../test/fixtures/job-sheets';
import { processed, sceneSheet, uploadPhoto } from './photos/photos-testing';
import { sitePhoto } from './photos/test-images';

const { test, scene } = sheetSceneApp('Frozen Org');

/** The operative's sheet, answered in full, with two ready photos. */
async function answeredSheet() {
  const api = scene.operative.orgApi;
  const sheet = await sceneSheet(scene, completeAnswers(scene));
  const photoIds: string[] = [];
  for (const seed of [71, 72]) {
    const upload = await uploadPhoto(test, scene.org, scene.operative.token, sheet, {
      name: `${seed}.png`,
      content: await sitePhoto(seed, { width: 80, height: 60, format: 'png' }),
    });
    expect(upload.status).toBe(201);
    photoIds.push((await processed(api, upload.body.data.id)).id);
  }
  return { sheet, photoIds };
}

const notes = (text: string) => ({
  field_values: [{ form_field_id: scene.fields.notes, value_string: text }],
});

describe('a submitted job sheet is frozen', () => {
  it('refuses answers and photo changes to everyone, managers included, until unsubmitted', async () => {
    const { sheet, photoIds } = await answeredSheet();
    const submitted = await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/submit`, {
      operative_declaration_accepted: true,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data.permissions).toMatchObject({ update: false, unsubmit: true });

    for (const api of [scene.manager.orgApi, scene.org.api, scene.operative.orgApi]) {
      const answers = await api.put(`/job_sheets/${sheet.id}`, notes('Changed later'));
      expect(answers.status).toBe(422);
      expect(answers.body.errors[0]).toMatchObject({
        field: 'status',
        code: 'not_allowed_from_status',
        message: expect.stringContaining('The job sheet is SUBMITTED: its answers change only'),
      });
      const remove = await api.delete(`/job_sheet_photos/${photoIds[0]}`);
      expect(remove.status).toBe(422);
      expect(remove.body.errors[0].message).toContain('its photos change only');
      const edit = await api.put(`/job_sheet_photos/${photoIds[0]}`, {
        capture_method: 'APP_CAMERA',
      });
      expect(edit.status).toBe(422);
      const reorder = await api.post('/job_sheet_photos/reorder', { ids: [...photoIds].reverse() });
      expect(reorder.body.reordered).toEqual([]);
      expect(reorder.body.failed).toEqual(
        photoIds
          .slice()
          .reverse()
          .map((id) => expect.objectContaining({ id, code: 'not_allowed_from_status' })),
      );
      const many = await api.post('/job_sheet_photos/delete_many', { ids: photoIds });
      expect(many.body.deleted).toEqual([]);
    }
    const upload = await uploadPhoto(test, scene.org, scene.manager.token, sheet, {
      name: 'late.png',
      content: await sitePhoto(73, { width: 80, height: 60, format: 'png' }),
    });
    expect(upload.status).toBe(422);
    expect(upload.body.errors[0]).toMatchObject({
      field: 'job_sheet_id',
      code: 'not_allowed_from_status',
    });
    const photos = await scene.manager.orgApi.get(
      `/job_sheet_photos?filter[job_sheet_id]=${sheet.id}`,
    );
    expect(photos.body.data.map((photo: { id: string }) => photo.id)).toEqual(photoIds);
    expect(photos.body.data[0].permissions).toMatchObject({ update: false, delete: false });

    // unsubmitting (a transition the lifecycle allows) opens the sheet again
    expect((await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/unsubmit`, {})).status).toBe(
      200,
    );
    const saved = await scene.manager.orgApi.put(`/job_sheets/${sheet.id}`, notes('Fixed'));
    expect(saved.status).toBe(200);
    expect(saved.body.data.permissions.update).toBe(true);
    const reorder = await scene.manager.orgApi.post('/job_sheet_photos/reorder', {
      ids: [...photoIds].reverse(),
    });
    expect(reorder.body).toEqual({ reordered: [...photoIds].reverse(), failed: [] });
  });

  it('keeps an approved sheet as it is, and tells how to change it', async () => {
    const { sheet, photoIds } = await answeredSheet();
    await scene.org.api.put('/organisation', { options: { features: { approvals: false } } });
    try {
      expect(
        (
          await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/submit`, {
            operative_declaration_accepted: true,
          })
        ).status,
      ).toBe(200);
    } finally {
      await scene.org.api.put('/organisation', { options: { features: { approvals: true } } });
    }
    await test.platform.db.query(`UPDATE job_sheets SET status = 'APPROVED' WHERE id = $1`, [
      sheet.id,
    ]);
    const answers = await scene.org.api.put(`/job_sheets/${sheet.id}`, notes('Too late'));
    expect(answers.status).toBe(422);
    expect(answers.body.errors[0].message).toContain('undo its approval first');
    expect((await scene.org.api.delete(`/job_sheet_photos/${photoIds[1]}`)).status).toBe(422);
  });
});
