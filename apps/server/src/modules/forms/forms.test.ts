import { describe, expect, it } from 'vitest';
import { addMember, organisationApp } from '../../../test/harness';
import { newId } from '../../platform/ids';

const { test, org, other } = organisationApp('Forms Org', { other: 'Other Forms Org' });

async function newForm(name = 'Fire door inspection', fixture = org) {
  const response = await fixture.api.post('/forms', { name });
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}
async function newSection(formId: string, name = 'Door') {
  const response = await org.api.post(`/forms/${formId}/sections`, { name });
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}
/** A field posted under its section: /forms/{formId}/sections/{sectionId}/fields. */
async function newField(
  formId: string,
  { form_section_id: section, ...body }: Record<string, unknown>,
) {
  const response = await org.api.post(`/forms/${formId}/sections/${String(section)}/fields`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: string; options: { id: string; name: string }[] };
}
const fieldsOf = (errors: { field: string }[]) => errors.map((error) => error.field);

describe('forms', () => {
  it('creates, lists, reads, updates, archives, duplicates and deletes a library form', async () => {
    const id = await newForm();
    const section = await newSection(id);
    const choice = await newField(id, {
      form_section_id: section,
      name: 'Condition',
      type: 'SELECT',
      options: [{ name: 'Good' }, { name: 'Damaged' }],
    });
    await newField(id, {
      form_section_id: section,
      name: 'Damage notes',
      type: 'TEXT',
      large_text: true,
      conditional: { field_id: choice.id, value: choice.options[1]!.id },
    });
    const read = await org.api.get(`/forms/${id}`);
    expect(read.body.data).toMatchObject({
      global: true,
      project_id: null,
      name: 'Fire door inspection',
      enforce_required_fields: true,
      location_section: { location_attributes_config: 'NONE', reference_field_enabled: false },
      location_status_automation: { on_create_job_sheet: null, on_submit_job_sheet: null },
      in_use: false,
      project_template_count: 0,
      archived_at: null,
    });
    expect(read.body.data.sections).toHaveLength(1);
    expect(read.body.data.sections[0].fields.map((f: { name: string }) => f.name)).toEqual([
      'Condition',
      'Damage notes',
    ]);
    expect(read.body.data.sections[0].fields[0].has_options).toBe(true);

    const updated = await org.api.put(`/forms/${id}`, {
      approval_required: true,
      location_section: {
        reference_field_enabled: true,
        location_attributes_config: 'ALL_REQUIRED',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.location_section).toMatchObject({
      reference_field_enabled: true,
      location_attributes_config: 'ALL_REQUIRED',
      zone_field_enabled: false,
    });
    expect((await org.api.get('/forms?filter[approval_required]=true')).body.data).toHaveLength(1);

    const copy = await org.api.post(`/forms/${id}/duplicate`);
    expect(copy.status).toBe(201);
    const copyId = copy.body.data.id as string;
    const copied = (await org.api.get(`/forms/${copyId}`)).body.data;
    expect(copied.name).toBe('Fire door inspection (copy)');
    const copiedFields = copied.sections[0].fields;
    expect(copiedFields[0].id).not.toBe(choice.id);
    // The copy's conditional names the copy's own field, not the original's.
    expect(copiedFields[1].conditional).toEqual({
      field_id: copiedFields[0].id,
      value: choice.options[1]!.id,
    });

    expect((await org.api.put(`/forms/${id}/archive`)).status).toBe(200);
    expect(
      (await org.api.get('/forms?filter[archived]=false')).body.data.map(
        (f: { id: string }) => f.id,
      ),
    ).not.toContain(id);
    expect((await org.api.put(`/forms/${id}/unarchive`)).status).toBe(200);
    expect((await org.api.delete(`/forms/${copyId}`)).status).toBe(204);
    expect((await org.api.get(`/forms/${copyId}`)).status).toBe(404);
  });

  it('refuses settings a library form cannot have', async () => {
    const bad = await org.api.post('/forms', {
      name: 'Bad',
      location_section: { location_attributes_config: 'CUSTOM' },
      location_status_automation: { on_submit_job_sheet: newId() },
      qr_code_capture_enabled: false,
      qr_code_capture_required: true,
    });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body.errors)).toEqual(
      expect.arrayContaining([
        'location_status_automation.on_submit_job_sheet',
        'location_section.location_attributes_config',
        'qr_code_capture_required',
      ]),
    );
  });

  it('validates each field type’s settings', async () => {
    const id = await newForm('Types');
    const section = await newSection(id);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'NUMBER', large_text: true }, 'large_text'],
      [{ type: 'TEXT', precision: 2 }, 'precision'],
      [{ type: 'NUMBER', capture_time: true }, 'capture_time'],
      [{ type: 'BOOLEAN', default_to_now: true }, 'default_to_now'],
      [{ type: 'SELECT', options: [] }, 'options'],
      [{ type: 'TEXT', options: [{ name: 'A' }] }, 'options'],
      [{ type: 'SIGNATURE', remember: true }, 'remember'],
      [{ type: 'PHOTO', show_in_job_items_table: true }, 'show_in_job_items_table'],
      [
        { type: 'TEXT', enable_filter_for_job_items_table: true },
        'enable_filter_for_job_items_table',
      ],
      [{ type: 'NUMBER', precision: 99 }, 'precision'],
      [{ type: 'SCRIBBLE' }, 'type'],
    ];
    for (const [body, field] of cases) {
      const response = await org.api.post(`/forms/${id}/sections/${section}/fields`, {
        name: 'Field',
        ...body,
      });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(response.body.errors), JSON.stringify(body)).toContain(field);
    }
    for (const body of [
      { type: 'NUMBER', precision: 2 },
      { type: 'DATE', capture_time: true, default_to_now: true },
      { type: 'MULTI_SELECT', options: [{ name: 'A' }] },
      { type: 'TEXT', show_in_job_items_table: true, enable_filter_for_job_items_table: true },
      { type: 'SIGNATURE', required: true },
      { type: 'PHOTO', pdf_report_visibility: 'WHEN_SET' },
      { type: 'BOOLEAN', remember: true },
    ])
      await newField(id, { form_section_id: section, name: 'Field', ...body });
    // A section of another form is not found under this one; the section is the path's alone.
    const elsewhere = await newSection(await newForm('Elsewhere'));
    const wrong = await org.api.post(`/forms/${id}/sections/${elsewhere}/fields`, {
      name: 'X',
      type: 'TEXT',
    });
    expect(wrong.status).toBe(404);
    const keyed = await org.api.post(`/forms/${id}/sections/${section}/fields`, {
      form_section_id: elsewhere,
      name: 'X',
      type: 'TEXT',
    });
    // form_section_id is a key the record answers, left out of a body: the path's section wins
    expect(keyed.status).toBe(201);
    expect(keyed.body.data).toMatchObject({ form_section_id: section, form_id: id });
  });

  it('refuses conditionals on a missing field, a wrong value, or in a cycle', async () => {
    const id = await newForm('Conditionals');
    const section = await newSection(id);
    const a = await newField(id, { form_section_id: section, name: 'A', type: 'BOOLEAN' });
    const missing = await org.api.post(`/forms/${id}/sections/${section}/fields`, {
      name: 'B',
      type: 'BOOLEAN',
      conditional: { field_id: newId(), value: true },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: 'conditional', code: 'not_found' });
    const wrongValue = await org.api.post(`/forms/${id}/sections/${section}/fields`, {
      name: 'B',
      type: 'BOOLEAN',
      conditional: { field_id: a.id, value: newId() },
    });
    expect(wrongValue.status).toBe(422);
    const b = await newField(id, {
      form_section_id: section,
      name: 'B',
      type: 'BOOLEAN',
      conditional: { field_id: a.id, value: true },
    });
    const fieldPath = (field: { id: string }) =>
      `/forms/${id}/sections/${section}/fields/${field.id}`;
    const cycle = await org.api.put(fieldPath(a), {
      conditional: { field_id: b.id, value: false },
    });
    expect(cycle.status).toBe(422);
    expect(cycle.body.errors[0]).toMatchObject({ field: 'conditional', code: 'cycle' });
    const self = await org.api.put(fieldPath(a), {
      conditional: { field_id: a.id, value: false },
    });
    expect(self.status).toBe(422);
    // A field others depend on cannot be deleted, nor turned into a type they cannot test.
    expect((await org.api.delete(fieldPath(a))).status).toBe(409);
    expect((await org.api.put(fieldPath(a), { type: 'TEXT' })).status).toBe(422);
  });

  it('moves and reorders sections and fields', async () => {
    const id = await newForm('Moves');
    const first = await newSection(id, 'First');
    const second = await newSection(id, 'Second');
    const x = await newField(id, { form_section_id: first, name: 'X', type: 'TEXT' });
    const y = await newField(id, { form_section_id: first, name: 'Y', type: 'TEXT' });
    const z = await newField(id, { form_section_id: second, name: 'Z', type: 'TEXT' });
    const fields = (section: string) => `/forms/${id}/sections/${section}/fields`;
    // a field addressed under a section it is not in is not found, for every verb
    expect((await org.api.get(`${fields(second)}/${y.id}`)).status).toBe(404);
    expect((await org.api.put(`${fields(second)}/${y.id}`, { name: 'Q' })).status).toBe(404);
    expect((await org.api.delete(`${fields(second)}/${y.id}`)).status).toBe(404);
    expect(
      (await org.api.put(`${fields(second)}/${y.id}/move`, { toFormSectionId: first, toIndex: 0 }))
        .status,
    ).toBe(404);
    const moved = await org.api.put(`${fields(first)}/${y.id}/move`, {
      toFormSectionId: second,
      toIndex: 0,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ form_section_id: second, order: 0 });
    expect((await org.api.get(`${fields(second)}/${y.id}`)).status).toBe(200);
    const listed = await org.api.get(fields(second));
    expect(listed.body.data.map((f: { name: string }) => f.name)).toEqual(['Y', 'Z']);
    // the flat list stays a read of all the form's fields
    expect((await org.api.get(`/forms/${id}/fields`)).body.meta.total).toBe(3);
    const names = async () =>
      (await org.api.get(`/forms/${id}`)).body.data.sections.map(
        (s: { name: string; fields: { name: string }[] }) => [s.name, s.fields.map((f) => f.name)],
      );
    expect(await names()).toEqual([
      ['First', ['X']],
      ['Second', ['Y', 'Z']],
    ]);
    const foreign = await org.api.put(`${fields(first)}/${x.id}/move`, {
      toFormSectionId: await newSection(await newForm('Other')),
      toIndex: 0,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0]).toMatchObject({ field: 'toFormSectionId', code: 'not_found' });
    expect((await org.api.put(`/forms/${id}/sections/${second}/move`, { toIndex: 0 })).status).toBe(
      200,
    );
    const reordered = await org.api.put(`${fields(second)}/reorder`, { ids: [z.id, y.id, x.id] });
    expect(reordered.status).toBe(200);
    // x is in another section: answered among the failures, never moved
    expect(reordered.body).toMatchObject({
      reordered: [z.id, y.id],
      failed: [expect.objectContaining({ id: x.id, code: 'not_found' })],
    });
    expect(await names()).toEqual([
      ['Second', ['Z', 'Y']],
      ['First', ['X']],
    ]);
    expect((await org.api.delete(`/forms/${id}/sections/${first}`)).status).toBe(204);
    expect(await names()).toEqual([['Second', ['Z', 'Y']]]);
  });

  it('saves a whole form with PUT /forms/new/{id} in one transaction', async () => {
    const id = await newForm('Whole');
    const kept = await newSection(id, 'Old');
    const dropped = await newField(id, { form_section_id: kept, name: 'Dropped', type: 'TEXT' });
    const question = newId();
    const yes = newId();
    const body = {
      name: 'Whole form',
      operative_declaration_required: true,
      operative_declaration_text: 'I did it.',
      sections: [
        {
          id: kept,
          name: 'Renamed',
          fields: [
            {
              id: question,
              name: 'Fixed?',
              type: 'SELECT',
              options: [{ id: yes, name: 'Yes' }, { name: 'No' }],
            },
            {
              name: 'Sign',
              type: 'SIGNATURE',
              required: true,
              conditional: { field_id: question, value: yes },
            },
          ],
        },
        { name: 'New section', fields: [{ name: 'Photo', type: 'PHOTO' }] },
      ],
    };
    const saved = await org.api.put(`/forms/new/${id}`, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'Whole form',
      operative_declaration_required: true,
    });
    const sections = saved.body.data.sections;
    expect(sections.map((s: { id: string; name: string }) => s.name)).toEqual([
      'Renamed',
      'New section',
    ]);
    expect(sections[0].id).toBe(kept);
    expect(sections[0].fields[0]).toMatchObject({
      id: question,
      options: [{ id: yes, name: 'Yes' }, { name: 'No' }],
    });
    expect(sections[0].fields[1].conditional).toEqual({ field_id: question, value: yes });
    expect(JSON.stringify(sections)).not.toContain(dropped.id);

    // One bad field refuses the whole save: nothing changed.
    const bad = await org.api.put(`/forms/new/${id}`, {
      ...body,
      name: 'Never saved',
      sections: [
        {
          id: kept,
          name: 'Renamed',
          fields: [
            {
              name: 'Loop',
              type: 'BOOLEAN',
              id: question,
              conditional: { field_id: question, value: true },
            },
          ],
        },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('sections.0.fields.0.conditional');
    const after = (await org.api.get(`/forms/${id}`)).body.data;
    expect(after.name).toBe('Whole form');
    expect(after.sections).toHaveLength(2);

    expect((await org.api.put(`/forms/new/${newId()}`, body)).status).toBe(404);
    // A fresh id already used elsewhere is refused, not a 500.
    const taken = await org.api.put(`/forms/new/${id}`, {
      name: 'x',
      sections: [
        {
          id: kept,
          name: 'S',
          fields: [{ id: dropped.id === question ? newId() : question, name: 'Q', type: 'TEXT' }],
        },
      ],
    });
    expect(taken.status).toBe(200);
    const otherForm = await newForm('Other whole');
    const clash = await org.api.put(`/forms/new/${otherForm}`, {
      name: 'x',
      sections: [{ id: kept, name: 'S', fields: [] }],
    });
    expect(clash.status).toBe(422);
  });

  it('creates a form with its sections, fields and conditionals in one POST, all or nothing', async () => {
    const checked = newId();
    const body = {
      name: 'Whole at once',
      approval_required: true,
      sections: [
        {
          name: 'Door',
          fields: [
            { id: checked, name: 'Damaged', type: 'BOOLEAN' },
            {
              name: 'Damage notes',
              type: 'TEXT',
              required: true,
              conditional: { field_id: checked, value: true },
            },
          ],
        },
        { name: 'Sign-off', fields: [{ name: 'Signature', type: 'SIGNATURE' }] },
      ],
    };
    const created = await org.api.post('/forms', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const form = created.body.data;
    expect(form).toMatchObject({ name: 'Whole at once', approval_required: true });
    expect(
      form.sections.map((section: { name: string; fields: { name: string }[] }) => [
        section.name,
        section.fields.map((field) => field.name),
      ]),
    ).toEqual([
      ['Door', ['Damaged', 'Damage notes']],
      ['Sign-off', ['Signature']],
    ]);
    expect(form.sections[0].fields[0].id).toBe(checked);
    expect(form.sections[0].fields[1].conditional).toMatchObject({
      field_id: checked,
      value: true,
    });
    expect((await org.api.get(`/forms/${form.id}`)).body.data.sections).toEqual(form.sections);

    // A bad nested field (an option-less choice; a conditional naming a field not in the body)
    // creates nothing: neither the form nor its sections.
    const count = async () =>
      (await org.api.get('/forms?filter[name]=Broken whole')).body.meta.total;
    for (const fields of [
      [{ name: 'Choice', type: 'SELECT', options: [] }],
      [{ name: 'Notes', type: 'TEXT', conditional: { field_id: newId(), value: true } }],
    ]) {
      const bad = await org.api.post('/forms', {
        name: 'Broken whole',
        sections: [{ name: 'Only', fields: [{ name: 'Fine', type: 'TEXT' }, ...fields] }],
      });
      expect(bad.status).toBe(422);
      expect(fieldsOf(bad.body.errors)[0]).toMatch(/^sections\.0\.fields\.1\./);
    }
    expect(await count()).toBe(0);
  });

  it('syncs a project form from its library form, keeping the copy’s ids', async () => {
    const id = await newForm('Synced');
    const section = await newSection(id, 'Main');
    const field = await newField(id, { form_section_id: section, name: 'Notes', type: 'TEXT' });
    const project = (await org.api.post('/projects', { name: 'Sync project' })).body.data.id;
    const first = await org.api.post(`/projects/${project}/forms/sync`, { form_ids: [id] });
    expect(first.status).toBe(200);
    const copy = first.body.data[0];
    expect(copy.form_id).toBe(id);
    const copyField = copy.sections[0].fields[0];
    expect(copyField).toMatchObject({ name: 'Notes', form_id: copy.id });
    expect(copyField.id).not.toBe(field.id);

    await org.api.put(`/forms/${id}/sections/${section}/fields/${field.id}`, { name: 'Remarks' });
    await newField(id, { form_section_id: section, name: 'Extra', type: 'BOOLEAN' });
    const again = await org.api.post(`/projects/${project}/forms/sync`);
    const synced = again.body.data[0];
    expect(synced.id).toBe(copy.id);
    expect(synced.sections[0].id).toBe(copy.sections[0].id);
    expect(
      synced.sections[0].fields.map((f: { id: string; name: string }) => [
        f.id === copyField.id,
        f.name,
      ]),
    ).toEqual([
      [true, 'Remarks'],
      [false, 'Extra'],
    ]);
    expect((await org.api.get(`/forms/${id}`)).body.data.in_use).toBe(true);
    expect((await org.api.delete(`/forms/${id}`)).status).toBe(409);
  });

  it('keeps forms to their organisation and their writes to managers', async () => {
    const id = await newForm('Private');
    const section = await newSection(id);
    expect((await other.api.get(`/forms/${id}`)).status).toBe(404);
    expect((await other.api.get(`/forms/${id}/sections`)).status).toBe(404);
    expect(
      (
        await other.api.post(`/forms/${id}/sections/${section}/fields`, {
          name: 'X',
          type: 'TEXT',
        })
      ).status,
    ).toBe(404);
    expect((await other.api.put(`/forms/new/${id}`, { name: 'x', sections: [] })).status).toBe(404);
    const foreign = await newForm('Foreign', other);
    const operative = await addMember(test, org, 'OPERATIVE');
    expect((await operative.orgApi.get(`/forms/${id}`)).status).toBe(200);
    // What each may do comes with the records and the list, from the forms' policy table.
    const editor = { update: true, archive: true, duplicate: true, delete: true };
    const reader = { update: false, archive: false, duplicate: false, delete: false };
    expect((await org.api.get(`/forms/${id}`)).body.data.permissions).toEqual(editor);
    expect((await operative.orgApi.get(`/forms/${id}`)).body.data.permissions).toEqual(reader);
    const listed = await operative.orgApi.get(`/forms?filter[name]=Private`);
    expect(listed.body.data[0].permissions).toEqual(reader);
    expect(listed.body.meta.permissions).toEqual({ create: false, ...reader });
    const saved = await org.api.put(`/forms/new/${id}`, { name: 'Private', sections: [] });
    expect(saved.body.data.permissions).toEqual(editor);
    expect((await operative.orgApi.put(`/forms/${id}`, { name: 'x' })).status).toBe(403);
    expect(
      (await operative.orgApi.put(`/forms/new/${id}`, { name: 'x', sections: [] })).status,
    ).toBe(403);
    expect((await org.api.get(`/forms/${foreign}`)).status).toBe(404);
  });
});
