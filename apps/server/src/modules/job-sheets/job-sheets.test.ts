import { describe, expect, it } from 'vitest';
import { completeAnswers, sheetSceneApp, SIGNATURE_PNG } from '../../../test/fixtures/job-sheets';
import { getFile } from '../../../test/harness';

const { test, scene } = sheetSceneApp();

type Value = { form_field_id: string; [key: string]: unknown };
const valueOf = (sheet: { field_values: Value[] }, fieldId: string) =>
  sheet.field_values.find((value) => value.form_field_id === fieldId)!;

const newSheet = async (body: Record<string, unknown> = {}) => {
  const reply = await scene.operative.orgApi.post('/job_sheets', {
    job_id: scene.jobId,
    form_id: scene.formId,
    ...body,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data;
};

describe('job sheets', () => {
  it('creates a sheet from a job and its form: numbered, one value per field, status automated', async () => {
    const first = await newSheet();
    const second = await newSheet();
    expect(second.number).toBe(first.number + 1);
    expect(second.seq_number).toBe(first.seq_number + 1);
    expect(first).toMatchObject({
      status: 'IN_PROGRESS',
      job_id: scene.jobId,
      project_id: scene.projectId,
      form_id: scene.formId,
      form_name: 'Door inspection',
      operative_id: scene.operative.userId,
      location_id: null,
      location_status_id: scene.statusIds.started,
      approval_batch: 1,
      current_approval_stage: null,
      approvals: [],
      photos: [],
      materials: [],
      duplicate_photos: [],
    });
    expect(first.field_values.map((value: { name: string }) => value.name)).toEqual([
      'Notes',
      'Count',
      'Checked',
      'Defects',
      'Result',
      'Signature',
      'Photo',
      'Inspector',
    ]);
    expect(valueOf(first, scene.fields.defects).value_conditional).toEqual({
      field_id: scene.fields.checked,
      value: true,
      shown: false,
    });
    expect(first.permissions).toMatchObject({ update: true, submit: true, approve: false });
  });

  it('refuses a form the job does not have and a job the operative does not see', async () => {
    const otherForm = (await scene.org.api.post('/forms', { name: 'Other' })).body.data.id;
    const wrongForm = await scene.operative.orgApi.post('/job_sheets', {
      job_id: scene.jobId,
      form_id: otherForm,
    });
    expect(wrongForm.status).toBe(422);
    expect(wrongForm.body.errors[0]).toMatchObject({ field: 'form_id', code: 'not_found' });
    const hidden = await scene.approver.orgApi.post('/job_sheets', {
      job_id: scene.jobId,
      form_id: scene.formId,
    });
    expect(hidden.status).toBe(422);
    expect(hidden.body.errors[0]).toMatchObject({ field: 'job_id', code: 'not_found' });
  });

  it('checks each answer against its field and clears answers a condition hides', async () => {
    const sheet = await newSheet();
    const wrong = await scene.operative.orgApi.put(`/job_sheets/${sheet.id}`, {
      field_values: [
        { form_field_id: scene.fields.count, value_number: 1.25 },
        { form_field_id: scene.fields.result, value_option: 'Maybe' },
        { form_field_id: scene.fields.notes, value_number: 3 },
        {
          form_field_id: scene.fields.signature,
          value_signature: { width: 1, height: 1, signature: 'data:image/png;base64,AAAA' },
        },
      ],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(
      [scene.fields.count, scene.fields.result, scene.fields.notes, scene.fields.signature]
        .map((id) => `field_values.${id}`)
        .sort(),
    );
    const saved = await scene.operative.orgApi.put(`/job_sheets/${sheet.id}`, {
      field_values: [
        { form_field_id: scene.fields.checked, value_boolean: true },
        { form_field_id: scene.fields.defects, value_string: 'Gap under door' },
        { form_field_id: scene.fields.count, value_number: 2.5 },
        {
          form_field_id: scene.fields.signature,
          value_signature: { name: 'Olive', width: 300, height: 120, signature: SIGNATURE_PNG },
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const data = saved.body.data;
    expect(valueOf(data, scene.fields.defects)).toMatchObject({
      value_string: 'Gap under door',
      value_conditional: { shown: true },
    });
    expect(valueOf(data, scene.fields.count).value_number).toBe(2.5);
    const signature = valueOf(data, scene.fields.signature).value_signature as {
      signature: string;
      url: string;
      name: string;
      width: number;
    };
    expect(signature).toMatchObject({ name: 'Olive', width: 300, height: 120 });
    const url = new URL(signature.url);
    const image = await getFile(test.app, url.toString());
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // Sending the stored signature back keeps it; unchecking hides and clears the defects.
    const again = await scene.operative.orgApi.put(`/job_sheets/${sheet.id}`, {
      field_values: [
        { form_field_id: scene.fields.checked, value_boolean: false },
        {
          form_field_id: scene.fields.signature,
          value_signature: {
            name: 'Olive',
            width: 300,
            height: 120,
            signature: signature.signature,
          },
        },
      ],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(valueOf(again.body.data, scene.fields.defects)).toMatchObject({
      value_string: null,
      value_conditional: { shown: false },
    });
    expect(
      (valueOf(again.body.data, scene.fields.signature).value_signature as { signature: string })
        .signature,
    ).toBe(signature.signature);
  });

  it('validates per field, including a required field a condition shows, and the declaration', async () => {
    const sheet = await newSheet({
      field_values: [{ form_field_id: scene.fields.checked, value_boolean: true }],
    });
    const reply = await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/validate`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.valid).toBe(false);
    const fields = reply.body.data.errors.map(
      (error: { field: string; code: string }) => `${error.field}:${error.code}`,
    );
    expect(fields.sort()).toEqual(
      [
        `field_values.${scene.fields.notes}:required`,
        `field_values.${scene.fields.defects}:required`,
        `field_values.${scene.fields.signature}:required`,
        'operative_declaration_accepted:required',
      ].sort(),
    );
    const refused = await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/submit`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/Notes is required/);
  });

  it('pre-fills a remembered field from the operative’s previous sheet of the form', async () => {
    await newSheet({
      field_values: [{ form_field_id: scene.fields.inspector, value_string: 'O. Operative' }],
    });
    const next = await newSheet();
    expect(valueOf(next, scene.fields.inspector).value_string).toBe('O. Operative');
    expect(valueOf(next, scene.fields.notes).value_string).toBeNull();
  });

  it('submits with the declaration, unsubmits and cancels', async () => {
    const sheet = await newSheet({ field_values: completeAnswers(scene) });
    const submitted = await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/submit`, {
      operative_declaration_accepted: true,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data).toMatchObject({
      status: 'SUBMITTED',
      approval_required: true,
      current_approval_stage_id: scene.stageIds[0],
      current_approval_stage: { name: 'Supervisor', declaration: 'I checked the work.' },
      location_status_id: scene.statusIds.submitted,
    });
    expect(submitted.body.data.operative_declaration_accepted_at).not.toBeNull();
    const edit = await scene.operative.orgApi.put(`/job_sheets/${sheet.id}`, { field_values: [] });
    expect(edit.status).toBe(422); // frozen, for everyone: the reason says how to change it
    expect(edit.body.errors[0]).toMatchObject({ field: 'status', code: 'not_allowed_from_status' });
    const back = await scene.operative.orgApi.post(`/job_sheets/${sheet.id}/unsubmit`);
    expect(back.body.data).toMatchObject({
      status: 'IN_PROGRESS',
      submitted_at: null,
      current_approval_stage_id: null,
    });
    const cancelled = await scene.manager.orgApi.post(`/job_sheets/${sheet.id}/cancel`);
    expect(cancelled.body.data.status).toBe('CANCELLED');
    const again = await scene.manager.orgApi.post(`/job_sheets/${sheet.id}/cancel`);
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({
      field: 'status',
      code: 'not_allowed_from_status',
    });
  });
});
