import type { JobSheetPhotoRecord } from '@fieldwork/contract';
import { expect } from 'vitest';
import type { SheetScene } from '../../../../test/fixtures/job-sheets';
import type { Client, OrganisationFixture, TestApp } from '../../../../test/harness';
import { newId } from '../../../platform/ids';
import { multipartBody, sendMultipart } from '../../people/people-testing';

export interface SheetFixture {
  id: string;
  number: number;
  photoValueId: string;
  textValueId: string;
}

/** A project with a job and a form, ready for sheets (through the API). */
export async function sheetGround(api: Client, projectOptions: Record<string, unknown> = {}) {
  const project = await api.post('/projects', { name: `Site ${newId().slice(-6)}` });
  expect(project.status).toBe(201);
  const projectId = (project.body as Created).data.id;
  if (Object.keys(projectOptions).length) {
    expect((await api.put(`/projects/${projectId}`, projectOptions)).status).toBe(200);
  }
  const form = await api.post('/forms', { name: 'Fire door inspection' });
  expect(form.status).toBe(201);
  const job = await api.post('/jobs', { project_id: projectId });
  expect(job.status).toBe(201);
  return {
    projectId,
    formId: (form.body as Created).data.id,
    jobId: (job.body as Created).data.id,
  };
}

interface Created {
  data: { id: string };
}

let sheetCounter = 0;

/**
 * A job sheet with a photo field and a text field, written straight to the tables (the job
 * sheets' own create call is another module's): photos are tested on their own.
 */
export async function insertSheet(
  test: TestApp,
  org: OrganisationFixture,
  ground: { projectId: string; formId: string; jobId: string },
  options: { operativeId?: string | null; status?: string } = {},
): Promise<SheetFixture> {
  const id = newId();
  sheetCounter += 1;
  const number = 100_000 + sheetCounter;
  await test.platform.db.query(
    `INSERT INTO job_sheets (id, organisation_id, number, job_id, seq_number, project_id,
       operative_id, form_id, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      org.id,
      number,
      ground.jobId,
      number,
      ground.projectId,
      options.operativeId ?? null,
      ground.formId,
      options.status ?? 'IN_PROGRESS',
    ],
  );
  const photoValueId = newId();
  const textValueId = newId();
  await test.platform.db.query(
    `INSERT INTO job_sheet_field_values (id, organisation_id, job_sheet_id, form_field_id, name,
       type, "order")
     VALUES ($1, $3, $4, $5, 'Door photos', 'PHOTO', 0), ($2, $3, $4, $6, 'Notes', 'TEXT', 1)`,
    [photoValueId, textValueId, org.id, id, newId(), newId()],
  );
  return { id, number, photoValueId, textValueId };
}

export const setSheetStatus = (test: TestApp, sheetId: string, status: string) =>
  test.platform.db.query(`UPDATE job_sheets SET status = $2 WHERE id = $1`, [sheetId, status]);

/** POST /job_sheet_photos as the member holding token. */
export function uploadPhoto(
  test: TestApp,
  org: OrganisationFixture,
  token: string,
  sheet: SheetFixture,
  file: { name: string; content: Buffer | string; type?: string },
  fields: Record<string, string> = {},
) {
  return sendMultipart(
    test,
    token,
    'POST',
    `/organisations/${org.id}/job_sheet_photos`,
    multipartBody(
      { job_sheet_id: sheet.id, job_sheet_field_value_id: sheet.photoValueId, ...fields },
      [{ field: 'file', type: file.type ?? 'image/jpeg', ...file }],
    ),
  );
}

/** Waits for the queue to finish a photo (READY or FAILED) and answers it. */
export async function processed(api: Client, photoId: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const reply = await api.get(`/job_sheet_photos/${photoId}`);
    expect(reply.status).toBe(200);
    const photo = (reply.body as { data: JobSheetPhotoRecord }).data;
    if (photo.status !== 'PROCESSING') return photo;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`photo ${photoId} still processing after 20 s`);
}

interface CreatedSheet {
  id: string;
  number: number;
  field_values: { id: string; form_field_id: string }[];
}

/** The scene operative's new sheet of the scene's job (through the API), as photo calls need it. */
export async function sceneSheet(
  scene: SheetScene,
  fieldValues: unknown[] = [],
): Promise<SheetFixture> {
  const created = await scene.operative.orgApi.post('/job_sheets', {
    job_id: scene.jobId,
    form_id: scene.formId,
    field_values: fieldValues,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sheet = (created.body as { data: CreatedSheet }).data;
  const valueOf = (fieldId: string) =>
    sheet.field_values.find((value) => value.form_field_id === fieldId)!.id;
  return {
    id: sheet.id,
    number: sheet.number,
    photoValueId: valueOf(scene.fields.photo),
    textValueId: valueOf(scene.fields.notes),
  };
}
