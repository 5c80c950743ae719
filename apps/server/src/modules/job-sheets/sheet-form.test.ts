import { jobSheetSchema } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { sheetSceneApp } from '../../../test/fixtures/job-sheets';

const { scene } = sheetSceneApp('Sheet Form Org');

type Section = { name: string; fields: { id: string; name: string }[] };
const fieldIdsOf = (sections: Section[]) =>
  sections.flatMap((section) => section.fields.map((field) => field.id));

describe('expand[]=form on job sheets', () => {
  it('answers the form the sheet fills in: the project copy’s sections, the library settings', async () => {
    const created = await scene.operative.orgApi.post('/job_sheets', {
      job_id: scene.jobId,
      form_id: scene.formId,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const answered = (created.body.data.field_values as { form_field_id: string }[]).map(
      (value) => value.form_field_id,
    );
    const library = (await scene.org.api.get(`/forms/${scene.formId}`)).body.data;

    const one = await scene.operative.orgApi.get(`/job_sheets/${id}?expand[]=form`);
    expect(one.status).toBe(200);
    const parsed = jobSheetSchema.strict().safeParse(one.body.data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const form = one.body.data.form;
    expect(form).toMatchObject({
      id: scene.formId,
      name: 'Door inspection',
      operative_declaration_required: true,
    });
    expect(fieldIdsOf(form.sections)).toEqual(answered);
    expect(fieldIdsOf(form.sections)).toEqual([
      scene.fields.notes,
      scene.fields.count,
      scene.fields.checked,
      scene.fields.defects,
      scene.fields.result,
      scene.fields.signature,
      scene.fields.photo,
      scene.fields.inspector,
    ]);
    // the project's copy, not the library form's own fields
    expect(fieldIdsOf(library.sections)).not.toContain(scene.fields.notes);
    expect(form.sections.map((section: Section) => section.name)).toEqual(['Door', 'Sign-off']);
    expect(
      form.sections[0].fields[4].options.map((option: { name: string }) => option.name),
    ).toEqual(['Pass', 'Fail']);

    // the list expands it too, and a guest of the project sees the form of a sheet they see
    const list = await scene.guest.orgApi.get(
      `/job_sheets?filter[job_id]=${scene.jobId}&expand[]=form`,
    );
    expect(list.status).toBe(200);
    const listed = list.body.data.find((sheet: { id: string }) => sheet.id === id);
    expect(fieldIdsOf(listed.form.sections)).toEqual(answered);
    // without the expansion there is no form
    expect((await scene.operative.orgApi.get(`/job_sheets/${id}`)).body.data.form).toBeUndefined();
  });

  it('answers the library form’s sections for a sheet whose project has the form without a synced copy', async () => {
    // "Add forms" in a project's settings: the form is on the project, its fields not copied
    const formId = (
      await scene.org.api.post('/forms', { name: 'Balcony door check', approval_required: true })
    ).body.data.id as string;
    await scene.org.api.put(`/forms/new/${formId}`, {
      name: 'Balcony door check',
      sections: [
        { name: 'Door', fields: [{ name: 'Is the door damaged?', type: 'BOOLEAN' }] },
        { name: 'Sign-off', fields: [{ name: 'Operative signature', type: 'SIGNATURE' }] },
      ],
    });
    expect(
      (await scene.org.api.post(`/projects/${scene.projectId}/forms`, { form_id: formId })).status,
    ).toBe(201);
    const jobId = (
      await scene.org.api.post('/jobs', {
        project_id: scene.projectId,
        operative_id: scene.operative.userId,
        form_ids: [formId],
      })
    ).body.data.id as string;
    const created = await scene.operative.orgApi.post('/job_sheets', {
      job_id: jobId,
      form_id: formId,
    });
    expect(created.status).toBe(201);
    const answered = (created.body.data.field_values as { form_field_id: string }[]).map(
      (value) => value.form_field_id,
    );
    const one = await scene.operative.orgApi.get(
      `/job_sheets/${created.body.data.id}?expand[]=form`,
    );
    expect(one.status).toBe(200);
    const parsed = jobSheetSchema.strict().safeParse(one.body.data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const form = one.body.data.form;
    expect(form.sections.map((section: Section) => section.name)).toEqual(['Door', 'Sign-off']);
    expect(fieldIdsOf(form.sections)).toEqual(answered);
  });
});
