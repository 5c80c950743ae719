import { beforeAll, describe, expect, it } from 'vitest';
import { completeAnswers, sheetSceneApp } from '../../../test/fixtures/job-sheets';
import { createOrganisation, type OrganisationFixture } from '../../../test/harness';
import { processed, uploadPhoto } from '../job-sheets/photos/photos-testing';
import { sitePhoto } from '../job-sheets/photos/test-images';
import { download, finished, pdfPages, workbookOf } from './reports-testing';

const { test, scene } = sheetSceneApp('Reports Org');

let sheet: { id: string; number: number };
let otherSheet: { id: string; number: number };
let otherJobId: string;
let stranger: OrganisationFixture;
const FORMULA = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  const manager = scene.manager.orgApi;
  expect(
    (await manager.put(`/projects/${scene.projectId}`, { approvals_show_on_report: true })).status,
  ).toBe(200);
  // Inspector is never printed; Notes and Count are job items table columns
  await test.platform.db.query(
    `UPDATE form_fields SET pdf_report_visibility = 'NEVER' WHERE id = $1`,
    [scene.fields.inspector],
  );
  await test.platform.db.query(
    `UPDATE form_fields SET show_in_job_items_table = true WHERE id = ANY($1::text[])`,
    [[scene.fields.notes, scene.fields.count]],
  );
  const created = await scene.operative.orgApi.post('/job_sheets', {
    job_id: scene.jobId,
    form_id: scene.formId,
    field_values: [
      ...completeAnswers(scene),
      { form_field_id: scene.fields.count, value_number: 12.5 },
      { form_field_id: scene.fields.inspector, value_string: 'Secret Inspector' },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const values = created.body.data.field_values as Array<{ id: string; form_field_id: string }>;
  const photoValueId = values.find((value) => value.form_field_id === scene.fields.photo)!.id;
  const upload = await uploadPhoto(
    test,
    scene.org,
    scene.operative.token,
    { id: created.body.data.id, number: 0, photoValueId, textValueId: '' },
    { name: 'door.jpg', content: await sitePhoto(7, { width: 1600, height: 1200 }) },
  );
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  expect((await processed(scene.operative.orgApi, upload.body.data.id)).status).toBe('READY');
  const material = await scene.operative.orgApi.post('/job_sheet_materials', {
    job_sheet_id: created.body.data.id,
    material_name: 'Intumescent sealant',
    material_input_type_key: 'QUANTITY',
    quantity: 3,
  });
  expect(material.status, JSON.stringify(material.body)).toBe(201);
  const submitted = await scene.operative.orgApi.post(
    `/job_sheets/${created.body.data.id}/submit`,
    {
      operative_declaration_accepted: true,
    },
  );
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const approved = await scene.approver.orgApi.post(`/job_sheets/${created.body.data.id}/approve`, {
    declaration_accepted: true,
    comments: 'Looks right',
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  sheet = created.body.data;

  // a job and sheet of someone else: the operative never sees it
  otherJobId = (
    await manager.post('/jobs', { project_id: scene.projectId, form_ids: [scene.formId] })
  ).body.data.id;
  const other = await manager.post('/job_sheets', {
    job_id: otherJobId,
    form_id: scene.formId,
    field_values: [{ form_field_id: scene.fields.notes, value_string: FORMULA }],
  });
  expect(other.status, JSON.stringify(other.body)).toBe(201);
  otherSheet = other.body.data;
  stranger = await createOrganisation(test.app, 'Stranger Org');
});

describe('reports', () => {
  it('builds a job PDF: cover, summary, answers by visibility, photos, materials, approval trail, page numbers', async () => {
    const asked = await scene.manager.orgApi.post('/reports/build/job_pdf', {
      job_id: scene.jobId,
      photo_size: 'LARGE',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toMatchObject({
      kind: 'report-job-pdf',
      format: 'pdf',
      status: 'QUEUED',
      job_path: `/jobs/${scene.jobId}`,
      options: {
        job_id: scene.jobId,
        include_photos: true,
        photo_size: 'LARGE',
        include_approvals: true,
        one_sheet_per_page: true,
      },
      progress: { done: 0 },
    });
    expect(asked.body.build.id).toBe(asked.body.data.id);
    expect(asked.body.url).toMatch(/\/files\/builds\/.+\.pdf\?expires=/);
    const report = await finished(scene.manager.orgApi, asked.body.data.id);
    expect(report).toMatchObject({
      status: 'READY',
      exception: null,
      file: { content_type: 'application/pdf' },
    });
    const bytes = await download(test, asked.body.url);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const text = pages.join('\n');
    expect(pages[0]).toContain('Reports Org');
    expect(pages[0]).toContain('Riverside');
    expect(pages.every((page, index) => page.includes(`Page ${index + 1}`))).toBe(true);
    expect(text).toContain('Summary');
    expect(text).toContain(`#${sheet.number}`);
    expect(text).toContain('Hinges replaced');
    expect(text).toContain('12.5');
    expect(text).toContain('Signed by Olive Operative');
    expect(text).toContain('Intumescent sealant');
    expect(text).toContain('Quantity 3');
    expect(text).toContain('Approvals');
    expect(text).toContain('Supervisor');
    expect(text).toContain('Looks right');
    expect(text).toMatch(
      /Approved\s+Supervisor\s+OPERATIVE member\s+\d{1,2} \w{3} \d{4}, \d{2}:\d{2}\s+Looks right/,
    );
    expect(text).toContain('Submitted');
    // NEVER fields are left out; no ISO timestamps or raw enums for people
    expect(text).not.toContain('Secret Inspector');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(text).not.toContain('IN_PROGRESS');
    // the photo and the signature are embedded images
    expect(bytes.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('leaves photos and approvals out when asked, and approvals when the project does not show them', async () => {
    const asked = await scene.manager.orgApi.post('/reports/build/job_pdf', {
      job_id: scene.jobId,
      include_photos: false,
      include_approvals: false,
    });
    await finished(scene.manager.orgApi, asked.body.data.id);
    const bytes = await download(test, asked.body.url);
    const text = (await pdfPages(bytes)).join('\n');
    expect(text).not.toContain('Looks right');
    expect(bytes.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0).toBe(1); // the signature
  });

  it('builds a job sheets Excel file with typed cells, field columns, materials, formulas as text', async () => {
    const asked = await scene.manager.orgApi.post('/reports/build/job_sheets_excel', {
      filter: { project_id: scene.projectId },
      sort: 'number',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const report = await finished(scene.manager.orgApi, asked.body.data.id);
    expect(report.status).toBe('READY');
    const workbook = await workbookOf(await download(test, asked.body.url));
    const sheets = workbook.getWorksheet('Job sheets')!;
    const header = (sheets.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining(['Sheet', 'Status', 'Submitted', 'Notes', 'Count']),
    );
    expect(sheets.rowCount).toBe(3);
    const column = (name: string) => header.indexOf(name) + 1;
    const mine = sheets.getRow(2);
    expect(mine.getCell(column('Sheet')).value).toBe(sheet.number);
    // approved at the first of two stages: still submitted, waiting at the second
    expect(mine.getCell(column('Status')).value).toBe('Submitted');
    expect(mine.getCell(column('Submitted')).value).toBeInstanceOf(Date);
    expect(mine.getCell(column('Count')).value).toBe(12.5);
    expect(mine.getCell(column('Notes')).value).toBe('Hinges replaced');
    const theirs = sheets.getRow(3);
    expect(theirs.getCell(column('Sheet')).value).toBe(otherSheet.number);
    expect(theirs.getCell(column('Notes')).value).toBe(`'${FORMULA}`);
    expect(theirs.getCell(column('Notes')).formula).toBeUndefined();
    const materials = workbook.getWorksheet('Materials')!;
    expect((materials.getRow(2).values as unknown[]).slice(1, 5)).toEqual([
      sheet.number,
      'Intumescent sealant',
      'Quantity',
      3,
    ]);
  });

  it("limits a job's report to the named sheets of that job", async () => {
    const none = await scene.manager.orgApi.post('/reports/build/job_excel', {
      job_id: scene.jobId,
      job_sheet_ids: [otherSheet.id],
    });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    await finished(scene.manager.orgApi, none.body.data.id);
    const empty = await workbookOf(await download(test, none.body.url));
    expect(empty.getWorksheet('Job sheets')!.rowCount).toBe(1);
    const one = await scene.manager.orgApi.post('/reports/build/job_excel', {
      job_id: scene.jobId,
      job_sheet_ids: [sheet.id],
    });
    await finished(scene.manager.orgApi, one.body.data.id);
    const workbook = await workbookOf(await download(test, one.body.url));
    expect(workbook.getWorksheet('Job sheets')!.getRow(2).getCell(1).value).toBe(sheet.number);
  });

  it('builds the project job sheets report over a period, PDF or Excel', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const asked = await scene.manager.orgApi.post('/reports/build/project_job_sheets', {
      project_id: scene.projectId,
      format: 'xlsx',
      from: today,
      to: today,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toMatchObject({
      kind: 'report-project-job-sheets-excel',
      format: 'xlsx',
    });
    await finished(scene.manager.orgApi, asked.body.data.id);
    const workbook = await workbookOf(await download(test, asked.body.url));
    // only the submitted sheet falls in the period
    expect(workbook.getWorksheet('Job sheets')!.rowCount).toBe(2);
    const pdf = await scene.manager.orgApi.post('/reports/build/project_job_sheets', {
      project_id: scene.projectId,
      one_sheet_per_page: false,
    });
    await finished(scene.manager.orgApi, pdf.body.data.id);
    const text = (await pdfPages(await download(test, pdf.body.url))).join('\n');
    expect(text).toContain('All time');
    expect(text).toContain(`#${otherSheet.number}`);
  });

  it('holds only the sheets an operative sees, and lists only their own reports', async () => {
    const asked = await scene.operative.orgApi.post('/reports/build/job_sheets_excel', {});
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await finished(scene.operative.orgApi, asked.body.data.id);
    const workbook = await workbookOf(await download(test, asked.body.url));
    const numbers = workbook.getWorksheet('Job sheets')!.getColumn(1).values.slice(2);
    expect(numbers).toEqual([sheet.number]);
    // a job that is not theirs is not found
    const notTheirs = await scene.operative.orgApi.post('/reports/build/job_pdf', {
      job_id: otherJobId,
    });
    expect(notTheirs.status).toBe(404);
    const mine = (await scene.operative.orgApi.get('/reports')).body.data as Array<{
      user_id: string;
    }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((report) => report.user_id === scene.operative.userId)).toBe(true);
    const all = (await scene.manager.orgApi.get('/reports?page=all')).body.data as Array<{
      id: string;
      user_id: string;
    }>;
    expect(all.some((report) => report.user_id === scene.operative.userId)).toBe(true);
    // the manager's report is not the operative's to read
    const managers = all.find((report) => report.user_id === scene.manager.userId)!;
    expect((await scene.operative.orgApi.get(`/reports/${managers.id}`)).status).toBe(404);
  });

  it('refuses unknown keys and bad values with 422 naming each', async () => {
    const unknown = await scene.manager.orgApi.post('/reports/build/job_pdf', {
      job_id: scene.jobId,
      colour: 'red',
      pages: 2,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'colour',
      'pages',
    ]);
    const bad = await scene.manager.orgApi.post('/reports/build/job_pdf', {
      job_id: 'nope',
      photo_size: 'HUGE',
      include_photos: 'yes',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'include_photos',
      'job_id',
      'photo_size',
    ]);
    const period = await scene.manager.orgApi.post('/reports/build/project_job_sheets', {
      project_id: scene.projectId,
      from: '2026-02-01',
      to: '2026-01-01',
      format: 'docx',
    });
    expect(period.status).toBe(422);
    expect(period.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(
      expect.arrayContaining(['format']),
    );
    const badFilter = await scene.manager.orgApi.post('/reports/build/job_sheets_excel', {
      filter: { colour: 'red' },
    });
    expect(badFilter.status).toBe(400);
  });

  it('keeps reports to their organisation', async () => {
    const asked = await scene.manager.orgApi.post('/reports/build/job_excel', {
      job_id: scene.jobId,
    });
    const id = asked.body.data.id as string;
    await finished(scene.manager.orgApi, id);
    expect((await stranger.api.get(`/reports/${id}`)).status).toBe(404);
    expect((await stranger.api.delete(`/reports/${id}`)).status).toBe(404);
    expect((await stranger.api.get('/reports')).body.data).toEqual([]);
    expect(
      (await stranger.api.post('/reports/build/job_pdf', { job_id: scene.jobId })).status,
    ).toBe(404);
    expect(
      (
        await stranger.api.post('/reports/build/project_job_sheets', {
          project_id: scene.projectId,
        })
      ).status,
    ).toBe(404);
    // deleting a report removes it and its file
    expect((await scene.manager.orgApi.delete(`/reports/${id}`)).status).toBe(204);
    expect((await scene.manager.orgApi.get(`/reports/${id}`)).status).toBe(404);
  });

  it('exports job sheets as CSV beside the other exports', async () => {
    const asked = await scene.operative.orgApi.post('/exports/job_sheets_csv', {});
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await expect
      .poll(
        async () =>
          (await scene.operative.orgApi.get(`/builds/${asked.body.build.id}`)).body.data.status,
        {
          timeout: 30_000,
        },
      )
      .toBe('READY');
    const text = (await download(test, asked.body.url)).toString('utf8');
    const lines = text.trim().split('\n');
    expect(lines[0]).toContain('Number');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(String(sheet.number));
  });
});
