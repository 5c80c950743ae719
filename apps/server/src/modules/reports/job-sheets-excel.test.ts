import { beforeAll, expect, it } from 'vitest';
import { SIGNATURE_PNG } from '../../../test/fixtures/job-sheets';
import { organisationApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { processed, uploadPhoto } from '../job-sheets/photos/photos-testing';
import { sitePhoto } from '../job-sheets/photos/test-images';
import { download, finished, workbookOf } from './reports-testing';

/**
 * The job sheets Excel's cells for every field type, in the organisation's time zone (New York,
 * across both DST changes): typed values, options by name, conditionals that hide an answer, the
 * pass / fail / N/A score, ready photos counted, formulas written as text.
 */
const { test, org } = organisationApp('Compare Org');
const ids = Object.fromEntries(
  [
    'notes',
    'count',
    'checked',
    'why',
    'result',
    'tags',
    'day',
    'moment',
    'arrived',
    'hinges',
    'seals',
    'readings',
    'signature',
    'photo',
    'intro',
    'col',
    'optA',
    'optB',
    'tagX',
    'tagY',
    'shy',
  ].map((k) => [k, newId()]),
) as Record<string, string>;

beforeAll(async () => {
  await test.platform.db.query(
    `UPDATE organisations SET options = jsonb_set(coalesce(options, '{}'), '{timezone}', '"America/New_York"') WHERE id = $1`,
    [org.id],
  );
  const t = { show_in_job_items_table: true };
  const form = await org.api.post('/forms', {
    name: 'Everything',
    sections: [
      {
        name: 'One',
        fields: [
          { id: ids.notes, name: 'Notes', type: 'TEXT', ...t },
          { id: ids.count, name: 'Count', type: 'NUMBER', precision: 1, ...t },
          { id: ids.checked, name: 'Checked', type: 'BOOLEAN', ...t },
          {
            id: ids.why,
            name: 'Why',
            type: 'TEXT',
            conditional: { field_id: ids.checked, value: true },
            ...t,
          },
          {
            id: ids.result,
            name: 'Result',
            type: 'SELECT',
            options: [
              { id: ids.optA, name: 'Good' },
              { id: ids.optB, name: '=Bad' },
            ],
            ...t,
          },
          {
            id: ids.tags,
            name: 'Tags',
            type: 'MULTI_SELECT',
            options: [
              { id: ids.tagX, name: 'X' },
              { id: ids.tagY, name: 'Y' },
            ],
            ...t,
          },
          { id: ids.day, name: 'Day', type: 'DATE', ...t },
          { id: ids.moment, name: 'Moment', type: 'DATE', capture_time: true, ...t },
          { id: ids.arrived, name: 'Arrived', type: 'TIME', ...t },
          { id: ids.intro, name: 'Intro', type: 'INSTRUCTION', description: 'Read me' },
        ],
      },
      {
        name: 'Two',
        fields: [
          { id: ids.hinges, name: 'Hinges', type: 'PASS_FAIL', score: 2, ...t },
          {
            id: ids.seals,
            name: 'Seals',
            type: 'PASS_FAIL',
            score: 3,
            conditional: { field_id: ids.checked, value: true },
            ...t,
          },
          {
            id: ids.readings,
            name: 'Readings',
            type: 'TABLE',
            columns: [{ id: ids.col, name: 'Where', type: 'TEXT' }],
          },
          { id: ids.signature, name: 'Signature', type: 'SIGNATURE' },
          { id: ids.photo, name: 'Photo', type: 'PHOTO' },
          {
            id: ids.shy,
            name: 'Shy',
            type: 'TEXT',
            conditional: { field_id: ids.result, value: ids.optA },
            ...t,
          },
        ],
      },
    ],
  });
  expect(form.status, JSON.stringify(form.body)).toBe(201);
  const formId = form.body.data.id as string;
  const projectId = (await org.api.post('/projects', { name: 'Compare project' })).body.data
    .id as string;
  const synced = await org.api.post(`/projects/${projectId}/forms/sync`, { form_ids: [formId] });
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  const sections = synced.body.data[0].sections as {
    fields: { id: string; name: string; options?: { id: string; name: string }[] }[];
  }[];
  const fields = new Map(sections.flatMap((s) => s.fields).map((f) => [f.name, f]));
  const c = (name: string) => fields.get(name)!.id;
  const opt = (name: string, option: string) =>
    fields.get(name)!.options!.find((o) => o.name === option)!.id;
  await test.platform.db.query(
    `UPDATE form_fields SET show_in_job_items_table = true WHERE organisation_id = $1`,
    [org.id],
  );
  const job = await org.api.post('/jobs', { project_id: projectId, form_ids: [formId] });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  const answers = [
    [
      { form_field_id: c('Notes'), value_string: 'Plain' },
      { form_field_id: c('Count'), value_number: 12.3 },
      { form_field_id: c('Checked'), value_boolean: true },
      { form_field_id: c('Why'), value_string: '+shown' },
      { form_field_id: c('Result'), value_option: opt('Result', 'Good') },
      { form_field_id: c('Tags'), value_options: [opt('Tags', 'Y'), opt('Tags', 'X')] },
      { form_field_id: c('Day'), value_date: '2026-03-29' },
      { form_field_id: c('Moment'), value_date: '2026-03-08T06:59:59.750Z' },
      { form_field_id: c('Arrived'), value_string: '08:30' },
      { form_field_id: c('Hinges'), value_option: 'PASS' },
      { form_field_id: c('Seals'), value_option: 'FAIL' },
      { form_field_id: c('Readings'), value_rows: [{ [ids.col!]: 'A' }, { [ids.col!]: 'B' }] },
      {
        form_field_id: c('Signature'),
        value_signature: { name: 'Sam', width: 300, height: 120, signature: SIGNATURE_PNG },
      },
      { form_field_id: c('Shy'), value_string: 'shown as Good' },
    ],
    [
      { form_field_id: c('Notes'), value_string: '' },
      { form_field_id: c('Checked'), value_boolean: false },
      { form_field_id: c('Why'), value_string: 'hidden' },
      { form_field_id: c('Result'), value_option: opt('Result', '=Bad') },
      { form_field_id: c('Hinges'), value_option: 'N_A' },
      { form_field_id: c('Seals'), value_option: 'PASS' },
      { form_field_id: c('Shy'), value_string: 'hidden as Bad' },
      { form_field_id: c('Moment'), value_date: '2026-11-01T05:30:00Z' },
    ],
    [],
  ];
  let first: { id: string; photoValueId: string } | null = null;
  for (const values of answers) {
    const created = await org.api.post('/job_sheets', {
      job_id: job.body.data.id,
      form_id: formId,
      field_values: values,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const photoValueId = (
      created.body.data.field_values as { id: string; form_field_id: string }[]
    ).find((v) => v.form_field_id === c('Photo'))!.id;
    first ??= { id: created.body.data.id, photoValueId };
  }
  for (const seed of [1, 2]) {
    const upload = await uploadPhoto(
      test,
      org,
      org.owner.token,
      { id: first!.id, number: 0, photoValueId: first!.photoValueId, textValueId: '' },
      { name: `p${seed}.jpg`, content: await sitePhoto(seed, { width: 400, height: 300 }) },
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    expect((await processed(org.api, upload.body.data.id)).status).toBe('READY');
  }
  await test.platform.db.query(
    `UPDATE job_sheets SET submitted_at = '2026-07-04T12:34:56.789Z', approved_at = '2026-10-25T05:59:59.999Z' WHERE id = $1`,
    [first!.id],
  );
  await test.platform.db.query(
    `UPDATE job_sheets SET created_at = '2026-03-08T06:30:00.5Z' WHERE organisation_id = $1`,
    [org.id],
  );
  await test.platform.db.query(
    `UPDATE job_sheet_field_values SET value_signature = jsonb_set(value_signature, '{timestamp}', '"2026-03-08T07:00:00.000Z"') WHERE organisation_id = $1 AND value_signature IS NOT NULL`,
    [org.id],
  );
});

const at = (iso: string) => new Date(iso);

it('writes each field type as a typed cell, hidden answers empty, the score totalled', async () => {
  const asked = await org.api.post('/reports/build/job_sheets_excel', { sort: 'number' });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const report = await finished(org.api, asked.body.data.id);
  expect(report.status, JSON.stringify(report)).toBe('READY');
  const workbook = await workbookOf(await download(test, asked.body.url));
  const rows: unknown[][] = [];
  workbook
    .getWorksheet('Job sheets')!
    .eachRow({ includeEmpty: true }, (row) =>
      rows.push(Array.from((row.values as unknown[]).slice(1), (value) => value ?? null)),
    );
  const own = ['Compare project', 'Everything', 'Compare Org Owner', 'In progress'];
  const started = at('2026-03-08T01:30:00Z');
  expect(rows).toEqual([
    [
      'Sheet',
      'Job',
      'Project',
      'Form',
      'Operative',
      'Status',
      'Started',
      'Submitted',
      'Approved',
      'Points',
      'Out of',
      'Score %',
      'Notes',
      'Count',
      'Checked',
      'Why',
      'Result',
      'Tags',
      'Day',
      'Moment',
      'Arrived',
      'Intro',
      'Hinges',
      'Seals',
      'Readings',
      'Signature',
      'Photo',
      'Shy',
    ],
    [
      1,
      1,
      ...own,
      started,
      at('2026-07-04T08:34:56Z'),
      at('2026-10-25T01:59:59Z'),
      2,
      5,
      40,
      'Plain',
      12.3,
      true,
      "'+shown",
      'Good',
      'Y, X',
      at('2026-03-29T00:00:00Z'),
      at('2026-03-08T01:59:59Z'),
      '08:30',
      null,
      'Pass',
      'Fail',
      '2 rows',
      'Signed by Sam on 8 Mar 2026, 03:00',
      2,
      'shown as Good',
    ],
    [
      2,
      1,
      ...own,
      started,
      null,
      null,
      0,
      0,
      null,
      null,
      null,
      false,
      null,
      "'=Bad",
      null,
      null,
      at('2026-11-01T01:30:00Z'),
      null,
      null,
      'N/A',
      null,
      null,
      null,
      0,
    ],
    // no answers: every field column empty but the photo count; no pass / fail answered
    [3, 1, ...own, started, null, null, 0, 0, null, ...new Array(14).fill(null), 0],
  ]);
});
