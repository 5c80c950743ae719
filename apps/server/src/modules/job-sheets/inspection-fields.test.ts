import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, organisationApp, type Client } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { download, finished, pdfPages, workbookOf } from '../reports/reports-testing';

/**
 * The inspection field types (docs/form-field-types.md): time, instruction text, pass / fail /
 * N/A with a score, and a table of rows; from the form's declaration to the sheet's answers, its
 * score and the reports.
 */
const { test, org } = organisationApp('Inspection Org');

const ids = {
  arrival: newId(),
  intro: newId(),
  hinges: newId(),
  seals: newId(),
  signage: newId(),
  why: newId(),
  readings: newId(),
  location: newId(),
  reading: newId(),
  checkedAt: newId(),
  ok: newId(),
  kind: newId(),
  kindFire: newId(),
  kindSmoke: newId(),
};
/** Library field id → the project copy's field id. */
const copy: Record<string, string> = {};
const fieldsOf = (errors: { field: string }[]) => errors.map((error) => error.field).sort();

let formId: string;
let jobId: string;
let operative: Client;

const inspectionForm = {
  name: 'Fire door survey',
  sections: [
    {
      name: 'Arrival',
      fields: [
        { id: ids.arrival, name: 'Arrived at', type: 'TIME', required: true },
        {
          id: ids.intro,
          name: 'Before you start',
          type: 'INSTRUCTION',
          description: 'Check each door closes on its own from 90 degrees.',
        },
      ],
    },
    {
      name: 'Checks',
      fields: [
        { id: ids.hinges, name: 'Hinges', type: 'PASS_FAIL', required: true, score: 2 },
        { id: ids.seals, name: 'Seals', type: 'PASS_FAIL' },
        { id: ids.signage, name: 'Signage', type: 'PASS_FAIL', score: 5 },
        {
          id: ids.why,
          name: 'Why did the hinges fail?',
          type: 'TEXT',
          required: true,
          conditional: { field_id: ids.hinges, value: 'FAIL' },
        },
        {
          id: ids.readings,
          name: 'Readings',
          type: 'TABLE',
          required: true,
          columns: [
            { id: ids.location, name: 'Location', type: 'TEXT', required: true },
            { id: ids.reading, name: 'Gap (mm)', type: 'NUMBER', required: true },
            { id: ids.checkedAt, name: 'Checked at', type: 'TIME' },
            { id: ids.ok, name: 'Closes', type: 'BOOLEAN' },
            {
              id: ids.kind,
              name: 'Kind',
              type: 'SELECT',
              options: [
                { id: ids.kindFire, name: 'Fire door' },
                { id: ids.kindSmoke, name: 'Smoke door' },
              ],
            },
          ],
        },
      ],
    },
  ],
};

beforeAll(async () => {
  const member = await addMember(test, org, 'OPERATIVE');
  operative = member.orgApi;
  const form = await org.api.post('/forms', inspectionForm);
  expect(form.status, JSON.stringify(form.body)).toBe(201);
  formId = form.body.data.id as string;
  const projectId = (await org.api.post('/projects', { name: 'Survey project' })).body.data
    .id as string;
  await org.api.post(`/projects/${projectId}/members`, { user_ids: [member.userId] });
  // The sheet fills in the project's copy: its fields have ids of their own (columns keep theirs).
  const synced = await org.api.post(`/projects/${projectId}/forms/sync`, { form_ids: [formId] });
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  const copies = new Map<string, string>(
    (synced.body.data[0].sections as { fields: { id: string; name: string }[] }[])
      .flatMap((section) => section.fields)
      .map((field) => [field.name, field.id]),
  );
  for (const section of inspectionForm.sections)
    for (const field of section.fields) copy[field.id] = copies.get(field.name)!;
  const job = await org.api.post('/jobs', {
    project_id: projectId,
    operative_id: member.userId,
    form_ids: [formId],
  });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  jobId = job.body.data.id as string;
});

describe('inspection field types', () => {
  it('declares the four types with their settings, and names each wrong setting', async () => {
    const form = (await org.api.get(`/forms/${formId}`)).body.data;
    const fields = form.sections.flatMap((section: { fields: unknown[] }) => section.fields);
    const byId = new Map(fields.map((field: { id: string }) => [field.id, field]));
    expect(byId.get(ids.intro)).toMatchObject({
      type: 'INSTRUCTION',
      description: 'Check each door closes on its own from 90 degrees.',
      required: false,
    });
    expect(byId.get(ids.hinges)).toMatchObject({ type: 'PASS_FAIL', score: 2 });
    // A pass scores one point unless the form says otherwise.
    expect(byId.get(ids.seals)).toMatchObject({ score: 1 });
    expect(byId.get(ids.readings)).toMatchObject({
      type: 'TABLE',
      columns: [
        { id: ids.location, name: 'Location', type: 'TEXT', required: true, options: [] },
        { id: ids.reading },
        { id: ids.checkedAt, type: 'TIME' },
        { id: ids.ok, type: 'BOOLEAN' },
        { id: ids.kind, options: [{ id: ids.kindFire, name: 'Fire door' }, { id: ids.kindSmoke }] },
      ],
    });

    const bad = await org.api.post('/forms', {
      name: 'Bad',
      sections: [
        {
          name: 'One',
          fields: [
            { name: 'Read me', type: 'INSTRUCTION', required: true },
            { name: 'Table', type: 'TABLE' },
            {
              name: 'Columns',
              type: 'TABLE',
              columns: [
                { name: 'A', type: 'TEXT' },
                { name: 'a', type: 'NUMBER' },
                { name: 'Pick', type: 'SELECT' },
                { name: 'Text', type: 'TEXT', options: [{ name: 'x' }] },
              ],
            },
            { name: 'Score', type: 'TEXT', score: 3 },
            { name: 'Cols', type: 'NUMBER', columns: [{ name: 'A', type: 'TEXT' }] },
            { name: 'Odd', type: 'TABLE', columns: [{ name: 'A', type: 'PHOTO', nope: 1 }] },
          ],
        },
      ],
    });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body.errors)).toEqual(
      ['sections.0.fields.5.columns.0.nope', 'sections.0.fields.5.columns.0.type'].sort(),
    );
    const wrong = await org.api.post('/forms', {
      name: 'Bad',
      sections: [
        {
          name: 'One',
          fields: [
            { name: 'Read me', type: 'INSTRUCTION', required: true },
            { name: 'Table', type: 'TABLE' },
            {
              name: 'Columns',
              type: 'TABLE',
              columns: [
                { name: 'A', type: 'TEXT' },
                { name: 'a', type: 'NUMBER' },
                { name: 'Pick', type: 'SELECT' },
                { name: 'Text', type: 'TEXT', options: [{ name: 'x' }] },
              ],
            },
            { name: 'Score', type: 'TEXT', score: 3 },
            { name: 'Cols', type: 'NUMBER', columns: [{ name: 'A', type: 'TEXT' }] },
          ],
        },
      ],
    });
    expect(wrong.status).toBe(422);
    expect(fieldsOf(wrong.body.errors)).toEqual(
      [
        'sections.0.fields.0.required',
        'sections.0.fields.1.columns',
        'sections.0.fields.2.columns.1.name',
        'sections.0.fields.2.columns.2.options',
        'sections.0.fields.2.columns.3.options',
        'sections.0.fields.3.score',
        'sections.0.fields.4.columns',
      ].sort(),
    );
    // A conditional on a pass / fail / N/A field tests one of its three answers.
    const section = form.sections[1].id as string;
    const conditional = await org.api.post(`/forms/${formId}/sections/${section}/fields`, {
      name: 'Seal notes',
      type: 'TEXT',
      conditional: { field_id: ids.seals, value: 'MAYBE' },
    });
    expect(conditional.status).toBe(422);
    expect(fieldsOf(conditional.body.errors)).toEqual(['conditional.value']);
  });

  it('checks answers on save and on submit, naming each table cell', async () => {
    const c = Object.fromEntries(
      Object.entries(ids).map(([key, id]) => [key, copy[id] ?? id]),
    ) as typeof ids;
    const created = await operative.post('/job_sheets', { job_id: jobId, form_id: formId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sheetId = created.body.data.id as string;
    expect(created.body.data.score).toEqual({
      passed: 0,
      failed: 0,
      not_applicable: 0,
      unanswered: 3,
      points: 0,
      max_points: 0,
      percent: null,
    });

    const bad = await operative.put(`/job_sheets/${sheetId}`, {
      field_values: [
        { form_field_id: c.arrival, value_string: '25:00' },
        { form_field_id: c.intro, value_string: 'read it' },
        { form_field_id: c.hinges, value_option: 'MAYBE' },
        { form_field_id: c.seals, value_boolean: true },
        {
          form_field_id: c.readings,
          value_rows: [
            { [ids.location]: 'Door 1', [ids.reading]: 3 },
            { [ids.location]: 'Door 2', [ids.reading]: 'three', [ids.checkedAt]: '9am' },
            { [ids.location]: 'Door 3', [ids.kind]: newId(), stray: 1 },
          ],
        },
      ],
    });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body.errors)).toEqual(
      [
        `field_values.${c.arrival}`,
        `field_values.${c.intro}`,
        `field_values.${c.hinges}`,
        `field_values.${c.seals}`,
        `field_values.${c.readings}.rows.1.${ids.reading}`,
        `field_values.${c.readings}.rows.1.${ids.checkedAt}`,
        `field_values.${c.readings}.rows.2.stray`,
        `field_values.${c.readings}.rows.2.${ids.kind}`,
      ].sort(),
    );

    // Saved half done (a required cell may wait), then validate names what submit lacks.
    const saved = await operative.put(`/job_sheets/${sheetId}`, {
      field_values: [
        { form_field_id: c.arrival, value_string: '08:30' },
        { form_field_id: c.hinges, value_option: 'FAIL' },
        { form_field_id: c.seals, value_option: 'PASS' },
        { form_field_id: c.signage, value_option: 'N_A' },
        {
          form_field_id: c.readings,
          value_rows: [
            {
              [ids.location]: 'Door 1',
              [ids.reading]: 3,
              [ids.checkedAt]: '08:45',
              [ids.ok]: true,
              [ids.kind]: ids.kindFire,
            },
            { [ids.location]: 'Door 2' },
          ],
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const values = saved.body.data.field_values as {
      form_field_id: string;
      value_rows: unknown;
      value_string: string | null;
      score: number | null;
    }[];
    const value = (id: string) => values.find((entry) => entry.form_field_id === id)!;
    expect(value(c.arrival).value_string).toBe('08:30');
    expect(value(c.hinges).score).toBe(2);
    expect(value(c.readings).value_rows).toEqual([
      {
        [ids.location]: 'Door 1',
        [ids.reading]: 3,
        [ids.checkedAt]: '08:45',
        [ids.ok]: true,
        [ids.kind]: ids.kindFire,
      },
      {
        [ids.location]: 'Door 2',
        [ids.reading]: null,
        [ids.checkedAt]: null,
        [ids.ok]: null,
        [ids.kind]: null,
      },
    ]);
    // A fail scores nothing, N/A is left out: 1 of 3 points.
    expect(saved.body.data.score).toEqual({
      passed: 1,
      failed: 1,
      not_applicable: 1,
      unanswered: 0,
      points: 1,
      max_points: 3,
      percent: 33,
    });

    const validation = await operative.post(`/job_sheets/${sheetId}/validate`, {});
    expect(validation.status).toBe(200);
    expect(fieldsOf(validation.body.data.errors)).toEqual(
      [
        `field_values.${c.why}`,
        `field_values.${c.readings}.rows.1.${ids.reading}`,
        'operative_declaration_accepted',
      ]
        .filter((field) => field !== 'operative_declaration_accepted')
        .sort(),
    );
    const refused = await operative.post(`/job_sheets/${sheetId}/submit`, {});
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.errors)).toContain('Gap (mm) is required.');

    // A pass on the hinges hides (and clears) the reason; the table completed: submitted.
    const done = await operative.put(`/job_sheets/${sheetId}`, {
      field_values: [
        { form_field_id: c.hinges, value_option: 'PASS' },
        {
          form_field_id: c.readings,
          value_rows: [
            { [ids.location]: 'Door 1', [ids.reading]: 3, [ids.kind]: ids.kindFire },
            { [ids.location]: 'Door 2', [ids.reading]: 4.5, [ids.ok]: false },
          ],
        },
      ],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.score).toMatchObject({ points: 3, max_points: 3, percent: 100 });
    const submitted = await operative.post(`/job_sheets/${sheetId}/submit`, {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    // The reports: the PDF prints the score, the time, the answers in words and the table.
    const pdf = await org.api.post('/reports/build/job_pdf', { job_id: jobId });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    const pdfReport = await finished(org.api, pdf.body.data.id);
    expect(pdfReport.status).toBe('READY');
    const text = (await pdfPages(await download(test, pdf.body.url))).join('\n');
    expect(text).toContain('3 of 3 points (100%): 2 passed, 0 failed, 1 N/A');
    expect(text).toContain('08:30');
    expect(text).toContain('Gap (mm)');
    expect(text).toContain('Fire door');
    expect(text).toContain('2 rows');
    expect(text).not.toContain('N_A');
    expect(text).not.toContain('Check each door closes');

    const excel = await org.api.post('/reports/build/job_sheets_excel', {
      filter: { job_id: jobId },
    });
    expect(excel.status, JSON.stringify(excel.body)).toBe(200);
    expect((await finished(org.api, excel.body.data.id)).status).toBe('READY');
    const workbook = await workbookOf(await download(test, excel.body.url));
    const sheets = workbook.getWorksheet('Job sheets')!;
    const header = (sheets.getRow(1).values as unknown[]).slice(1);
    const row = (sheets.getRow(2).values as unknown[]).slice(1);
    expect(row[header.indexOf('Points')]).toBe(3);
    expect(row[header.indexOf('Out of')]).toBe(3);
    expect(row[header.indexOf('Score %')]).toBe(100);
  });
});
