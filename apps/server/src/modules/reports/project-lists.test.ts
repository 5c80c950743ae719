import { beforeAll, describe, expect, it } from 'vitest';
import { organisationApp } from '../../../test/harness';
import { drawingGround } from '../locations/locations-testing';
import { download, finished, pdfPages, workbookOf } from './reports-testing';

const {
  test,
  org,
  other,
  members: { operative },
} = organisationApp('Project Lists Org', {
  other: 'Other Project Lists Org',
  members: { operative: 'OPERATIVE' },
});
let ground: Awaited<ReturnType<typeof drawingGround>>;
let statuses: Array<{ id: string; name: string; type: string }>;

const build = async (path: string, body: Record<string, unknown>, api = org.api) => {
  const reply = await api.post(`/reports/build/${path}`, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const report = await finished(api, reply.body.data.id as string);
  expect(report.status, JSON.stringify(report)).toBe('READY');
  return download(test, report.file!.url);
};

beforeAll(async () => {
  ground = await drawingGround(org.api);
  statuses = (await org.api.get(`/projects/${ground.projectId}/location_statuses`)).body.data;
  const floor = await org.api.post(`/projects/${ground.projectId}/location_attributes`, {
    name: 'Fire rating',
    type: 'SELECT',
    options: [{ name: '60 minutes' }, { name: '120 minutes' }],
  });
  expect(floor.status, JSON.stringify(floor.body)).toBe(201);
  const rating = floor.body.data as { id: string; options: Array<{ id: string; name: string }> };
  const specification = await org.api.post('/specifications', {
    project_id: ground.projectId,
    code: 'S1',
    name: 'Riser collar',
    price: 12_500,
    price_items: [
      { description: 'Collar', quantity: 3, price: 1_999 },
      { description: '=cmd|calc', quantity: 1, price: 100 },
    ],
  });
  expect(specification.status, JSON.stringify(specification.body)).toBe(201);
  const done = statuses.find((status) => status.type === 'COMPLETED')!;
  for (const [reference, status] of [
    ['Riser 1', done.id],
    ['Riser 2', undefined],
    ['=HYPERLINK("x")', undefined],
  ] as const) {
    const created = await org.api.post('/locations', {
      project_id: ground.projectId,
      level_id: ground.levelId,
      reference,
      specification_id: specification.body.data.id,
      attribute_values: [{ attribute_id: rating.id, value_option: rating.options[1]!.id }],
      ...(status ? { status_id: status } : {}),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
});

describe('POST /reports/build/project_locations', () => {
  it('builds a PDF of the project’s locations with statuses, places and attribute values', async () => {
    const pages = await pdfPages(
      await build('project_locations', { project_id: ground.projectId }),
    );
    const text = pages.join('\n');
    expect(text).toContain('Locations: Tower');
    expect(text).toContain('Riser 1');
    expect(text).toMatch(/Block A ·\s*Ground/);
    expect(text).toMatch(/Completed\s+1\s+Not started\s+2/);
    expect(text).toContain('S1 · Riser collar');
    expect(text).toContain('Fire rating: 120 minutes');
    expect(text).toContain('By status');
  });

  it('builds an Excel sheet of the locations a filter matches, formulas neutralised', async () => {
    const pending = statuses.find((status) => status.type === 'PENDING')!;
    const workbook = await workbookOf(
      await build(
        'project_locations',
        { project_id: ground.projectId, format: 'xlsx', filter: { status_id: pending.id } },
        operative.orgApi,
      ),
    );
    const sheet = workbook.getWorksheet('Locations')!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['No.', 'Reference', 'Status', 'Where', 'Fire rating']),
    );
    const references = [2, 3, 4].map((row) => sheet.getRow(row).getCell(2).value);
    expect(references).toEqual(['Riser 2', `'=HYPERLINK("x")`, null]);
    expect(sheet.getRow(2).getCell(3).value).toBe(pending.name);
    expect(sheet.getRow(2).getCell(10).value).toBe('120 minutes');
  });

  it('refuses a bad filter, another organisation’s project and an unknown key', async () => {
    const badFilter = await org.api.post('/reports/build/project_locations', {
      project_id: ground.projectId,
      filter: { colour: 'red' },
    });
    expect(badFilter.status).toBe(400);
    const theirs = await other.api.post('/reports/build/project_locations', {
      project_id: ground.projectId,
    });
    expect(theirs.status).toBe(404);
    const unknown = await org.api.post('/reports/build/project_locations', {
      project_id: ground.projectId,
      colour: 'red',
    });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body.errors)).toContain('colour');
  });
});

describe('POST /reports/build/project_specifications', () => {
  it('builds a PDF with each specification’s price and items', async () => {
    const text = (
      await pdfPages(await build('project_specifications', { project_id: ground.projectId }))
    ).join('\n');
    expect(text).toContain('Specifications: Tower');
    expect(text).toContain('S1 · Riser collar');
    expect(text).toContain('125.00');
    expect(text).toContain('Collar');
    expect(text).toContain('59.97');
  });

  it('builds a workbook of specifications and their price items as numbers', async () => {
    const workbook = await workbookOf(
      await build('project_specifications', { project_id: ground.projectId, format: 'xlsx' }),
    );
    const list = workbook.getWorksheet('Specifications')!;
    expect(list.getRow(2).values).toEqual(
      expect.arrayContaining(['S1', 'Riser collar', 125, 60.97, 3]),
    );
    const items = workbook.getWorksheet('Price items')!;
    expect(items.getRow(2).values).toEqual(
      expect.arrayContaining(['S1 · Riser collar', 'Collar', 3, 19.99, 59.97]),
    );
    expect(items.getRow(3).getCell(2).value).toBe("'=cmd|calc");
  });

  it('lists the builds among the organisation’s reports', async () => {
    const reports = await org.api.get('/reports');
    const kinds = (reports.body.data as Array<{ kind: string }>).map((report) => report.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'report-project-locations-pdf',
        'report-project-locations-excel',
        'report-project-specifications-pdf',
        'report-project-specifications-excel',
      ]),
    );
  });
});
