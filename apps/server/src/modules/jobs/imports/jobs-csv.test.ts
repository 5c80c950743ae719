import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, getFile, organisationApp } from '../../../../test/harness';
import { multipartBody, sendMultipart } from '../../people/people-testing';

const {
  test,
  org,
  members: { operative },
} = organisationApp('Job Imports Org', { members: { operative: 'OPERATIVE' } });
let projectId: string;
let formId: string;

beforeAll(async () => {
  projectId = (await org.api.post('/projects', { name: 'Tower', reference: 'TW-1' })).body.data.id;
  await org.api.post('/projects', { name: 'Twin' });
  await org.api.post('/projects', { name: 'Twin' });
  formId = (await org.api.post('/forms', { name: 'Fire door check' })).body.data.id;
  expect((await org.api.post(`/projects/${projectId}/forms`, { form_id: formId })).status).toBe(
    201,
  );
  await org.api.post(`/projects/${projectId}/job_attributes`, { name: 'PO', type: 'TEXT' });
  await org.api.post(`/projects/${projectId}/job_attributes`, { name: 'Floors', type: 'NUMBER' });
  await org.api.post(`/projects/${projectId}/job_attributes`, {
    name: 'Shift',
    type: 'SELECT',
    options: [{ name: 'Day' }, { name: 'Night' }],
  });
  await org.api.post('/sites', { name: 'Canal Wharf' });
});

const send = (path: string, csv: string, token = org.owner.token) =>
  sendMultipart(
    test,
    token,
    'POST',
    `/organisations/${org.id}/import_file/jobs_csv/${path}`,
    multipartBody({}, [{ field: 'file', name: 'jobs.csv', type: 'text/csv', content: csv }]),
  );

const jobCount = async () => (await org.api.get('/jobs')).body.meta.total as number;

const header = 'Reference,Project,Site,Operative,Date,Forms,Instructions,Attributes';
const good = () =>
  [
    header,
    `J-1,tw-1,Canal Wharf,${operative.email},2026-12-01,Fire door check,Gate 2,PO: 4471; Shift: Night; Floors: 3`,
    `J-2,Tower,,OPERATIVE member,,,,`,
  ].join('\n');

describe('jobs_csv', () => {
  it('summarises each row by the names it resolves, writing nothing', async () => {
    const response = await send('summary', good());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ create_count: 2, reject_count: 0 });
    expect(response.body.rows[0]).toMatchObject({
      row: 2,
      status: 'create',
      data: {
        reference: 'J-1',
        project_name: 'Tower',
        site_name: 'Canal Wharf',
        operative_name: 'OPERATIVE member',
        form_names: ['Fire door check'],
      },
    });
    expect(await jobCount()).toBe(0);
  });

  it('rejects rows naming what is not there, with the reason per column', async () => {
    const csv = [
      header,
      'A,Nowhere,,,,,,',
      'B,Twin,,,,,,',
      'C,Tower,Atlantis,ghost@example.com,2026-12-01,Unknown form,,Colour: red',
      'D,Tower,,,,,,Floors: many; Shift: Dusk',
      'E,,,,,,,',
      'F,Tower,,,2026-13-45,,,',
    ].join('\n');
    const response = await send('summary', csv);
    expect(response.body).toMatchObject({ create_count: 0, reject_count: 6 });
    const issues = (row: number) =>
      response.body.rows.find((r: { row: number }) => r.row === row).errors;
    expect(issues(2)).toEqual([{ field: 'project', message: 'No project "Nowhere".' }]);
    expect(issues(3)[0].message).toContain('matches 2 projects');
    expect(issues(4).map((issue: { field: string }) => issue.field)).toEqual([
      'site',
      'operative',
      'forms',
      'attributes',
    ]);
    expect(issues(5).map((issue: { message: string }) => issue.message)).toEqual([
      'Floors takes a number, not "many".',
      '"Dusk" is not an option of Shift.',
    ]);
    expect(issues(6)[0].field).toBe('project');
    expect(issues(7)).toEqual([
      { field: 'date', message: '"2026-13-45" is not a date (YYYY-MM-DD).' },
    ]);
  });

  it('imports every row or none', async () => {
    const refused = await send('import', `${good()}\nJ-3,Nowhere,,,,,,`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe('rows.4.project');
    expect(await jobCount()).toBe(0);

    const imported = await send('import', good());
    expect(imported.status).toBe(201);
    expect(imported.body.created).toBe(2);
    const job = (await org.api.get(`/jobs/${imported.body.ids[0]}`)).body.data;
    expect(job).toMatchObject({
      reference: 'J-1',
      project_id: projectId,
      operative_id: operative.userId,
      date: '2026-12-01',
      form_ids: [formId],
      instructions: 'Gate 2',
    });
    expect(
      job.attribute_values.map((v: Record<string, unknown>) => [
        v.name,
        v.value_string ?? v.value_number ?? v.value_option,
      ]),
    ).toEqual([
      ['PO', '4471'],
      ['Shift', 'Night'],
      ['Floors', 3],
    ]);
    const numbers = await Promise.all(
      imported.body.ids.map(
        async (id: string) => (await org.api.get(`/jobs/${id}`)).body.data.number,
      ),
    );
    expect(numbers[1]).toBe(numbers[0] + 1);
  });

  it('serves a template and refuses operatives', async () => {
    const template = await org.api.get('/import_file/jobs_csv/template_url');
    expect(template.status).toBe(200);
    const file = await getFile(test.app, template.body.url);
    expect(file.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(header);
    const member = await addMember(test, org, 'OPERATIVE');
    expect((await send('summary', good(), member.token)).status).toBe(403);
  });
});
